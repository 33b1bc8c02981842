import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useOverview } from '../api/get-overview';
import { SeatsUsage } from './seats-usage';
import { QueryErrorAlert } from '../../../components/query-error-alert';

const countText = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

/** Plan, seats and the organization's size, for the overview page. */
export function PlanCard() {
  const overview = useOverview();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="plan-title">
      <Stack gap="lg">
        <Title order={2} id="plan-title">
          Plan and seats
        </Title>
        {overview.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading plan and seats">
            <Skeleton height={14} width="40%" />
            <Skeleton height={10} radius="xl" />
            <Skeleton height={12} width="60%" />
          </Stack>
        ) : overview.isError ? (
          <QueryErrorAlert
            title="Could not load the plan"
            error={overview.error}
            onRetry={() => void overview.refetch()}
          />
        ) : (
          <Stack gap="md">
            <SeatsUsage overview={overview.data} />
            <Text size="sm" c="dimmed">
              {countText(overview.data.memberCount, 'member', 'members')} in{' '}
              {countText(overview.data.workspaceCount, 'workspace', 'workspaces')}.
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
