import { Tooltip } from '@mantine/core';
import type { ReasonPart } from '@tracklane/shared/dashboard/dashboard.schema';
import type { ArrivalEstimates } from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/dates';
import { confidenceText } from './arrival-estimates';

/**
 * An ETA shown where space is short (a list cell, a dashboard reason), with who gave it and how far
 * to trust it on hover, focus or touch: the measured band and Tracklane's estimate (ADR 0046). The
 * carrier's ETA stays what is shown; without a band there is nothing more to say.
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
  const carrier = estimates?.estimates.find((e) => e.source === 'carrier');
  const own = estimates?.estimates.find((e) => e.source === 'tracklane');
  if (!carrier?.confidence) return children;
  return (
    <Tooltip
      multiline
      w={260}
      events={{ hover: true, focus: true, touch: true }}
      label={`Carrier ETA. ${confidenceText(carrier, timeZone)}${own ? `. Tracklane estimate: ${formatDate(own.eta, timeZone)}` : ''}`}
    >
      <span data-testid="arrival-confidence" tabIndex={0}>
        {children}
      </span>
    </Tooltip>
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
