import {
  Button,
  Card,
  Checkbox,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  EXCEPTION_STATES,
  EXCEPTION_TYPE_LABELS,
  EXCEPTION_TYPES,
  type ExceptionType,
  type ShipmentException,
} from '@tracklane/shared/exceptions/exceptions.schema';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import {
  useBulkExceptions,
  useExceptionMembers,
  useExceptions,
  type ExceptionFilters,
} from '../api/exceptions-api';
import { ExceptionDrawer } from './exception-drawer';
import { STATE_LABELS, StateBadge } from './state-badge';
import classes from './exceptions.module.css';
import { browserTimeZone, formatDate, formatDay } from '../../../lib/dates';

const NO_FILTERS: ExceptionFilters = { type: null, state: null, owner: null, carrier: '', tag: '', page: 1 };
const typeFrom = (value: string | null): ExceptionType | null =>
  EXCEPTION_TYPES.find((type) => type === value) ?? null;

/** /exceptions: the workspace's exceptions as a work list, with filters, bulk actions and a detail drawer. */
export function ExceptionsPage() {
  // A link may name the type to show (the dashboard's cards: `?type=rolled`); the URL follows the filter.
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<ExceptionFilters>(() => {
    const type = typeFrom(params.get('type'));
    return type ? { ...NO_FILTERS, type } : NO_FILTERS;
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [bulkOwner, setBulkOwner] = useState<string | null>(null);
  const list = useExceptions(filters);
  const members = useExceptionMembers();
  const bulk = useBulkExceptions();
  const memberOptions = (members.data ?? []).map((m) => ({
    value: m.userId,
    label: `${m.firstName} ${m.lastName}`.trim(),
  }));
  const set = (patch: Partial<ExceptionFilters>) => {
    setFilters((f) => ({ ...f, page: 1, ...patch }));
    setSelected(new Set());
    if ('type' in patch)
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (patch.type) next.set('type', patch.type);
          else next.delete('type');
          return next;
        },
        { replace: true },
      );
  };
  const filtered = (Object.keys(NO_FILTERS) as (keyof ExceptionFilters)[]).some(
    (key) => key !== 'page' && filters[key] !== NO_FILTERS[key],
  );
  const items = list.data?.items ?? [];
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const runBulk = (action: { kind: 'resolve' } | { kind: 'assign'; ownerId: string | null }) =>
    bulk.mutate({ ids: [...selected], action }, { onSuccess: () => setSelected(new Set()) });

  return (
    <>
      <PageHeader
        title="Exceptions"
        description="What needs someone's attention, owned until it is closed."
      />
      <Stack gap="md">
        <div className={classes.filters}>
          <Select
            label="Type"
            placeholder="All types"
            clearable
            data={EXCEPTION_TYPES.map((t) => ({ value: t, label: EXCEPTION_TYPE_LABELS[t] }))}
            value={filters.type}
            onChange={(v) => set({ type: v })}
          />
          <Select
            label="State"
            placeholder="Open and acknowledged"
            clearable
            data={EXCEPTION_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
            value={filters.state}
            onChange={(v) => set({ state: v })}
          />
          <Select
            label="Owner"
            placeholder="Anyone"
            clearable
            data={[{ value: 'none', label: 'Nobody yet' }, ...memberOptions]}
            value={filters.owner}
            onChange={(v) => set({ owner: v })}
          />
          <TextInput
            label="Carrier"
            placeholder="e.g. MSCU"
            value={filters.carrier}
            onChange={(e) => set({ carrier: e.currentTarget.value })}
          />
          <TextInput
            label="Tag"
            placeholder="Any tag"
            value={filters.tag}
            onChange={(e) => set({ tag: e.currentTarget.value })}
          />
        </div>

        {selected.size > 0 && (
          <Group gap="sm" className={classes.bulkBar} role="region" aria-label="Bulk actions">
            <Text size="sm" fw={600}>
              {selected.size} selected
            </Text>
            <Select
              placeholder="Assign to…"
              data={memberOptions}
              value={bulkOwner}
              onChange={setBulkOwner}
              aria-label="Assign selected to"
            />
            <Button
              variant="light"
              disabled={!bulkOwner}
              loading={bulk.isPending}
              onClick={() => runBulk({ kind: 'assign', ownerId: bulkOwner })}
            >
              Assign
            </Button>
            <Button color="green" loading={bulk.isPending} onClick={() => runBulk({ kind: 'resolve' })}>
              Resolve
            </Button>
          </Group>
        )}
        {bulk.isError && (
          <QueryErrorAlert
            title="Could not change the exceptions"
            error={bulk.error}
            onRetry={() => bulk.reset()}
          />
        )}

        {list.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading">
            <Skeleton height={48} />
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        ) : list.isError ? (
          <QueryErrorAlert
            title="Could not load the exceptions"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : items.length === 0 ? (
          <Card withBorder padding="xl" data-testid="exceptions-empty">
            <Stack align="center" gap="xs">
              <IconCircleCheck size={32} />
              <Text fw={600}>
                {filtered ? 'No exceptions match these filters' : 'Nothing needs attention'}
              </Text>
              <Text size="sm" c="dimmed">
                Exceptions appear here when a shipment is rolled, late, held, or its free time runs out.
              </Text>
              {filtered && (
                <Button variant="subtle" onClick={() => set(NO_FILTERS)}>
                  Clear filters
                </Button>
              )}
            </Stack>
          </Card>
        ) : (
          <>
            <ExceptionTable
              items={items}
              selected={selected}
              onToggle={toggle}
              onOpen={setOpenId}
              onToggleAll={(all) => setSelected(all ? new Set(items.map((i) => i.id)) : new Set())}
            />
            <div className={classes.cards}>
              {items.map((x) => (
                <Card key={x.id} withBorder padding="sm" data-testid="exception-card">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Checkbox
                      aria-label={`Select ${x.reference}`}
                      checked={selected.has(x.id)}
                      onChange={() => toggle(x.id)}
                    />
                    <Stack gap={2} miw={0} style={{ flex: 1 }}>
                      <Text fw={600} size="sm">
                        {EXCEPTION_TYPE_LABELS[x.type]}
                      </Text>
                      <Text size="sm" className={classes.wrap}>
                        {x.reference} · {x.carrier}
                      </Text>
                      <Text size="xs" c="dimmed" className={classes.wrap}>
                        {x.detail}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Owner: {x.owner?.name ?? 'nobody'}
                        {x.dueOn ? ` · due ${formatDay(x.dueOn)}` : ''}
                      </Text>
                    </Stack>
                    <StateBadge state={x.state} />
                  </Group>
                  <Button mt="xs" size="xs" variant="light" fullWidth onClick={() => setOpenId(x.id)}>
                    Open
                  </Button>
                </Card>
              ))}
            </div>
            {(list.data?.total ?? 0) > (list.data?.pageSize ?? 50) && (
              <Pagination
                total={Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? 50))}
                value={filters.page}
                onChange={(page) => setFilters((f) => ({ ...f, page }))}
              />
            )}
          </>
        )}
      </Stack>
      <ExceptionDrawer id={openId} members={memberOptions} onClose={() => setOpenId(null)} />
    </>
  );
}

function ExceptionTable({
  items,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
}: {
  items: ShipmentException[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  onToggleAll: (all: boolean) => void;
  onOpen: (id: string) => void;
}) {
  const all = items.length > 0 && items.every((i) => selected.has(i.id));
  // spec §9: the time zone is the browser's.
  const timeZone = browserTimeZone();
  return (
    <Table className={classes.table} highlightOnHover verticalSpacing="sm" data-testid="exceptions-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Checkbox
              aria-label="Select all"
              checked={all}
              indeterminate={!all && selected.size > 0}
              onChange={() => onToggleAll(!all)}
            />
          </Table.Th>
          <Table.Th>Exception</Table.Th>
          <Table.Th>Shipment</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Owner</Table.Th>
          <Table.Th>Due</Table.Th>
          <Table.Th>Opened</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((x) => (
          <Table.Tr key={x.id}>
            <Table.Td>
              <Checkbox
                aria-label={`Select ${x.reference}`}
                checked={selected.has(x.id)}
                onChange={() => onToggle(x.id)}
              />
            </Table.Td>
            <Table.Td>
              <Button variant="subtle" size="compact-sm" onClick={() => onOpen(x.id)}>
                {EXCEPTION_TYPE_LABELS[x.type]}
              </Button>
              <Text size="xs" c="dimmed">
                {x.detail}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{x.reference}</Text>
              <Text size="xs" c="dimmed">
                {x.carrier}
                {x.tags.length ? ` · ${x.tags.join(', ')}` : ''}
              </Text>
            </Table.Td>
            <Table.Td>
              {/* Its whole width, or the table squeezes the badge to an ellipsis. */}
              <div style={{ minWidth: 'max-content' }}>
                <StateBadge state={x.state} />
              </div>
            </Table.Td>
            <Table.Td>
              {x.owner?.name ?? (
                <Text size="sm" c="dimmed">
                  Nobody
                </Text>
              )}
            </Table.Td>
            <Table.Td>{x.dueOn ? formatDay(x.dueOn) : '—'}</Table.Td>
            <Table.Td>{formatDate(x.openedAt, timeZone)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
