import { Button, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { MODE_LIST } from '../../../modes/registry';

/**
 * Home for a workspace that follows nothing yet (spec §1): what Tracklane does and the first step.
 * The first-step buttons carry `data-tutorial` anchors for the tutorial, which comes in its own issue.
 */
export function Welcome({ canCreate }: { canCreate: boolean }) {
  return (
    <>
      <PageHeader title="Welcome to Tracklane" />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760} data-testid="welcome">
        <Title order={2} size="h3" mb="xs">
          Every container and parcel in one place
        </Title>
        <Text c="dimmed" mb="md">
          Tracklane follows your ocean containers and express parcels with the carriers for you: where each
          one is, when it arrives, and what needs a look — a last free day coming up, an ETA that slipped, a
          failed delivery.
        </Text>
        <List spacing="xs" size="sm" mb="lg" center>
          {MODE_LIST.map((mode) => (
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
            Many at once: paste them from a spreadsheet or upload a CSV on either page.
          </List.Item>
        </List>
        {canCreate ? (
          <>
            <Text fw={600} size="sm" mb="xs">
              Start here
            </Text>
            <Group gap="sm" w="fit-content" data-tutorial="first-step">
              {MODE_LIST.map((mode, index) => (
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
