import { Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  SHOWN_ETA_SOURCE_LABELS,
  type ArrivalEstimates,
  type ShownEta,
} from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import { formatDate, formatDateTime } from '../../../lib/dates';

const signedHours = (hours: number) =>
  `${hours > 0 ? '+' : hours < 0 ? '−' : '±'}${Math.abs(Math.round(hours))} h`;

/** The band as people read it: "8 in 10 arrived between … and …, from N arrivals at 7 days out". */
export function confidenceText(eta: ShownEta, timeZone: string): string {
  const c = eta.confidence;
  if (!c) return 'No measured accuracy yet: fewer than 20 arrivals of this carrier and lane.';
  return `8 in 10 arrived between ${formatDate(c.from, timeZone)} and ${formatDate(c.to, timeZone)} (${String(c.samples)} arrivals, ${String(c.horizonDays)} days out)`;
}

/**
 * Every source's current ETA to the port of discharge side by side, which one the shipment's ETA is,
 * and how far each is to be trusted from this organization's measured accuracy (ADR 0046).
 */
export function ArrivalEstimatesSection({
  estimates,
  timeZone,
}: {
  estimates: ArrivalEstimates;
  timeZone: string;
}) {
  if (estimates.estimates.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="ETA by source">
      <Text fw={600} size="sm" mb="xs">
        ETA by source
      </Text>
      <SimpleGrid cols={{ base: 1, sm: estimates.estimates.length }} spacing="sm">
        {estimates.estimates.map((eta) => (
          <Stack key={eta.source} gap={4} data-testid={`eta-source-${eta.source}`}>
            <Text size="sm" fw={600} component="div">
              {SHOWN_ETA_SOURCE_LABELS[eta.source]}{' '}
              {estimates.used === eta.source ? (
                <Badge size="xs" variant="light">
                  Shown as the ETA
                </Badge>
              ) : null}
            </Text>
            <Text size="lg">{formatDateTime(eta.eta, timeZone)}</Text>
            <Text size="xs" c="dimmed">
              {eta.source === 'tracklane' && eta.biasHours !== null
                ? `Carrier ETA ${signedHours(eta.biasHours)}, its median error on this lane`
                : 'To the port of discharge'}
              {eta.issuedAt ? ` · issued ${formatDateTime(eta.issuedAt, timeZone)}` : ''}
            </Text>
            <Text size="xs">{confidenceText(eta, timeZone)}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
