import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useOverview } from '../../features/organizations/api/get-overview';
import type { WorkspaceCount } from '../../features/workspaces/components/leave-workspace-modal';
import { WorkspaceMenu, type LeaveTarget } from '../../features/workspaces/components/workspace-menu';
import { useWorkspaceStore } from '../../features/workspaces/stores/workspace-store';
import { InvitePeopleDialog, LeaveWorkspaceModal, ViewMembersModal } from '../lazy-dialogs';

/**
 * The top bar's workspace dropdown with the dialogs it opens: Invite People for company admins, View
 * Members for general users and Leave Workspace for everyone (spec §2). Whether leaving also leaves
 * the organization depends on its workspace count, which the overview gives to every member.
 */
export function TopBarWorkspaceMenu() {
  const [membersOpened, members] = useDisclosure(false);
  const [leaveOpened, leave] = useDisclosure(false);
  const [inviteOpened, invite] = useDisclosure(false);
  const [leaveTarget, setLeaveTarget] = useState<LeaveTarget | null>(null);
  const workspaceName = useWorkspaceStore((state) => state.currentWorkspace?.name ?? '');
  const overview = useOverview({ enabled: leaveOpened });

  const workspaceCount: WorkspaceCount = overview.isSuccess
    ? { status: 'known', count: overview.data.workspaceCount }
    : overview.isError
      ? { status: 'unknown' }
      : { status: 'loading' };

  return (
    <>
      <WorkspaceMenu
        onViewMembers={members.open}
        onInvitePeople={invite.open}
        onLeaveWorkspace={(target) => {
          setLeaveTarget(target);
          leave.open();
        }}
      />
      <ViewMembersModal opened={membersOpened} onClose={members.close} workspaceName={workspaceName} />
      <InvitePeopleDialog opened={inviteOpened} onClose={invite.close} />
      <LeaveWorkspaceModal
        target={leaveTarget}
        opened={leaveOpened}
        onClose={leave.close}
        workspaceCount={workspaceCount}
      />
    </>
  );
}
