import { Avatar, Tooltip, UnstyledButton } from '@mantine/core';
import type { WorkspaceInvitation } from '@tracklane/shared/invitations/invitations.schema';
import { useState } from 'react';
import { nameInitials } from '../../../components/entity-avatar';
import { useMyInvitations } from '../api/list-my-invitations';
import classes from './invitation-rail-list.module.css';
import { WorkspaceInviteModal } from './workspace-invite-modal';

export const invitationLabel = (
  invitation: Pick<WorkspaceInvitation, 'workspaceName' | 'organizationName'>,
) => `Invitation to ${invitation.workspaceName} from ${invitation.organizationName}`;

/**
 * The left rail's icons for the user's pending workspace invitations, each with a red dot (spec §2),
 * below the workspace groups. A click opens the Workspace Invite dialog. Nothing shows while loading,
 * after a failure or without invitations: the rail stays as it was.
 */
export function InvitationRailList() {
  const invitations = useMyInvitations();
  const [opened, setOpened] = useState<WorkspaceInvitation | null>(null);
  // Kept while the dialog plays its closing transition, so its text does not change under the user.
  const [shown, setShown] = useState<WorkspaceInvitation | null>(null);

  const list = invitations.data ?? [];

  return (
    <>
      {list.length > 0 ? (
        <div className={classes.list} data-testid="rail-invitations">
          {list.map((invitation) => (
            <Tooltip
              key={invitation.memberId}
              position="right"
              label={
                <>
                  <strong>Invitation to {invitation.workspaceName}</strong>
                  <span className={classes.tooltipDetail}>from {invitation.organizationName}</span>
                </>
              }
            >
              <UnstyledButton
                className={classes.button}
                onClick={() => {
                  setOpened(invitation);
                  setShown(invitation);
                }}
                aria-label={invitationLabel(invitation)}
                aria-haspopup="dialog"
                data-testid="rail-invitation"
              >
                <Avatar
                  src={invitation.workspaceImage}
                  alt=""
                  size={40}
                  radius={12}
                  classNames={{ root: classes.avatar, placeholder: classes.placeholder }}
                >
                  {nameInitials(invitation.workspaceName)}
                </Avatar>
                <span className={classes.dot} aria-hidden="true" data-testid="invitation-dot" />
              </UnstyledButton>
            </Tooltip>
          ))}
        </div>
      ) : null}
      <WorkspaceInviteModal invitation={shown} opened={opened !== null} onClose={() => setOpened(null)} />
    </>
  );
}
