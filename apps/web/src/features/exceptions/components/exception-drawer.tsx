import {
  Button,
  Drawer,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
} from '@mantine/core';
import {
  EXCEPTION_TYPE_LABELS,
  type ExceptionEvent,
  type UpdateException,
} from '@tracklane/shared/exceptions/exceptions.schema';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useException, useUpdateException } from '../api/exceptions-api';
import { browserTimeZone, formatDateTime, formatDay } from '../../../lib/dates';
import { StateBadge } from './state-badge';

const ACTION_TEXT: Record<ExceptionEvent['action'], string> = {
  opened: 'raised it',
  acknowledged: 'acknowledged it',
  assigned: 'changed the owner',
  due_set: 'set the due date',
  noted: 'added a note',
  resolved: 'resolved it',
  auto_resolved: 'cleared it: the condition no longer holds',
};

interface Props {
  id: string | null;
  members: { value: string; label: string }[];
  onClose: () => void;
}

/** One exception: what was seen, its owner and due date, notes and the audit trail; the actions on it. */
export function ExceptionDrawer({ id, members, onClose }: Props) {
  const detail = useException(id);
  const update = useUpdateException();
  // spec §9: the time zone is the browser's.
  const timeZone = browserTimeZone();
  const [note, setNote] = useState('');
  const x = detail.data;
  const active = x?.state === 'open' || x?.state === 'acknowledged';
  const save = (change: UpdateException, after?: () => void) =>
    id && update.mutate({ id, change }, { onSuccess: after });
  const nameOf = (userId: string | null) => members.find((m) => m.value === userId)?.label ?? 'nobody';

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={x ? EXCEPTION_TYPE_LABELS[x.type] : 'Exception'}
    >
      {detail.isPending ? (
        <Stack aria-busy="true" aria-label="Loading">
          <Skeleton height={24} />
          <Skeleton height={120} />
        </Stack>
      ) : detail.isError ? (
        <QueryErrorAlert
          title="Could not load this exception"
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : x ? (
        <Stack gap="md" data-testid="exception-detail">
          <Group gap="xs">
            <StateBadge state={x.state} />
            <Text size="sm">
              {x.reference} · {x.carrier}
            </Text>
          </Group>
          <Text size="sm">{x.detail}</Text>
          <Select
            label="Owner"
            placeholder="Nobody"
            clearable
            data={members}
            value={x.owner?.id ?? null}
            disabled={!active || update.isPending}
            onChange={(ownerId) => save({ ownerId })}
          />
          <TextInput
            type="date"
            label="Due date"
            value={x.dueOn ?? ''}
            disabled={!active || update.isPending}
            onChange={(e) => save({ dueOn: e.currentTarget.value || null })}
          />
          {active && (
            <Group gap="sm">
              {x.state === 'open' && (
                <Button
                  variant="light"
                  loading={update.isPending}
                  onClick={() => save({ state: 'acknowledged' })}
                >
                  Acknowledge
                </Button>
              )}
              <Button color="green" loading={update.isPending} onClick={() => save({ state: 'resolved' })}>
                Resolve
              </Button>
            </Group>
          )}
          {update.isError && (
            <QueryErrorAlert title="Could not save" error={update.error} onRetry={() => update.reset()} />
          )}
          {active && (
            <Stack gap="xs">
              <Textarea
                label="Note"
                placeholder="What was done, who was asked"
                autosize
                minRows={2}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
              />
              <Button
                variant="default"
                disabled={!note.trim()}
                loading={update.isPending}
                onClick={() => save({ note }, () => setNote(''))}
              >
                Add note
              </Button>
            </Stack>
          )}
          <Text fw={600} size="sm">
            History
          </Text>
          <Timeline bulletSize={12} lineWidth={2} data-testid="exception-history">
            {x.events.map((e) => (
              <Timeline.Item key={e.id} title={`${e.actor?.name ?? 'Tracklane'} ${ACTION_TEXT[e.action]}`}>
                {e.action === 'assigned' && <Text size="xs">Owner: {nameOf(e.ownerId)}</Text>}
                {e.action === 'due_set' && (
                  <Text size="xs">Due: {e.dueOn ? formatDay(e.dueOn) : 'none'}</Text>
                )}
                {e.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {e.note}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.createdAt, timeZone)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      ) : null}
    </Drawer>
  );
}
