import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconPencil } from '@tabler/icons-react';
import {
  computeFreeTimeClocks,
  localDate,
  projectFreeTimeCost,
  type Clock,
} from '@tracklane/shared/free-time/free-time';
import { LAST_FREE_DAY_SOURCE_LABELS, type TermsSource } from '@tracklane/shared/free-time/free-time.schema';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import {
  useSetManualLastFreeDay,
  useSetShipmentFreeTime,
  useShipmentFreeTime,
} from '../api/shipment-free-time';
import { TermsForm } from '../../../features/free-time/components/terms-form';
import classes from './free-time-clocks.module.css';

const SOURCE_LABEL: Record<TermsSource, string> = {
  shipment: 'This shipment’s terms',
  carrier: 'Carrier terms',
  workspace: 'Workspace terms',
  built_in: 'Built-in terms',
};

const plural = (n: number, unit: string) => `${String(n)} ${unit}${n === 1 ? '' : 's'}`;

/** A clock's last free day and who gave it (set by hand, the terminal, the carrier, the tariff). */
const lastFreeDayText = (clock: Clock) =>
  `Last free day ${formatDay(clock.lastFreeDay)}${
    clock.lastFreeDaySource ? ` (${LAST_FREE_DAY_SOURCE_LABELS[clock.lastFreeDaySource]})` : ''
  }`;

/** The clock's headline and its detail, in words (never colour alone). */
function clockText(clock: Clock, startsAt: string, currency: string) {
  if (clock.state === 'not_started') {
    return {
      figure: 'Not started',
      detail: clock.lastFreeDay ? lastFreeDayText(clock) : `Starts at ${startsAt}`,
      tone: 'gray' as const,
    };
  }
  const lfd = lastFreeDayText(clock);
  if (clock.state === 'stopped') {
    return {
      figure: clock.cost > 0 ? formatMoney(clock.cost, currency) : 'No charge',
      detail: `Stopped ${formatDay(clock.endedOn)} · ${lfd}${clock.chargedDays ? ` · ${plural(clock.chargedDays, 'day')} charged` : ''}`,
      tone: clock.cost > 0 ? ('red' as const) : ('teal' as const),
    };
  }
  const left = clock.daysLeft!;
  return {
    figure:
      left > 0
        ? `${plural(left, 'day')} left`
        : left === 0
          ? 'Last free day today'
          : `${plural(-left, 'day')} over`,
    detail: `${lfd}${clock.cost > 0 ? ` · ${formatMoney(clock.cost, currency)} so far` : ''}`,
    tone: left < 0 ? ('red' as const) : left <= 2 ? ('orange' as const) : ('teal' as const),
  };
}

function ClockBlock({
  title,
  clock,
  startsAt,
  currency,
}: {
  title: string;
  clock: Clock;
  startsAt: string;
  currency: string;
}) {
  const text = clockText(clock, startsAt, currency);
  return (
    <div className={classes.clock} data-testid={`clock-${title.toLowerCase()}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Badge variant="light" color={text.tone} radius="sm" size="sm">
          {clock.state === 'running' ? 'Running' : clock.state === 'stopped' ? 'Stopped' : 'Not started'}
        </Badge>
      </Group>
      <div className={classes.clockFigure}>{text.figure}</div>
      <Text size="xs" c="dimmed">
        {text.detail}
      </Text>
    </div>
  );
}

interface FreeTimeClocksProps {
  shipmentId: string;
  /** shipmentPermission 0: may set this shipment's own terms. */
  canChange: boolean;
}

/**
 * Demurrage and detention of one container: both clocks (days left or over, cost so far), what it
 * costs if returned on a chosen day, and the terms behind them. Computed here with the same pure
 * function the server stores for lists, in the port's calendar.
 */
export function FreeTimeClocks({ shipmentId, canChange }: FreeTimeClocksProps) {
  const query = useShipmentFreeTime(shipmentId);
  const save = useSetShipmentFreeTime();
  const saveDay = useSetManualLastFreeDay();
  const [editing, setEditing] = useState(false);
  const [settingDay, setSettingDay] = useState(false);
  const [manualDay, setManualDay] = useState('');
  const [returnOn, setReturnOn] = useState('');

  if (query.isPending) {
    return <Skeleton height={260} radius="lg" aria-label="Loading demurrage and detention" />;
  }
  if (query.isError) {
    return (
      <QueryErrorAlert
        title="Could not load demurrage and detention"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const data = query.data;
  const now = new Date();
  const clocks = computeFreeTimeClocks(data.terms, data.milestones, { timeZone: data.timeZone, now });
  const today = localDate(now, data.timeZone);
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(returnOn) && returnOn >= today;
  const projected = validDay
    ? projectFreeTimeCost(data.terms, data.milestones, { timeZone: data.timeZone }, returnOn)
    : null;
  const canProject = clocks.demurrage.state !== 'not_started' && clocks.detention.state !== 'stopped';

  const manual = data.milestones.manualLastFreeDay ?? null;
  const openDay = () => {
    setManualDay(manual ?? clocks.demurrage.lastFreeDay ?? '');
    setSettingDay(true);
  };
  const submitDay = async (lastFreeDay: string | null) => {
    try {
      await saveDay.mutateAsync({ shipmentId, lastFreeDay });
      notifications.show({
        color: 'teal',
        message: lastFreeDay ? 'Last free day set for this shipment' : 'Last free day set by hand removed',
      });
      setSettingDay(false);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not save the last free day',
        message: errorMessage(error),
      });
    }
  };

  const submit = async (terms: Parameters<typeof save.mutateAsync>[0]['terms']) => {
    await save.mutateAsync({ shipmentId, terms });
    notifications.show({
      color: 'teal',
      message: terms ? 'Free time saved for this shipment' : 'This shipment follows the defaults again',
    });
    setEditing(false);
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="free-time-clocks-title">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5" id="free-time-clocks-title">
            Demurrage & detention
          </Title>
          {canChange ? (
            <Group gap={4}>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconCalendarEvent size={14} />}
                onClick={openDay}
              >
                Last free day
              </Button>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPencil size={14} />}
                onClick={() => setEditing(true)}
              >
                Terms
              </Button>
            </Group>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {SOURCE_LABEL[data.source]}
          {clocks.combined ? ' · combined free time: one pool from discharge to empty return' : ''} · days in
          the port’s calendar ({data.timeZone})
        </Text>
        <ClockBlock
          title="Demurrage"
          clock={clocks.demurrage}
          startsAt="discharge"
          currency={clocks.currency}
        />
        <ClockBlock
          title="Detention"
          clock={clocks.detention}
          startsAt="full gate-out"
          currency={clocks.currency}
        />
        <div className={classes.clock}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              Cost so far
            </Text>
            <Text size="sm" fw={600} className={classes.number} data-testid="dd-cost-so-far">
              {formatMoney(clocks.cost, clocks.currency)}
            </Text>
          </Group>
        </div>
        {canProject ? (
          <div className={classes.clock}>
            <TextInput
              type="date"
              label="If returned empty on"
              value={returnOn}
              min={today}
              onChange={(event) => setReturnOn(event.currentTarget.value)}
              error={returnOn && !validDay ? 'Choose today or a later day.' : undefined}
            />
            {projected ? (
              <Text size="sm" mt={6} data-testid="dd-projected">
                Total{' '}
                <Text span fw={600} className={classes.number}>
                  {formatMoney(projected.cost, projected.currency)}
                </Text>{' '}
                (demurrage {formatMoney(projected.demurrage.cost, projected.currency)}, detention{' '}
                {formatMoney(projected.detention.cost, projected.currency)})
              </Text>
            ) : null}
          </div>
        ) : null}
      </Stack>
      <Modal opened={settingDay} onClose={() => setSettingDay(false)} title="Last free day for this shipment">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (/^\d{4}-\d{2}-\d{2}$/.test(manualDay)) void submitDay(manualDay);
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              A day set here wins over the terminal’s storage-paid-through date, the carrier’s last free day
              and the tariff’s count, for demurrage on this shipment.
            </Text>
            <TextInput
              type="date"
              label="Last free day"
              description={`In the port’s calendar (${data.timeZone})`}
              value={manualDay}
              onChange={(event) => setManualDay(event.currentTarget.value)}
              error={manualDay && !/^\d{4}-\d{2}-\d{2}$/.test(manualDay) ? 'Choose a day.' : undefined}
              data-autofocus
            />
            <Group justify="flex-end">
              {manual ? (
                <Button variant="default" loading={saveDay.isPending} onClick={() => void submitDay(null)}>
                  Remove
                </Button>
              ) : null}
              <Button type="submit" loading={saveDay.isPending} disabled={!manualDay}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Free time for this shipment" size="lg">
        <TermsForm
          initial={data.terms}
          submitLabel="Save for this shipment"
          onSubmit={(terms) => submit(terms)}
          extraActions={
            data.source === 'shipment' ? (
              <Button variant="default" loading={save.isPending} onClick={() => void submit(null)}>
                Follow the defaults
              </Button>
            ) : null
          }
        />
      </Modal>
    </Paper>
  );
}
