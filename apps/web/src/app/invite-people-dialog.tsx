import { useAuthStore } from '../features/auth/stores/auth-store';
import { InvitePeopleModal } from '../features/invitations/components/invite-people-modal';
import { useOverview } from '../features/organizations/api/get-overview';
import { useOrganizationWorkspaces } from '../features/workspaces/api/list-organization-workspaces';
import { useWorkspaceStore } from '../features/workspaces/stores/workspace-store';

interface InvitePeopleDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Invite People (spec §2, §5) with what it needs from the other features: the signed-in user's
 * address, the seats of the overview, the organization's workspaces and the current one. Loaded only
 * while the dialog is open.
 */
export function InvitePeopleDialog({ opened, onClose }: InvitePeopleDialogProps) {
  const ownEmail = useAuthStore((state) => state.user?.email ?? '');
  const organizationName = useWorkspaceStore((state) => state.currentOrganization?.organizationName ?? '');
  const currentWorkspace = useWorkspaceStore((state) => state.currentWorkspace);
  const overview = useOverview({ enabled: opened });
  const workspaces = useOrganizationWorkspaces({ enabled: opened });

  return (
    <InvitePeopleModal
      opened={opened}
      onClose={onClose}
      organizationName={organizationName}
      ownEmail={ownEmail}
      seats={
        overview.data
          ? { memberUsage: overview.data.memberUsage, memberLimit: overview.data.memberLimit }
          : null
      }
      workspaces={workspaces.data}
      currentWorkspace={
        currentWorkspace ? { workspaceId: currentWorkspace.workspaceId, name: currentWorkspace.name } : null
      }
    />
  );
}
