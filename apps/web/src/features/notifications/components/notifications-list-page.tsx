import {
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { IconBellOff, IconChecks, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { NOTIFICATION_PAGE_SIZE } from '@tracklane/shared/constants';
import type { BellNotification } from '@tracklane/shared/notifications/notifications.schema';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotifications } from '../api/mark-notifications';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';

type ReadFilter = 'all' | 'unread' | 'read';
const IS_READ: Record<ReadFilter, boolean | undefined> = { all: undefined, unread: false, read: true };

interface NotificationsListPageProps {
  userId: string;
  timeZone: string;
  onOpenShipment: (notification: BellNotification) => void;
}

/**
 * /notifications/all (spec §2): every shipment notification, 10 a page, with search over container,
 * bill of lading and order numbers, a read/unread filter and mark all read.
 */
export function NotificationsListPage({ userId, timeZone, onOpenShipment }: NotificationsListPageProps) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim().toUpperCase(), 300);
  const [readFilter, setReadFilter] = useState<ReadFilter>('all');
  const [pageNo, setPageNo] = useState(1);
  const page = useNotifications({
    userId,
    pageNo,
    isRead: IS_READ[readFilter],
    searchTerm: term || undefined,
  });
  const mark = useMarkNotifications();
  const filtered = term !== '' || readFilter !== 'all';
  const pages = Math.max(1, Math.ceil((page.data?.totalNumber ?? 0) / NOTIFICATION_PAGE_SIZE));
  const unread = page.data?.unreadNumber ?? 0;

  const markAll = () =>
    mark.mutate(
      { userId, isRead: true, all: true },
      {
        onSuccess: ({ updated }) =>
          toasts.show({ color: 'teal', message: `Marked ${String(updated)} notification(s) as read` }),
        onError: (error) =>
          toasts.show({
            color: 'red',
            title: 'Could not mark them read',
            message: errorMessage(error),
          }),
      },
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title="All notifications"
        description={
          page.data
            ? `${String(unread)} unread. Changes to the shipments you follow, in every workspace.`
            : 'Changes to the shipments you follow, in every workspace.'
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconChecks size={16} />}
            onClick={markAll}
            loading={mark.isPending}
            disabled={unread === 0}
          >
            Mark all as read
          </Button>
        }
      />
      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          label="Search"
          placeholder="Container, B/L or order number"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPageNo(1);
          }}
          maxLength={100}
        />
        <SegmentedControl
          aria-label="Show"
          value={readFilter}
          onChange={(value) => {
            setReadFilter(value);
            setPageNo(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: 'Unread' },
            { value: 'read', label: 'Read' },
          ]}
        />
      </div>
      <Card withBorder padding={6} radius="md">
        {page.isPending ? (
          <Stack gap={6} aria-label="Loading notifications">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={64} radius="md" />
            ))}
          </Stack>
        ) : page.isError ? (
          <QueryErrorAlert
            title="Could not load your notifications"
            error={page.error}
            onRetry={() => void page.refetch()}
          />
        ) : page.data.notifications.length === 0 ? (
          filtered ? (
            <EmptyState
              py={48}
              variant="light"
              color="gray"
              icon={<IconFilterOff size={26} stroke={1.75} />}
              title="No notifications match"
              description="Try another number, or show all notifications."
              data-testid="notifications-empty-filtered"
            >
              <EmptyState.Actions>
                <Button
                  variant="default"
                  onClick={() => {
                    setSearch('');
                    setReadFilter('all');
                    setPageNo(1);
                  }}
                >
                  Clear the filters
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <EmptyState
              py={48}
              variant="light"
              color="gray"
              icon={<IconBellOff size={26} stroke={1.75} />}
              title="No notifications yet"
              description="When a shipment you follow reaches a milestone, changes its ETA, is rolled or runs into trouble, you hear of it here (and by e-mail, as your settings say)."
              data-testid="notifications-empty"
            >
              <EmptyState.Actions>
                <Button component={Link} to={paths.newShipments.create}>
                  Track a shipment
                </Button>
                <Button component={Link} to={paths.settings.notification} variant="default">
                  Notification settings
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          )
        ) : (
          <div className={classes.list} aria-busy={page.isPlaceholderData}>
            {page.data.notifications.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                timeZone={timeZone}
                onOpen={onOpenShipment}
                showWorkspaces
              />
            ))}
          </div>
        )}
      </Card>
      {page.data && page.data.totalNumber > NOTIFICATION_PAGE_SIZE ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {page.data.totalNumber} notifications
          </Text>
          <Pagination total={pages} value={pageNo} onChange={setPageNo} size="sm" siblings={0} />
        </Group>
      ) : null}
    </Stack>
  );
}
