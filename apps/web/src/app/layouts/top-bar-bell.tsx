import type { WorkspaceInvitation } from '@tracklane/shared/invitations/invitations.schema';
import { useState } from 'react';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { useMyInvitations } from '../../features/invitations/api/list-my-invitations';
import { InvitationBellList } from '../../features/invitations/components/invitation-bell-list';
import { WorkspaceInviteModal } from '../../features/invitations/components/workspace-invite-modal';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useReaderTimeZone } from '../pages/use-shipment-access';
import { useOpenNotification } from '../use-open-notification';

/** The bell with its INVITES tab and the opening of a shipment notification, composed for the top bar. */
export function TopBarBell() {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const timeZone = useReaderTimeZone();
  const invitations = useMyInvitations();
  const openNotification = useOpenNotification();
  const [opened, setOpened] = useState<WorkspaceInvitation | null>(null);
  // Kept while the dialog plays its closing transition, so its text does not change under the user.
  const [shown, setShown] = useState<WorkspaceInvitation | null>(null);
  if (!userId) return null;
  return (
    <>
      <NotificationBell
        userId={userId}
        timeZone={timeZone}
        inviteCount={invitations.data?.length ?? 0}
        renderInvites={(close) => (
          <InvitationBellList
            onOpen={(invitation) => {
              close();
              setOpened(invitation);
              setShown(invitation);
            }}
          />
        )}
        onOpenShipment={(notification) => void openNotification(notification)}
      />
      <WorkspaceInviteModal invitation={shown} opened={opened !== null} onClose={() => setOpened(null)} />
    </>
  );
}
