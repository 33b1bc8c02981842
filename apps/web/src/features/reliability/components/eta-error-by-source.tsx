import { Card, Table, Text, Title } from '@mantine/core';
import {
  HORIZON_DAYS,
  ETA_SOURCES,
  type EtaSource,
} from '@tracklane/shared/tracking/ocean/reliability/eta-accuracy';
import type { HorizonAccuracy } from '@tracklane/shared/tracking/ocean/reliability/reliability.schema';
import { bias, days } from '../utils/format';

const SOURCE_LABELS: Record<EtaSource, string> = {
  carrier: 'Carrier',
  terminal: 'Terminal (to berth)',
  manual: 'Set by hand',
  tracklane: 'Tracklane estimate',
};

/**
 * How far each source's ETA was from the actual arrival 14, 7, 3 and 1 days before it (average
 * distance, and bias), for every source with measured arrivals in the period: each source is judged
 * against the arrival, never against another source's or a later ETA.
 */
export function EtaErrorBySource({ horizons }: { horizons: HorizonAccuracy[] }) {
  const sources = ETA_SOURCES.filter((source) => horizons.some((h) => h.source === source && h.samples > 0));
  const at = (source: EtaSource, d: number) => horizons.find((h) => h.source === source && h.days === d);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="eta-error-by-source-title">
      <Title order={2} size="h5" id="eta-error-by-source-title">
        ETA error by source
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Average distance between each source’s ETA then and the actual arrival, and its bias (arrivals
        measured)
      </Text>
      {sources.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ETA measured against an arrival in this period.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table striped withRowBorders={false} verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Source</Table.Th>
                {HORIZON_DAYS.map((d) => (
                  <Table.Th key={d} ta="right">
                    {String(d)} d out
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sources.map((source) => (
                <Table.Tr key={source} data-testid={`eta-error-${source}`}>
                  <Table.Td>{SOURCE_LABELS[source]}</Table.Td>
                  {HORIZON_DAYS.map((d) => {
                    const h = at(source, d);
                    return (
                      <Table.Td key={d} ta="right">
                        {h && h.samples > 0 ? (
                          <>
                            <Text size="sm" span>
                              {days(h.meanAbsErrorHours)}
                            </Text>
                            <Text size="xs" c="dimmed" display="block">
                              {bias(h.meanErrorHours)} · {String(h.samples)}
                            </Text>
                          </>
                        ) : (
                          '–'
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
