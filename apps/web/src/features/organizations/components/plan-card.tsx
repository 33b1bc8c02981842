import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-client';
import { useOverview } from '../api/get-overview';
import { SeatsUsage } from './seats-usage';

const countText = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

/** Plan, seats and the organization's size, for the overview page. */
export function PlanCard() {
  const overview = useOverview();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="plan-title">
      <Stack gap="lg">
        <Title order={2} id="plan-title">
          Plan and seats
        </Title>
        {overview.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading plan and seats">
            <Skeleton height={14} width="40%" />
            <Skeleton height={10} radius="xl" />
            <Skeleton height={12} width="60%" />
          </Stack>
        ) : overview.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Could not load the plan"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {isApiError(overview.error) ? overview.error.message : 'Something went wrong.'}
              </Text>
              <Button size="xs" variant="default" onClick={() => void overview.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="md">
            <SeatsUsage overview={overview.data} />
            <Text size="sm" c="dimmed">
              {countText(overview.data.memberCount, 'member', 'members')} in{' '}
              {countText(overview.data.workspaceCount, 'workspace', 'workspaces')}.
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
