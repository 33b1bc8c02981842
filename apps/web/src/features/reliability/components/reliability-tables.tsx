import { Card, Table, Text, Title } from '@mantine/core';
import { HORIZON_DAYS } from '@tracklane/shared/tracking/ocean/reliability/eta-accuracy';
import type {
  ReliabilityFigures,
  ReliabilityReport,
} from '@tracklane/shared/tracking/ocean/reliability/reliability.schema';
import type { ExportColumn } from '../../../shipment-list/table-export';
import { bias, days, percent } from '../utils/format';

/** One row of any of the three tables: what it groups by, and its figures. */
export interface GroupRow extends ReliabilityFigures {
  group: 'Carrier' | 'Lane' | 'Transshipment port';
  name: string;
}

const carrierHorizon = (row: ReliabilityFigures, d: number) =>
  row.horizons.find((h) => h.source === 'carrier' && h.days === d);

/** The columns of the exported file: every figure of every row. */
export const GROUP_COLUMNS: ExportColumn<GroupRow>[] = [
  { label: 'Group', text: (row) => row.group },
  { label: 'Name', text: (row) => row.name },
  { label: 'Arrived', text: (row) => String(row.arrived) },
  { label: 'Judged', text: (row) => String(row.judged) },
  { label: 'On time', text: (row) => String(row.onTime) },
  { label: 'On-time share', text: (row) => percent(row.onTimeShare) },
  { label: 'Late', text: (row) => String(row.late) },
  {
    label: 'Average delay (h)',
    text: (row) => (row.avgDelayHours === null ? '' : row.avgDelayHours.toFixed(1)),
  },
  { label: 'P90 delay (h)', text: (row) => (row.p90DelayHours === null ? '' : row.p90DelayHours.toFixed(1)) },
  { label: 'Rolls', text: (row) => String(row.rolls) },
  ...HORIZON_DAYS.flatMap((d): ExportColumn<GroupRow>[] => [
    {
      label: `Carrier ETA error ${String(d)} d out (h)`,
      text: (row) => carrierHorizon(row, d)?.meanAbsErrorHours?.toFixed(1) ?? '',
    },
    {
      label: `Carrier ETA bias ${String(d)} d out (h)`,
      text: (row) => carrierHorizon(row, d)?.meanErrorHours?.toFixed(1) ?? '',
    },
  ]),
];

/** The report's three tables as one list of rows: carriers, lanes, transshipment ports. */
export function groupRows(report: ReliabilityReport): GroupRow[] {
  return [
    ...report.carriers.map((row) => ({ ...row, group: 'Carrier' as const, name: row.carrier })),
    ...report.lanes.map((row) => ({
      ...row,
      group: 'Lane' as const,
      name: `${row.pol || '?'} → ${row.pod || '?'}`,
    })),
    ...report.transshipments.map((row) => ({ ...row, group: 'Transshipment port' as const, name: row.port })),
  ];
}

/** One group's table; on a phone only the name, arrivals, on-time share and average delay show. */
export function GroupTable({ title, rows, empty }: { title: string; rows: GroupRow[]; empty: string }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table striped highlightOnHover verticalSpacing="xs" fz="sm" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{rows[0]?.group}</Table.Th>
              <Table.Th ta="right">Arrived</Table.Th>
              <Table.Th ta="right">On time</Table.Th>
              <Table.Th ta="right">Avg delay</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                P90 delay
              </Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                Rolls
              </Table.Th>
              {HORIZON_DAYS.map((d) => (
                <Table.Th key={d} ta="right" visibleFrom="md">
                  ETA off {d} d out
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Table.Td>
                <Table.Td ta="right">{row.arrived}</Table.Td>
                <Table.Td ta="right">{percent(row.onTimeShare)}</Table.Td>
                <Table.Td ta="right">{days(row.avgDelayHours)}</Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {days(row.p90DelayHours)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {row.rolls}
                </Table.Td>
                {HORIZON_DAYS.map((d) => {
                  const h = carrierHorizon(row, d);
                  return (
                    <Table.Td
                      key={d}
                      ta="right"
                      visibleFrom="md"
                      title={`Bias: ${bias(h?.meanErrorHours ?? null)} over ${String(h?.samples ?? 0)} arrivals`}
                    >
                      {days(h?.meanAbsErrorHours ?? null)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
