import { Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import type { InviteNotification } from '@tracklane/shared/sharing/sharing.schema';
import { formatDate } from '../../../lib/dates';
import classes from '../../../components/bell-list.module.css';
import { MODES } from '../../../modes/registry';

interface ShareInviteBellListProps {
  invites: InviteNotification[];
  timeZone: string;
  /** Opens the shared shipment (which reads the invite). */
  onOpen: (invite: InviteNotification) => void;
}

/** Share invites in the bell's INVITES tab (spec §3 Invite notification): who shared which shipment, when. */
export function ShareInviteBellList({ invites, timeZone, onOpen }: ShareInviteBellListProps) {
  return (
    <div className={classes.list}>
      {invites.map((invite) => (
        <UnstyledButton
          key={invite.id}
          className={classes.item}
          data-unread={!invite.isRead || undefined}
          onClick={() => onOpen(invite)}
          data-testid="bell-share-invite"
        >
          <ThemeIcon variant="light" color="ocean" radius="xl" size={32} aria-hidden>
            <IconShare size={16} stroke={1.75} />
          </ThemeIcon>
          <span className={classes.body}>
            <Text size="sm" fw={invite.isRead ? 400 : 600} component="span">
              {invite.name} shared{' '}
              <Text span ff="monospace" size="sm" fw="inherit">
                {invite.number}
              </Text>{' '}
              with you
            </Text>
            <Text size="xs" c="dimmed" component="span">
              {MODES[invite.shipmentType].label} shipment · {formatDate(invite.sharedAt, timeZone)}
              {invite.isRead ? '' : ' · New'}
            </Text>
          </span>
        </UnstyledButton>
      ))}
    </div>
  );
}
