import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconApi } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { OrganizationCard } from '../../features/organizations/components/organization-card';
import { PlanCard } from '../../features/organizations/components/plan-card';
import { WorkspacesSection } from '../../features/workspaces/components/workspaces-section';
import { WorkspaceSettingsGate } from './workspace-settings-gate';

const TITLE = 'Workspace settings';

/** /workspace-settings/overview: organization, plan and seats, and the workspaces (admins, spec §2). */
export function WorkspaceOverviewPage() {
  return (
    <WorkspaceSettingsGate
      title={TITLE}
      refusal={{
        title: 'Only company admins can change workspace settings',
        description: (name) =>
          `Ask a company admin of ${name} to rename workspaces, change images or create new ones.`,
      }}
    >
      {(organization) => (
        <>
          <PageHeader
            title={TITLE}
            description={`The organization ${organization.organizationName}, its plan and its workspaces.`}
          />
          <Stack gap="lg">
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <OrganizationCard
                  // Starts over from the saved values after each save or switch.
                  key={`${organization.organizationId}|${organization.organizationName}|${organization.image ?? ''}`}
                  organizationName={organization.organizationName}
                  image={organization.image ?? null}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <PlanCard />
              </Grid.Col>
            </Grid>
            <WorkspacesSection />
            <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="api-link-title">
              <Group justify="space-between" gap="md">
                <Stack gap={2}>
                  <Title order={2} id="api-link-title">
                    API & webhooks
                  </Title>
                  <Text size="sm" c="dimmed">
                    API keys for other systems, webhook endpoints and their delivery logs, for the current
                    workspace.
                  </Text>
                </Stack>
                <Button
                  component={Link}
                  to={paths.workspaceSettings.api}
                  variant="default"
                  leftSection={<IconApi size={16} />}
                >
                  Manage API & webhooks
                </Button>
              </Group>
            </Paper>
          </Stack>
        </>
      )}
    </WorkspaceSettingsGate>
  );
}
