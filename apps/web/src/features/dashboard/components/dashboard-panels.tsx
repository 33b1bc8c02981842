import { Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AnyDashboard, DashboardFiguresPanel, DashboardModeConfig } from '../utils/modes';
import classes from './dashboard.module.css';

const SWATCHES = [
  'ocean.6',
  'teal.5',
  'yellow.5',
  'gray.5',
  'grape.5',
  'orange.5',
  'red.5',
  'cyan.5',
  'lime.6',
];
const swatch = (index: number) => SWATCHES[index % SWATCHES.length] ?? 'gray.5';
const cssColor = (mantine: string) => `var(--mantine-color-${mantine.replace('.', '-')})`;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} withBorder radius="lg" p="md">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A panel of figures only the mode's answer has (ocean: demurrage and detention, per currency). */
function FiguresPanel({ panel, dashboard }: { panel: DashboardFiguresPanel; dashboard: AnyDashboard }) {
  const groups = panel.groups(dashboard);
  return (
    <Panel title={panel.title}>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {panel.empty}
        </Text>
      ) : (
        <Stack gap="sm">
          {groups.map((group) => (
            <div key={group.key} className={classes.weeks} data-testid={panel.testId}>
              {group.figures.map((figure) => (
                <div key={figure.label}>
                  <div className={classes.moneyNumber}>{figure.value}</div>
                  <Text size="sm" c="dimmed">
                    {figure.label}
                  </Text>
                </div>
              ))}
            </div>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        {panel.note}
      </Text>
    </Panel>
  );
}

/** The status breakdown, arrivals (or deliveries) by week, and carriers by volume (spec §3). */
export function DashboardPanels({
  dashboard,
  config,
}: {
  dashboard: AnyDashboard;
  config: DashboardModeConfig;
}) {
  const statuses = dashboard.statusBreakdown.filter((status) => status.count > 0);
  const total = statuses.reduce((sum, status) => sum + status.count, 0);
  const topCarrier = dashboard.carriers[0]?.count ?? 0;
  return (
    <div className={classes.panels}>
      <Panel title="By status">
        {total > 0 ? (
          <Progress.Root size={12} radius="xl" mb="md" aria-hidden>
            {statuses.map((status, index) => (
              <Tooltip key={status.status} label={`${status.label}: ${String(status.count)}`}>
                <Progress.Section value={(status.count / total) * 100} color={swatch(index)} />
              </Tooltip>
            ))}
          </Progress.Root>
        ) : null}
        <ul className={classes.rows}>
          {dashboard.statusBreakdown.map((status) => {
            const index = statuses.indexOf(status);
            return (
              <li key={status.status} className={classes.row}>
                <span
                  className={classes.swatch}
                  style={{ background: index >= 0 ? cssColor(swatch(index)) : 'var(--mantine-color-gray-2)' }}
                />
                <Text size="sm" truncate>
                  {status.label}
                </Text>
                <span className={classes.number}>{status.count}</span>
              </li>
            );
          })}
        </ul>
      </Panel>

      <Panel title={config.arrivalsTitle}>
        <div className={classes.weeks}>
          <div>
            <div className={classes.bigNumber}>{dashboard.arrivals.thisWeek}</div>
            <Text size="sm" c="dimmed">
              This week
            </Text>
          </div>
          <div>
            <div className={classes.bigNumber}>{dashboard.arrivals.nextWeek}</div>
            <Text size="sm" c="dimmed">
              Next week
            </Text>
          </div>
        </div>
        <Text size="xs" c="dimmed" mt="sm">
          {config.arrivalsNote}
        </Text>
      </Panel>

      {config.figures.map((panel) => (
        <FiguresPanel key={panel.title} panel={panel} dashboard={dashboard} />
      ))}

      <Panel title="Carriers">
        {dashboard.carriers.length > 0 ? (
          <ul className={classes.rows}>
            {dashboard.carriers.map((carrier) => (
              <li key={carrier.carrier} className={`${classes.row} ${classes.rowPlain}`}>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {config.carrierName(carrier)}
                  </Text>
                  <Progress value={(carrier.count / topCarrier) * 100} size={4} mt={4} aria-hidden />
                </div>
                <span className={classes.number}>{carrier.count}</span>
              </li>
            ))}
          </ul>
        ) : (
          <Text size="sm" c="dimmed">
            No carriers yet.
          </Text>
        )}
      </Panel>
    </div>
  );
}
