import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CopyIdentifier } from '../../../components/copy-identifier';
import classes from './public-api.module.css';

/** Where the API answers, written out for the people wiring another system to it. */
export function ApiEndpointsCard({ referenceHref, origin }: { referenceHref: string; origin: string }) {
  const rows = [
    { label: 'Base URL', value: `${origin}/api/v1/`, what: 'base URL' },
    { label: 'DCSA T&T 2.2 events', value: `${origin}/api/v1/dcsa/tnt/v2/events`, what: 'DCSA events URL' },
    { label: 'OpenAPI document', value: `${origin}/api/openapi.json`, what: 'OpenAPI URL' },
  ];
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="api-endpoints-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} id="api-endpoints-title">
            Connect
          </Title>
          <Anchor href={referenceHref} size="sm" fw={500}>
            Open the API reference
          </Anchor>
        </Group>
        {rows.map((row) => (
          <Group key={row.label} gap="xs" wrap="nowrap" align="center">
            <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
              {row.label}
            </Text>
            <Text className={classes.url} title={row.value}>
              {row.value}
            </Text>
            <CopyIdentifier value={row.value} what={row.what} />
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          Every request sends <span className={classes.mono}>Authorization: Bearer &lt;key&gt;</span>. Each
          key has its own budget of requests per minute; beyond it the answer is 429 with Retry-After.
        </Text>
      </Stack>
    </Paper>
  );
}
