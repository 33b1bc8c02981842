import { Pagination, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { HISTORY_PAGE_SIZE } from '@tracklane/shared/sharing/sharing.schema';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { SiteType } from '../../../config/paths';
import { modeOfSiteType } from '../../../modes/registry';
import { ListEmptyState, type EmptyTab } from '../../../components/list-empty-state';
import { ListLoadError } from '../../../components/list-load-error';
import classes from './history-list.module.css';

export interface HistoryPageState<Row> {
  data: { rows: Row[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface HistoryListProps<Row> {
  label: string;
  /** The search box's placeholder: what it matches. */
  searchPlaceholder: string;
  search: string;
  onSearchChange: (search: string) => void;
  pageNo: number;
  onPageChange: (pageNo: number) => void;
  page: HistoryPageState<Row>;
  head: ReactNode;
  row: (row: Row) => ReactNode;
  empty: EmptyTab;
}

/** A history's search and page: a new search starts again on page 1. */
export function useHistoryPaging() {
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const onSearchChange = useCallback((value: string) => {
    setSearch(value);
    setPageNo(1);
  }, []);
  return { search, pageNo, setPageNo, onSearchChange };
}

/** What a history's search box matches, by site type. */
export const historySearchPlaceholder = (type: SiteType) => modeOfSiteType(type).history.searchPlaceholder;

/** A searchable, paged history table with its loading, empty and error states (shared and tracking history). */
export function HistoryList<Row>(props: HistoryListProps<Row>) {
  const { page } = props;
  const [draft, setDraft] = useState(props.search);
  const [debounced] = useDebouncedValue(draft, 300);
  const { onSearchChange, search } = props;
  useEffect(() => {
    if (debounced !== search) onSearchChange(debounced);
  }, [debounced, search, onSearchChange]);

  const pages = Math.max(1, Math.ceil((page.data?.total ?? 0) / HISTORY_PAGE_SIZE));
  let body: ReactNode;
  if (page.isError && !page.data)
    body = <ListLoadError error={page.error} onRetry={() => void page.refetch()} />;
  else if (page.isPending || !page.data)
    body = (
      <Stack gap={8} p="md" aria-label={`Loading ${props.label}`} data-testid="history-loading">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  else if (page.data.rows.length === 0)
    body = (
      <ListEmptyState
        filtered={props.search.trim() !== ''}
        filteredWhat="number"
        onClearFilters={() => {
          setDraft('');
          onSearchChange('');
        }}
        empty={props.empty}
      />
    );
  else
    body = (
      <Table
        className={classes.table}
        verticalSpacing="sm"
        highlightOnHover
        aria-label={props.label}
        aria-busy={page.isFetching || undefined}
      >
        <Table.Thead>{props.head}</Table.Thead>
        <Table.Tbody>{page.data.rows.map(props.row)}</Table.Tbody>
      </Table>
    );

  return (
    <>
      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          aria-label="Search"
          placeholder={props.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          maxLength={100}
        />
        {page.data ? (
          <Text size="sm" c="dimmed" data-testid="history-total">
            {page.data.total} {page.data.total === 1 ? 'shipment' : 'shipments'}
          </Text>
        ) : null}
      </div>
      <Paper withBorder radius="lg">
        {body}
      </Paper>
      {pages > 1 ? (
        <div className={classes.footer}>
          <Text size="sm" c="dimmed">
            Page {props.pageNo} of {pages}
          </Text>
          <Pagination
            total={pages}
            value={props.pageNo}
            onChange={props.onPageChange}
            size="sm"
            siblings={0}
            aria-label="Pages"
          />
        </div>
      ) : null}
    </>
  );
}
