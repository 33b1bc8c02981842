import { Stack, Text } from '@mantine/core';
import type { ReasonPart } from '@tracklane/shared/dashboard/dashboard.schema';
import {
  SHOWN_ETA_SOURCE_LABELS,
  type ArrivalEstimates,
} from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import type { ReactNode } from 'react';
import { LazyTooltip } from '../../../components/lazy-tooltip';
import { formatDate } from '../../../lib/dates';
import { confidenceText, issuedText } from '../utils/eta-text';

/**
 * An ETA shown where space is short (a list cell, a dashboard reason), with every source's ETA on hover,
 * focus or touch, the one used first: who gave it, when, and how far to trust it (ADR 0046, 0049).
 * With one source and no band there is nothing more to say.
 */
export function EtaSources({
  estimates,
  timeZone,
  children,
}: {
  estimates: ArrivalEstimates | undefined;
  timeZone: string;
  children: ReactNode;
}) {
  const shown = estimates?.estimates ?? [];
  if (!estimates || (shown.length < 2 && !shown[0]?.confidence)) return children;
  const ordered = [...shown].sort(
    (a, b) => Number(b.source === estimates.used) - Number(a.source === estimates.used),
  );
  return (
    <LazyTooltip
      multiline
      w={300}
      events={{ hover: true, focus: true, touch: true }}
      label={
        <Stack gap={4}>
          {ordered.map((eta) => (
            <div key={eta.source}>
              <Text size="xs" fw={600} span>
                {SHOWN_ETA_SOURCE_LABELS[eta.source]}
                {eta.source === estimates.used ? ' (used)' : ''}: {formatDate(eta.eta, timeZone)}
              </Text>
              <Text size="xs" span>
                {' '}
                · {issuedText(eta, timeZone)}. {confidenceText(eta, timeZone)}
              </Text>
            </div>
          ))}
        </Stack>
      }
    >
      <span data-testid="arrival-confidence" tabIndex={0}>
        {children}
      </span>
    </LazyTooltip>
  );
}

/** An ETA of a dashboard reason: its day in the reader's zone, with its sources as the list shows them. */
export function EtaReason({
  part,
  timeZone,
}: {
  part: Extract<ReasonPart, { kind: 'eta' }>;
  timeZone: string;
}) {
  return (
    <EtaSources estimates={part.estimates} timeZone={timeZone}>
      {formatDate(part.value, timeZone)}
    </EtaSources>
  );
}
