import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { PendingInvitationsSection } from '../../features/invitations/components/pending-invitations-section';
import { useOrganizationMembers } from '../../features/members/api/get-organization-members';
import type { UpdatePermissionsResult } from '../../features/members/api/update-permissions';
import { MembersTable } from '../../features/members/components/members-table';
import { useOverview } from '../../features/organizations/api/get-overview';
import { SeatsMeter } from '../../features/organizations/components/seats-usage';
import { useOrganizationWorkspaces } from '../../features/workspaces/api/list-organization-workspaces';
import { useReselectCurrent } from '../../features/workspaces/hooks/use-reselect-current';
import type { CurrentOrganization } from '../../features/workspaces/stores/workspace-store';
import { errorMessage } from '../../lib/api-client';
import { browserTimeZone } from '../../lib/dates';
import { InvitePeopleDialog } from '../lazy-dialogs';
import { WorkspaceSettingsGate } from './workspace-settings-gate';

const TITLE = 'Members';

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title="Could not load the members"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error, 'Something went wrong.')}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

function ManageMembers({ organization }: { organization: CurrentOrganization }) {
  const members = useOrganizationMembers();
  const workspaces = useOrganizationWorkspaces();
  const overview = useOverview();
  const reselect = useReselectCurrent();
  const timeZone = useAuthStore((state) => state.user?.timeZone) ?? browserTimeZone();
  const [inviteOpened, invite] = useDisclosure(false);

  const onSaved = async (result: UpdatePermissionsResult) => {
    if (!result.you) return;
    // spec §4: the acting user's own permissions changed, so organization and workspace are re-selected.
    try {
      await reselect();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not refresh your workspace',
        message: errorMessage(error, 'Reload the page to see your new permissions.'),
      });
    }
  };

  const failed = members.isError ? members : workspaces.isError ? workspaces : null;

  return (
    <>
      <PageHeader
        title={TITLE}
        description={`Everyone in ${organization.organizationName}: role, shipment access and workspaces.`}
        actions={overview.data ? <SeatsMeter overview={overview.data} /> : null}
      />
      <Stack gap="lg">
        {failed ? (
          <LoadFailed error={failed.error} onRetry={() => void failed.refetch()} />
        ) : !members.data || !workspaces.data ? (
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md" aria-busy="true" aria-label="Loading members">
              {[0, 1, 2, 3].map((n) => (
                <Skeleton key={n} height={34} radius="md" />
              ))}
            </Stack>
          </Paper>
        ) : (
          <Paper withBorder radius="lg" component="section" aria-label="Organization members">
            <MembersTable
              members={members.data}
              workspaces={workspaces.data}
              organizationName={organization.organizationName}
              onSaved={onSaved}
            />
          </Paper>
        )}
        <PendingInvitationsSection timeZone={timeZone} onInvite={invite.open} />
      </Stack>
      <InvitePeopleDialog opened={inviteOpened} onClose={invite.close} />
    </>
  );
}

/** /workspace-settings/members: company admins manage the organization's members (spec §2, §6). */
export function WorkspaceMembersPage() {
  return (
    <WorkspaceSettingsGate
      title={TITLE}
      refusal={{
        title: 'Only company admins can manage members',
        description: (name) =>
          `Ask a company admin of ${name} to change roles, shipment access or workspaces. To see who is in your workspace, open View Members from the workspace menu.`,
      }}
    >
      {(organization) => <ManageMembers organization={organization} />}
    </WorkspaceSettingsGate>
  );
}
