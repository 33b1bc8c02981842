import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CONTAINER_STAGE_LABELS,
  HOLD_KIND_LABELS,
  HOLD_KINDS,
  HOLD_STATE_LABELS,
  TERMINAL_STATUS_LABELS,
  type TerminalAvailability,
  type TerminalFacts,
  type TerminalStatus,
} from '@tracklane/shared/terminal-availability/terminal-availability';
import type { ReactNode } from 'react';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import classes from './terminal-availability.module.css';

const STATUS_COLOR: Record<TerminalStatus, string> = {
  available: 'teal',
  on_hold: 'red',
  not_ready: 'orange',
  left: 'gray',
  unknown: 'gray',
};

/** A date's value and, beside it, who gave it: every date of this section is the terminal's. */
function Dated({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span className={classes.source}>· terminal</span>
    </>
  );
}

function owed(facts: TerminalFacts): string | null {
  const money = facts.demurrageOwed;
  if (!money) return null;
  return money.amount !== null && money.currency ? formatMoney(money.amount, money.currency) : money.text;
}

function Facts({ facts, timeZone }: { facts: TerminalFacts; timeZone: string }) {
  const rows: [string, ReactNode][] = [];
  if (facts.yardLocation)
    rows.push(['Yard location', <span className={classes.yard}>{facts.yardLocation}</span>]);
  if (facts.lastFreeDay) rows.push(['Storage paid through', <Dated>{formatDay(facts.lastFreeDay)}</Dated>]);
  const money = owed(facts);
  if (money !== null) rows.push(['Demurrage owed', money]);
  if (facts.stage) rows.push(['Container state', CONTAINER_STAGE_LABELS[facts.stage]]);
  if (facts.dischargedAt)
    rows.push(['Discharged', <Dated>{formatDateTime(facts.dischargedAt, timeZone)}</Dated>]);
  if (facts.appointmentAt)
    rows.push(['Pickup appointment', <Dated>{formatDateTime(facts.appointmentAt, timeZone)}</Dated>]);
  if (facts.leftAt) rows.push(['Left the terminal', <Dated>{formatDateTime(facts.leftAt, timeZone)}</Dated>]);
  if (rows.length === 0) return null;
  return (
    <dl className={classes.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What the organization's terminal connection last said of the container (ADR 0039): whether it may
 * be picked up, who holds it (customs, the line, the terminal), where it stands, until when storage
 * is paid (the terminal's last free day), what is owed, and when the terminal said so.
 */
export function TerminalAvailabilitySection({
  terminal,
  timeZone,
}: {
  terminal: TerminalAvailability;
  timeZone: string;
}) {
  const facts = terminal.facts;
  const where = terminal.facilityName ? `${terminal.facilityName} (${terminal.facility})` : terminal.facility;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="terminal-availability-title"
      data-testid="terminal-availability"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h5" id="terminal-availability-title">
              At the terminal
            </Title>
            <Text size="xs" c="dimmed">
              {terminal.operator} · {where}
            </Text>
          </div>
          <Badge
            variant="light"
            color={STATUS_COLOR[terminal.status]}
            radius="sm"
            data-testid="terminal-status"
            style={{ flexShrink: 0 }}
          >
            {TERMINAL_STATUS_LABELS[terminal.status]}
          </Badge>
        </Group>
        {facts ? (
          <>
            <ul className={classes.holds} aria-label="Holds">
              {HOLD_KINDS.map((kind) => {
                const hold = facts.holds[kind];
                return (
                  <li key={kind} className={classes.hold} data-testid={`hold-${kind}`}>
                    <Text size="sm" fw={600}>
                      {HOLD_KIND_LABELS[kind]}
                      {hold.names.length ? (
                        <Text span size="xs" c="dimmed" fw={400} className={classes.holdNames}>
                          {' '}
                          {hold.names.join(', ')}
                        </Text>
                      ) : null}
                    </Text>
                    <Badge
                      size="sm"
                      radius="sm"
                      variant={hold.state === 'held' ? 'filled' : 'light'}
                      color={hold.state === 'held' ? 'red' : 'gray'}
                    >
                      {HOLD_STATE_LABELS[hold.state]}
                    </Badge>
                  </li>
                );
              })}
            </ul>
            {facts.readyForDelivery === null ? null : (
              <Text size="sm">
                Ready for delivery: <strong>{facts.readyForDelivery ? 'yes' : 'no'}</strong>
              </Text>
            )}
            <Facts facts={facts} timeZone={timeZone} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {terminal.operator} does not know this container at {terminal.facility} yet: it is asked again at
            the next check.
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {terminal.answeredAt ? `As of ${formatDateTime(terminal.answeredAt, timeZone)} · ` : ''}
          Last asked {formatDateTime(terminal.checkedAt, timeZone)}
        </Text>
      </Stack>
    </Paper>
  );
}
