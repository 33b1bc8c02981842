import { lazyDialog } from './lazy-page';

// Dialogs that pages and the top bar offer but few visits open: each loads when first opened.
export const ShareDialog = lazyDialog(() =>
  import('../features/sharing/components/share-dialog').then((m) => m.ShareDialog),
);
export const InvitePeopleDialog = lazyDialog(() =>
  import('./invite-people-dialog').then((m) => m.InvitePeopleDialog),
);
export const ViewMembersModal = lazyDialog(() =>
  import('../features/members/components/view-members-modal').then((m) => m.ViewMembersModal),
);
export const LeaveWorkspaceModal = lazyDialog(() =>
  import('../features/workspaces/components/leave-workspace-modal').then((m) => m.LeaveWorkspaceModal),
);

// Tests render them at once, as if downloaded (Vitest's mode; a build drops this line).
if (import.meta.env.MODE === 'test')
  await Promise.all(
    [ShareDialog, InvitePeopleDialog, ViewMembersModal, LeaveWorkspaceModal].map((dialog) =>
      dialog.preload(),
    ),
  );
