import { Button, Stack, Text } from '@mantine/core';
import type { WorkspaceInvitation } from '@tracklane/shared/invitations/invitations.schema';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import {
  CommentMentionList,
  useUnreadMentionCount,
} from '../../features/comments/components/comment-mention-list';
import { useMyInvitations } from '../../features/invitations/api/list-my-invitations';
import { InvitationBellList } from '../../features/invitations/components/invitation-bell-list';
import { WorkspaceInviteModal } from '../../features/invitations/components/workspace-invite-modal';
import { MODES } from '../../modes/registry';
import { useSiteType } from '../../features/navigation/hooks/use-site-type';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useInviteNotifications } from '../../features/sharing/api/list-invite-notifications';
import { FirstUnreadInviteNotice } from '../../features/sharing/components/first-unread-invite-notice';
import { ShareInviteBellList } from '../../features/sharing/components/share-invite-bell-list';
import { useReaderTimeZone } from '../pages/use-shipment-access';
import { useOpenCommentMention } from '../use-open-comment-mention';
import { useOpenNotification } from '../use-open-notification';

/**
 * The bell composed for the top bar: its INVITES tab lists shipments shared with the user (spec §3
 * Invite notification) and workspace invitations, See All going to the shared history (spec §2); its
 * COMMENTS tab the user's comment mentions. Opening a shipment notification or a mention goes to the
 * shipment. The first unread share invite greets the user once after sign-in.
 */
export function TopBarBell() {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const timeZone = useReaderTimeZone();
  const { siteType } = useSiteType();
  const navigate = useNavigate();
  const invitations = useMyInvitations();
  const shares = useInviteNotifications(userId !== null);
  const openNotification = useOpenNotification();
  const openMention = useOpenCommentMention();
  const commentCount = useUnreadMentionCount();
  const [opened, setOpened] = useState<WorkspaceInvitation | null>(null);
  // Kept while the dialog plays its closing transition, so its text does not change under the user.
  const [shown, setShown] = useState<WorkspaceInvitation | null>(null);
  if (!userId) return null;
  const shareInvites = shares.data?.notifications ?? [];
  return (
    <>
      <NotificationBell
        userId={userId}
        timeZone={timeZone}
        inviteCount={(invitations.data?.length ?? 0) + (shares.data?.unreadNumber ?? 0)}
        invitesSeeAll={paths.shipmentHistory.shared(siteType)}
        renderInvites={(close) => (
          <>
            {shares.isError ? (
              <Stack gap="xs" align="center" p="sm">
                <Text size="sm">Could not load shipments shared with you.</Text>
                <Button size="xs" variant="default" onClick={() => void shares.refetch()}>
                  Try again
                </Button>
              </Stack>
            ) : null}
            {shareInvites.length ? (
              <ShareInviteBellList
                invites={shareInvites}
                timeZone={timeZone}
                onOpen={(invite) => {
                  close();
                  void navigate(
                    paths.shipmentHistory.sharedDetails(
                      MODES[invite.shipmentType].siteType,
                      invite.overallId,
                    ),
                  );
                }}
              />
            ) : null}
            <InvitationBellList
              hideWhenEmpty={shareInvites.length > 0}
              onOpen={(invitation) => {
                close();
                setOpened(invitation);
                setShown(invitation);
              }}
            />
          </>
        )}
        onOpenShipment={(notification) => void openNotification(notification)}
        commentCount={commentCount}
        renderComments={(close) => (
          <CommentMentionList
            timeZone={timeZone}
            onOpen={(mention) => {
              close();
              void openMention(mention);
            }}
          />
        )}
      />
      <WorkspaceInviteModal invitation={shown} opened={opened !== null} onClose={() => setOpened(null)} />
      <FirstUnreadInviteNotice timeZone={timeZone} />
    </>
  );
}
