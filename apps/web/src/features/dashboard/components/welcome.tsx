import { Button, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { MODE_LIST } from '../../../modes/registry';

/** Words as a sentence lists them: "a", "a and b", "a, b and c". */
function inWords(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
}

/**
 * Home for a workspace that follows nothing yet (spec §1): what Tracklane does and the first step,
 * in the words of the registered modes.
 * The first-step buttons carry `data-tutorial` anchors for the tutorial, which comes in its own issue.
 */
export function Welcome({ canCreate }: { canCreate: boolean }) {
  const modes = MODE_LIST;
  return (
    <>
      <PageHeader title="Welcome to Tracklane" />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760} data-testid="welcome">
        <Title order={2} size="h3" mb="xs">
          Every {inWords(modes.map((mode) => mode.welcome.thing))} in one place
        </Title>
        <Text c="dimmed" mb="md">
          Tracklane follows your {inWords(modes.map((mode) => mode.welcome.things))} with the carriers for
          you: where each one is, when it arrives, and what needs a look —{' '}
          {modes.flatMap((mode) => mode.welcome.needsALook).join(', ')}.
        </Text>
        <List spacing="xs" size="sm" mb="lg" center>
          {modes.map((mode) => (
            <List.Item
              key={mode.mode}
              icon={
                <ThemeIcon size={22} radius="xl" variant="light">
                  <mode.welcome.Icon size={14} />
                </ThemeIcon>
              }
            >
              {mode.welcome.line}
            </List.Item>
          ))}
          <List.Item
            icon={
              <ThemeIcon size={22} radius="xl" variant="light">
                <IconClipboardList size={14} />
              </ThemeIcon>
            }
          >
            Many at once: paste them from a spreadsheet or upload a CSV on{' '}
            {modes.length === 2 ? 'either' : 'each'} page.
          </List.Item>
        </List>
        {canCreate ? (
          <>
            <Text fw={600} size="sm" mb="xs">
              Start here
            </Text>
            <Group gap="sm" w="fit-content" data-tutorial="first-step">
              {modes.map((mode, index) => (
                <Button
                  key={mode.mode}
                  component={Link}
                  to={mode.paths.newShipment}
                  // The first mode's is the first step; the others are there beside it.
                  variant={index === 0 ? undefined : 'default'}
                  leftSection={<mode.welcome.Icon size={16} />}
                >
                  {mode.dashboard.addLabel}
                </Button>
              ))}
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Nothing is followed in this workspace yet. Ask a company admin to add shipments, or for create
            access.
          </Text>
        )}
      </Paper>
    </>
  );
}
