import { Badge, Text } from '@mantine/core';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { formatDateTime } from '../lib/dates';
import { formatShift, shiftMinutes } from '../lib/duration';
import classes from './detail-page.module.css';

interface EstimateShiftProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'color' | 'style'> {
  from: string;
  to: string;
  /** After the amount: "vs first ETA". */
  suffix?: string;
  'data-testid'?: string;
}

/**
 * How far an estimate moved from an earlier one: "+2 d 6 h" in orange when later, "−5 h" in teal when
 * earlier; nothing when it did not move. Other props reach the badge (a Tooltip around it works).
 */
export function EstimateShift({
  from,
  to,
  suffix,
  'data-testid': testId = 'estimate-shift',
  ...others
}: EstimateShiftProps) {
  const minutes = shiftMinutes(from, to);
  if (minutes === 0) return null;
  return (
    <Badge
      size="sm"
      radius="sm"
      variant="light"
      color={minutes > 0 ? 'orange' : 'teal'}
      className={classes.plainBadge}
      data-testid={testId}
      {...others}
    >
      {formatShift(from, to)}
      {suffix ? ` ${suffix}` : null}
    </Badge>
  );
}

interface EstimateSlipSummaryProps {
  /** Later than first announced: shown in orange, else in teal. */
  slipped: boolean;
  headline: string;
  detail: ReactNode;
  'data-testid': string;
}

/** How far the latest estimate (or the actual time) is from the first one. */
export function EstimateSlipSummary({
  slipped,
  headline,
  detail,
  'data-testid': testId,
}: EstimateSlipSummaryProps) {
  return (
    <div className={classes.slipSummary} data-slipped={slipped || undefined} data-testid={testId}>
      <Text size="sm" fw={600}>
        {headline}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </div>
  );
}

/** One estimate the carrier announced, and when. */
export interface EstimateRecord {
  estimate: string;
  recordedAt: string;
}

interface EstimateHistoryProps {
  /** Names the card and its parts: `${name}` on the section, `${name}-title`, and `recordTestId` rows. */
  name: string;
  recordTestId: string;
  title: string;
  subtitle: string;
  /** Oldest first, as the server sends them. */
  records: EstimateRecord[];
  empty: string;
  /** Usually an EstimateSlipSummary; null when there is nothing to compare. */
  summary: ReactNode;
  /** The time itself once it happened. */
  actual: { label: string; at: string } | null;
  timeZone: string;
}

/**
 * Every estimate the carrier announced, newest first, each with when it was announced and how far it
 * moved from the one before; the summary above says how far it moved in all.
 */
export function EstimateHistory(props: EstimateHistoryProps) {
  const { records, timeZone } = props;
  return (
    <section className={classes.sideCard} aria-labelledby={`${props.name}-title`} data-testid={props.name}>
      <Text id={`${props.name}-title`} size="sm" fw={650}>
        {props.title}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        {props.subtitle}
      </Text>
      {props.summary}
      {records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        <ol className={classes.estimateList}>
          {records
            .map((record, index) => ({ record, index, previous: records[index - 1] }))
            .reverse()
            .map(({ record, index, previous }) => (
              <li
                key={`${record.estimate}-${record.recordedAt}`}
                className={classes.estimateItem}
                data-testid={props.recordTestId}
              >
                <div>
                  <span className={classes.timeEstimate}>
                    EST: {formatDateTime(record.estimate, timeZone)}
                  </span>
                  <Text size="xs" c="dimmed" mt={2}>
                    {index === 0 ? 'First announced' : 'Announced'}{' '}
                    {formatDateTime(record.recordedAt, timeZone)}
                  </Text>
                </div>
                {previous ? <EstimateShift from={previous.estimate} to={record.estimate} /> : null}
              </li>
            ))}
        </ol>
      )}
      {props.actual ? (
        <div className={classes.estimateActual}>
          <Text size="xs" c="dimmed">
            {props.actual.label}
          </Text>
          <span className={classes.timeActual}>{formatDateTime(props.actual.at, timeZone)}</span>
        </div>
      ) : null}
    </section>
  );
}
