import { ActionIcon, Button, EmptyState, Group, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { dashboardDescription } from '../../../components/page-headers';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useDashboard } from '../../../lib/dashboard-api';
import { formatDateTime } from '../../../lib/dates';
import { useHydrated } from '../../../lib/use-hydrated';
import { shipmentTotal, type AnyDashboard, type DashboardModeConfig } from '../utils/modes';
import { AttentionCards } from './attention-cards';
import { DashboardPanels } from './dashboard-panels';
import { DashboardSkeleton } from './dashboard-skeleton';
import { LiveMapSection } from './live-map-section';

interface DashboardProps {
  /** The mode's words, paths and presenters (src/modes/<mode>/mode.ts). */
  config: DashboardModeConfig;
  /** The reader's time zone: "Updated …" and the detail links use it (spec §9). */
  timeZone: string;
  /** shipmentPermission 0: the empty state offers to add one. */
  canCreate: boolean;
}

export { DashboardSkeleton };

/**
 * A mode's dashboard, /dashboard/ocean and /dashboard/truck/express (spec §3): what needs attention, the status breakdown,
 * arrivals by week, carriers, and where the shipments are. Refreshed every minute and on focus.
 */
export function Dashboard({ config, timeZone, canCreate }: DashboardProps) {
  const query = useDashboard<AnyDashboard>(config.mode);
  const dashboard: AnyDashboard | undefined = query.data;
  // A page the server rendered hydrates after the shell, whose socket may have marked the figures
  // stale by then: the query then counts as fetching, which the server's HTML could not show.
  const hydrated = useHydrated();

  const updated = dashboard ? (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed" data-testid="dashboard-updated">
        {dashboard.updatedTime
          ? `Updated ${formatDateTime(dashboard.updatedTime, timeZone)}`
          : 'Not checked with the carriers yet'}
      </Text>
      <Tooltip label="Refresh now">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Refresh the dashboard"
          loading={hydrated && query.isFetching}
          onClick={() => void query.refetch()}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  ) : null;

  return (
    <>
      <PageHeader
        title={config.title}
        description={dashboardDescription(config.things, timeZone)}
        actions={updated}
      />
      {query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError && !dashboard ? (
        <QueryErrorAlert
          title="Could not load the dashboard"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : dashboard && shipmentTotal(dashboard) === 0 ? (
        <EmptyState
          py={64}
          variant="light"
          color="gray"
          icon={<config.Icon size={26} stroke={1.75} />}
          title={`No ${config.things} yet`}
          description={`Once this workspace follows ${config.things}, what needs attention, where they are and what arrives this week show up here.`}
          data-testid="dashboard-empty"
        >
          {canCreate ? (
            <EmptyState.Actions>
              <Button component={Link} to={config.newPath} leftSection={<IconPlus size={16} />}>
                {config.addLabel}
              </Button>
            </EmptyState.Actions>
          ) : null}
        </EmptyState>
      ) : dashboard ? (
        <>
          <AttentionCards
            cards={dashboard.attentionVO}
            exceptions={dashboard.exceptions}
            config={config}
            timeZone={timeZone}
          />
          <DashboardPanels dashboard={dashboard} config={config} />
          <LiveMapSection map={dashboard.liveMapVO} config={config} timeZone={timeZone} />
        </>
      ) : null}
    </>
  );
}
