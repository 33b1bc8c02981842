import { Anchor, Table, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths, type SiteType } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { modeOfSiteType } from '../../../modes/registry';
import { useSharedHistory } from '../api/list-shared-history';
import { statusText } from '../utils/labels';
import { HistoryList, historySearchPlaceholder, useHistoryPaging } from './history-list';
import classes from './history-list.module.css';

/** Shipments other people shared with the signed-in user, with who shared them and when. */
export function SharedHistoryList({ type, timeZone }: { type: SiteType; timeZone: string }) {
  const { search, pageNo, setPageNo, onSearchChange } = useHistoryPaging();
  const { history } = modeOfSiteType(type);
  const page = useSharedHistory({ type, pageNo, search });
  return (
    <HistoryList
      label="Shared with me"
      searchPlaceholder={historySearchPlaceholder(type)}
      search={search}
      onSearchChange={onSearchChange}
      pageNo={pageNo}
      onPageChange={setPageNo}
      page={page}
      empty={{
        icon: <IconShare size={26} stroke={1.75} />,
        title: 'Nothing shared with you yet',
        description: history.sharedEmpty,
        testId: 'history-empty',
      }}
      head={
        <Table.Tr>
          <Table.Th>{history.identifierHeader}</Table.Th>
          <Table.Th visibleFrom="md">Status</Table.Th>
          <Table.Th visibleFrom="md">{history.arrivalHeader}</Table.Th>
          <Table.Th>Shared by</Table.Th>
          <Table.Th visibleFrom="sm">Shared</Table.Th>
        </Table.Tr>
      }
      row={(row) => (
        <Table.Tr key={row.overallId} data-testid="shared-history-row">
          <Table.Td className={classes.numberCell}>
            <Anchor
              component={Link}
              to={paths.shipmentHistory.sharedDetails(type, row.overallId)}
              className={`${classes.rowLink} ${classes.mono}`}
            >
              {row.number}
            </Anchor>
            <span className={classes.sub}>{history.subline(row)}</span>
          </Table.Td>
          <Table.Td visibleFrom="md">
            <Text size="sm">{statusText(row.status)}</Text>
          </Table.Td>
          <Table.Td visibleFrom="md">
            <Text size="sm">
              {row.arrival ? `${row.arrivalActual ? '' : 'EST: '}${formatDate(row.arrival, timeZone)}` : '-'}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{row.sharedBy}</Text>
          </Table.Td>
          <Table.Td visibleFrom="sm">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(row.sharedAt, timeZone)}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
