import { Anchor, Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHistory, IconRefresh } from '@tabler/icons-react';
import type { TrackingHistoryRow } from '@tracklane/shared/sharing/sharing.schema';
import { Link } from 'react-router';
import { CopyIdentifier } from '../../../components/copy-identifier';
import type { SiteType } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { modeOfSiteType } from '../../../modes/registry';
import { useTrackingHistory } from '../api/list-tracking-history';
import { useRetrackShipments } from '../api/retrack-shipments';
import { statusText } from '../utils/labels';
import { HistoryList, historySearchPlaceholder, useHistoryPaging } from './history-list';
import classes from './history-list.module.css';

interface TrackingHistoryListProps {
  type: SiteType;
  timeZone: string;
  /** shipmentPermission 0: re-track shows. */
  canChange: boolean;
}

/**
 * Every shipment the workspace ever added, archived ones included, with who added it and when;
 * searchable and paged, with one-click re-track of an archived one.
 */
export function TrackingHistoryList({ type, timeZone, canChange }: TrackingHistoryListProps) {
  const { search, pageNo, setPageNo, onSearchChange } = useHistoryPaging();
  const { history } = modeOfSiteType(type);
  const page = useTrackingHistory({ type, pageNo, search });
  const retrack = useRetrackShipments();

  const retrackOne = (row: TrackingHistoryRow) =>
    retrack.mutate(
      { type, shipmentIds: [row.shipmentId] },
      {
        onSuccess: (result) =>
          notifications.show({
            color: result.retracked ? 'teal' : 'gray',
            message: result.retracked ? `${row.number} is tracked again` : result.message,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `Could not track ${row.number} again`,
            message: errorMessage(error, 'Please try again.'),
          }),
      },
    );

  return (
    <HistoryList
      label="Tracking history"
      searchPlaceholder={historySearchPlaceholder(type)}
      search={search}
      onSearchChange={onSearchChange}
      pageNo={pageNo}
      onPageChange={setPageNo}
      page={page}
      empty={{
        icon: <IconHistory size={26} stroke={1.75} />,
        title: 'Nothing tracked yet',
        description:
          'Every shipment this workspace adds shows here for good, archived ones included, with who added it and when.',
        testId: 'history-empty',
      }}
      head={
        <Table.Tr>
          <Table.Th>{history.identifierHeader}</Table.Th>
          <Table.Th visibleFrom="md">Status</Table.Th>
          <Table.Th visibleFrom="sm">Added by</Table.Th>
          <Table.Th>Added</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      }
      row={(row) => (
        <Table.Tr key={row.shipmentId} data-testid="tracking-history-row">
          <Table.Td className={classes.numberCell}>
            <Anchor
              component={Link}
              to={history.detailPath(row)}
              className={`${classes.rowLink} ${classes.mono}`}
            >
              {row.number}
            </Anchor>{' '}
            <CopyIdentifier value={row.number} what={history.identifierWord} />
            {row.archived && canChange ? (
              <Badge variant="light" color="gray" size="xs" ml={4}>
                Archived
              </Badge>
            ) : null}
            <span className={classes.sub}>{history.subline(row)}</span>
          </Table.Td>
          <Table.Td visibleFrom="md">
            <Text size="sm">{statusText(row.status)}</Text>
          </Table.Td>
          <Table.Td visibleFrom="sm">
            <Text size="sm">{row.addedBy ?? 'A former member'}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(row.addedAt, timeZone)}
            </Text>
          </Table.Td>
          <Table.Td ta="right">
            {row.archived ? (
              canChange ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconRefresh size={14} />}
                  loading={retrack.isPending && retrack.variables.shipmentIds[0] === row.shipmentId}
                  onClick={() => retrackOne(row)}
                  aria-label={`Track ${row.number} again`}
                >
                  Re-track
                </Button>
              ) : (
                <Badge variant="light" color="gray">
                  Archived
                </Badge>
              )
            ) : (
              <Badge variant="light" color="teal">
                Tracking
              </Badge>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
