import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { OrganizationOverview } from '@tracklane/shared/organizations/organizations.schema';

/** "free" → "Free plan": plan codes as people read them. */
export function planLabel(plan: string): string {
  const words = plan.replace(/[_-]+/g, ' ').trim();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} plan`;
}

function usageColor(ratio: number): string {
  if (ratio >= 1) return 'red';
  if (ratio >= 0.8) return 'yellow';
  return 'ocean';
}

/** Seats used against the plan's limit (spec §3 Organization overview: memberUsage of memberLimit). */
export function SeatsUsage({ overview }: { overview: OrganizationOverview }) {
  const { memberUsage, memberLimit } = overview;
  const ratio = memberLimit > 0 ? memberUsage / memberLimit : 1;
  const full = memberUsage >= memberLimit;
  return (
    <Stack gap={6} data-testid="seats-usage">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          Seats
        </Text>
        <Badge variant="light" color="gray" radius="sm" size="sm">
          {planLabel(overview.plan)}
        </Badge>
      </Group>
      <Progress
        value={Math.min(100, ratio * 100)}
        color={usageColor(ratio)}
        size="md"
        radius="xl"
        aria-label={`${String(memberUsage)} of ${String(memberLimit)} seats used`}
      />
      <Text size="xs" c={full ? 'red.8' : 'dimmed'}>
        <Text
          span
          fw={600}
          c={full ? 'red.8' : 'gray.8'}
          inherit
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {memberUsage} of {memberLimit}
        </Text>{' '}
        seats used{full ? ': no seats left for new members' : ''}
        {overview.pendingInvitations > 0
          ? ` · ${String(overview.pendingInvitations)} held by pending ${overview.pendingInvitations === 1 ? 'invitation' : 'invitations'}`
          : ''}
      </Text>
    </Stack>
  );
}

/** The one-line version for page headers: "3 of 5 seats" with a short bar. */
export function SeatsMeter({ overview }: { overview: OrganizationOverview }) {
  const { memberUsage, memberLimit } = overview;
  const ratio = memberLimit > 0 ? memberUsage / memberLimit : 1;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="seats-meter">
      <Progress
        value={Math.min(100, ratio * 100)}
        color={usageColor(ratio)}
        size="sm"
        radius="xl"
        w={120}
        aria-label={`${String(memberUsage)} of ${String(memberLimit)} seats used`}
      />
      <Text size="sm" c="gray.8" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        <Text span fw={600} inherit>
          {memberUsage} of {memberLimit}
        </Text>{' '}
        seats · {planLabel(overview.plan)}
      </Text>
    </Group>
  );
}
