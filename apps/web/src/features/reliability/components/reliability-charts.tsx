import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type {
  HorizonAccuracy,
  MonthReliability,
} from '@tracklane/shared/tracking/ocean/reliability/reliability.schema';
import { days, monthLabel, percent } from '../utils/format';

const WIDTH = 320;
const HEIGHT = 160;
const AXIS = 20;

interface Bar {
  label: string;
  value: number | null;
  text: string;
  title: string;
}

/** Vertical bars scaled to `max`, each labelled below and valued above; empty bars are left out. */
function Bars({ bars, max, color, label }: { bars: Bar[]; max: number; color: string; label: string }) {
  const slot = WIDTH / Math.max(bars.length, 1);
  const width = Math.min(36, slot * 0.7);
  const plot = HEIGHT - AXIS - 16;
  return (
    <svg viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`} width="100%" role="img" aria-label={label}>
      <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} stroke="var(--mantine-color-gray-4)" />
      {bars.map((bar, i) => {
        const x = i * slot + (slot - width) / 2;
        const h = bar.value === null || max <= 0 ? 0 : (Math.min(bar.value, max) / max) * plot;
        const every = Math.ceil(bars.length / 8);
        return (
          <g key={bar.label}>
            <title>{bar.title}</title>
            <rect x={x} y={HEIGHT - AXIS - h} width={width} height={h} rx={3} fill={color} />
            {bar.value !== null && bars.length <= 12 ? (
              <text
                x={x + width / 2}
                y={HEIGHT - AXIS - h - 4}
                fontSize={10}
                textAnchor="middle"
                fill="currentColor"
              >
                {bar.text}
              </text>
            ) : null}
            {i % every === 0 ? (
              <text x={x + width / 2} y={HEIGHT - 6} fontSize={10} textAnchor="middle" fill="currentColor">
                {bar.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** On-time share by month and the carriers' ETA error by days before arrival, as bars. */
export function ReliabilityCharts({
  months,
  horizons,
}: {
  months: MonthReliability[];
  horizons: HorizonAccuracy[];
}) {
  const carrier = horizons.filter((h) => h.source === 'carrier');
  const worst = Math.max(24, ...carrier.map((h) => h.meanAbsErrorHours ?? 0));
  const withYear = months.length > 12;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder padding="md">
        <Title order={2} size="h5">
          On time by month
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          Share of arrivals within a day of the first ETA and of the ETA a week out
        </Text>
        <Bars
          label="On-time share by month"
          color="var(--mantine-color-teal-6)"
          max={1}
          bars={months.map((m) => ({
            label: monthLabel(m.month, withYear),
            value: m.onTimeShare,
            text: percent(m.onTimeShare),
            title: `${m.month}: ${percent(m.onTimeShare)} on time of ${String(m.judged)}`,
          }))}
        />
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h5">
          ETA accuracy by days before arrival
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          Average distance between the carrier’s ETA then and the actual arrival
        </Text>
        <Bars
          label="Average ETA error 14, 7, 3 and 1 days before arrival"
          color="var(--mantine-color-blue-6)"
          max={worst}
          bars={carrier.map((h) => ({
            label: `${String(h.days)} d out`,
            value: h.meanAbsErrorHours,
            text: days(h.meanAbsErrorHours),
            title: `${String(h.days)} days out: ${days(h.meanAbsErrorHours)} off on average over ${String(h.samples)} arrivals`,
          }))}
        />
      </Card>
    </SimpleGrid>
  );
}
