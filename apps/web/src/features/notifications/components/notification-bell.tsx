import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Indicator,
  Popover,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { BELL_DROPDOWN_MAX_HEIGHT_PX } from '@tracklane/shared/constants';
import type { BellNotification } from '@tracklane/shared/notifications/notifications.schema';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotifications } from '../api/mark-notifications';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';

type BellTab = 'shipments' | 'invites' | 'comments';

interface NotificationBellProps {
  userId: string;
  timeZone: string;
  /** Pending workspace invitations and unread share invites: counted in the badge. */
  inviteCount: number;
  /** Where the INVITES tab's See All goes: the shared-history list of the current site type. */
  invitesSeeAll: string;
  /** The INVITES tab's list; the caller closes the bell through `close` when one is opened. */
  renderInvites: (close: () => void) => ReactNode;
  /** Opening a shipment notification (spec §4): mark it read, switch workspace if needed, open the shipment. */
  onOpenShipment: (notification: BellNotification) => void;
  /** Unread comment mentions: counted in the badge. */
  commentCount: number;
  /** The COMMENTS tab's list; the caller closes the bell through `close` when one is opened. */
  renderComments: (close: () => void) => ReactNode;
}

/** "99+" past two digits, so the badge stays a badge. */
const badgeLabel = (n: number) => (n > 99 ? '99+' : String(n));

const TABS: { value: BellTab; label: string }[] = [
  { value: 'shipments', label: 'SHIPMENTS' },
  { value: 'invites', label: 'INVITES' },
  { value: 'comments', label: 'COMMENTS' },
];

/** The tab the bell opens on: the first with unread items, SHIPMENTS when none has any. */
export function openingTab(unread: Record<BellTab, number>): BellTab {
  return TABS.find((t) => unread[t.value] > 0)?.value ?? 'shipments';
}

/**
 * The top bar's bell (spec §2): the unread count, and tabs SHIPMENTS, INVITES and COMMENTS with a See
 * All link to the notifications page for shipments and to the shared-history list for invites (none
 * for comments), in a dropdown at most 400 px high.
 */
export function NotificationBell({
  userId,
  timeZone,
  inviteCount,
  invitesSeeAll,
  renderInvites,
  onOpenShipment,
  commentCount,
  renderComments,
}: NotificationBellProps) {
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<BellTab>('shipments');
  const page = useNotifications({ userId, pageNo: 1 });
  const mark = useMarkNotifications();
  const unread = page.data?.unreadNumber ?? 0;
  const count = unread + inviteCount + commentCount;
  const unreadByTab: Record<BellTab, number> = {
    shipments: unread,
    invites: inviteCount,
    comments: commentCount,
  };
  const close = () => setOpened(false);
  const toggle = () => {
    if (!opened) setTab(openingTab(unreadByTab));
    setOpened(!opened);
  };

  const label = count ? `Notifications, ${String(count)} unread` : 'Notifications';
  const seeAll = tab === 'shipments' ? paths.notifications : tab === 'invites' ? invitesSeeAll : null;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      offset={6}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Indicator
          label={badgeLabel(count)}
          size={18}
          color="red"
          offset={4}
          disabled={count === 0}
          className={classes.bellTarget}
          data-testid="bell-badge"
          data-count={count}
        >
          <Tooltip label="Notifications" disabled={opened}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              aria-expanded={opened}
              aria-haspopup="dialog"
              onClick={toggle}
              data-testid="notification-bell"
            >
              <IconBell size={20} stroke={1.75} />
            </ActionIcon>
          </Tooltip>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown
        className={classes.dropdown}
        style={{ maxHeight: BELL_DROPDOWN_MAX_HEIGHT_PX }}
        aria-label="Notifications"
        role="dialog"
        data-testid="notification-dropdown"
      >
        <Tabs
          value={tab}
          onChange={(value) => setTab((value as BellTab | null) ?? 'shipments')}
          style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
        >
          <Tabs.List className={classes.tabList} grow>
            {TABS.map(({ value, label }) => {
              const n = unreadByTab[value];
              return (
                <Tabs.Tab
                  key={value}
                  value={value}
                  aria-label={n ? `${label}, ${String(n)} unread` : label}
                  rightSection={
                    n ? (
                      <Badge size="xs" color="red" circle aria-hidden data-testid={`bell-tab-count-${value}`}>
                        {badgeLabel(n)}
                      </Badge>
                    ) : null
                  }
                >
                  {label}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Tabs.Panel value="shipments" className={classes.tabPanel}>
            {page.isPending ? (
              <Stack gap={8} p={6} aria-label="Loading notifications">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} height={48} radius="md" />
                ))}
              </Stack>
            ) : page.isError ? (
              <Stack gap="xs" align="center" className={classes.empty}>
                <Text size="sm">Could not load your notifications.</Text>
                <Button size="xs" variant="default" onClick={() => void page.refetch()}>
                  Try again
                </Button>
              </Stack>
            ) : page.data.notifications.length === 0 ? (
              <Text size="sm" c="dimmed" className={classes.empty}>
                No notifications yet. When a shipment you follow reaches a milestone, changes its ETA or runs
                into trouble, it shows up here.
              </Text>
            ) : (
              <div className={classes.list}>
                {page.data.notifications.map((n) => (
                  <NotificationItem
                    key={n.id}
                    notification={n}
                    timeZone={timeZone}
                    onOpen={(opened) => {
                      close();
                      onOpenShipment(opened);
                    }}
                  />
                ))}
              </div>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="invites" className={classes.tabPanel}>
            {renderInvites(close)}
          </Tabs.Panel>
          <Tabs.Panel value="comments" className={classes.tabPanel}>
            {renderComments(close)}
          </Tabs.Panel>
        </Tabs>
        {seeAll || (tab === 'shipments' && unread > 0) ? (
          <div className={classes.footer}>
            {tab === 'shipments' && unread > 0 ? (
              <Button
                size="compact-sm"
                variant="subtle"
                loading={mark.isPending}
                onClick={() => mark.mutate({ userId, isRead: true, all: true })}
              >
                Mark all read
              </Button>
            ) : (
              <span />
            )}
            {seeAll ? (
              <Anchor component={Link} to={seeAll} size="sm" fw={600} onClick={close}>
                See All
              </Anchor>
            ) : null}
          </div>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
