import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import {
  BILLING_MESSAGES,
  type Plan,
  type PlanMode,
  type Pricing,
} from '@tracklane/shared/billing/billing.schema';
import { DEFAULT_PLAN_MODE } from '@tracklane/shared/constants';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/api-client';
import { trackUsage } from '../../../lib/track-usage';
import { useChangePlan, usePricing } from '../api/billing';
import { formatCount, formatMoney, isFree, priceOf, yearlySaving } from '../utils/money';

const MODE_LABEL: Record<PlanMode, string> = { month: 'Monthly', year: 'Yearly' };

/** /payment/pricing-table: the plans with a month/year switch (default month) and the current plan marked. */
export function PricingTable() {
  const pricing = usePricing();
  const [mode, setMode] = useState<PlanMode>(DEFAULT_PLAN_MODE as PlanMode);
  const [chosen, setChosen] = useState<Plan | null>(null);

  if (pricing.isPending)
    return (
      <SimpleGrid cols={{ base: 1, md: 3 }} aria-busy="true" aria-label="Loading plans">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={360} radius="lg" />
        ))}
      </SimpleGrid>
    );
  if (pricing.isError)
    return (
      <QueryErrorAlert
        title="Could not load the plans"
        error={pricing.error}
        onRetry={() => void pricing.refetch()}
      />
    );
  const { plans } = pricing.data;
  if (plans.length === 0)
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title="No plans on offer">
        This installation offers no plans yet. Plans are rows of the plans table; ask whoever runs Tracklane.
      </Alert>
    );
  const saving = yearlySaving(plans);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value)}
          data={(['month', 'year'] as const).map((value) => ({ value, label: MODE_LABEL[value] }))}
          aria-label="Billing period"
        />
        {saving > 0 ? (
          <Text size="sm" c="dimmed">
            Yearly billing saves up to {saving}%.
          </Text>
        ) : null}
      </Group>
      {!pricing.data.canChangePlan ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          {BILLING_MESSAGES.onlyAdmins} Ask a company admin of your organization.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: Math.min(plans.length, 3) }} spacing="lg">
        {plans.map((plan) => (
          <PlanColumn
            key={plan.id}
            plan={plan}
            mode={mode}
            pricing={pricing.data}
            onChoose={() => setChosen(plan)}
          />
        ))}
      </SimpleGrid>
      <ConfirmPlanModal plan={chosen} mode={mode} pricing={pricing.data} onClose={() => setChosen(null)} />
    </Stack>
  );
}

function PlanColumn({
  plan,
  mode,
  pricing,
  onChoose,
}: {
  plan: Plan;
  mode: PlanMode;
  pricing: Pricing;
  onChoose: () => void;
}) {
  const current = plan.id === pricing.currentPlanId;
  const currentHere = current && (isFree(plan) || pricing.currentInterval === mode);
  const titleId = `plan-${plan.id}`;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid={`plan-${plan.id}`}
      style={current ? { borderColor: 'var(--mantine-color-ocean-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={2} size="h3" id={titleId}>
              {plan.name}
            </Title>
            <Text size="sm" c="dimmed">
              {plan.description}
            </Text>
          </div>
          {current ? (
            <Badge color="ocean" variant="light" style={{ flexShrink: 0 }}>
              Current plan
            </Badge>
          ) : null}
        </Group>
        <div>
          <Text component="span" fz={32} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(priceOf(plan, mode), plan.currency)}
          </Text>
          <Text component="span" c="dimmed" size="sm">
            {isFree(plan) ? ' forever' : mode === 'month' ? ' per month' : ' per year'}
          </Text>
        </div>
        <Stack gap={4}>
          <Text size="sm">
            <Text span fw={600} inherit>
              {formatCount(plan.memberLimit)}
            </Text>{' '}
            seats
          </Text>
          <Text size="sm">
            <Text span fw={600} inherit>
              {formatCount(plan.shipmentQuota)}
            </Text>{' '}
            active shipments
          </Text>
        </Stack>
        <List
          spacing={6}
          size="sm"
          center
          icon={
            <ThemeIcon color="teal" size={18} radius="xl" variant="light">
              <IconCheck size={12} />
            </ThemeIcon>
          }
          style={{ flexGrow: 1 }}
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {currentHere ? (
          <Button variant="light" disabled fullWidth>
            Your plan
          </Button>
        ) : pricing.canChangePlan ? (
          <Button variant={current ? 'light' : 'filled'} fullWidth onClick={onChoose}>
            {current ? `Switch to ${MODE_LABEL[mode].toLowerCase()} billing` : `Choose ${plan.name}`}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ConfirmPlanModal({
  plan,
  mode,
  pricing,
  onClose,
}: {
  plan: Plan | null;
  mode: PlanMode;
  pricing: Pricing;
  onClose: () => void;
}) {
  const change = useChangePlan();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  if (!plan) return null;
  const viaStripe = pricing.provider === 'stripe' && !isFree(plan);

  const confirm = () => {
    setError(null);
    change.mutate(
      { planId: plan.id, interval: mode },
      {
        onSuccess: (result) => {
          if (result.kind === 'checkout') {
            trackUsage('checkout_started', { plan: plan.id, interval: mode });
            window.location.assign(result.url);
            return;
          }
          trackUsage('plan_changed', { plan: plan.id, interval: mode });
          notifications.show({ color: 'teal', message: `Your organization is now on ${plan.name}.` });
          close();
        },
        onError: (e) => setError(errorMessage(e, 'The plan could not be changed. Please try again.')),
      },
    );
  };

  return (
    <Modal opened onClose={close} title={`Change to ${plan.name}?`} centered>
      <Stack gap="md">
        <Text size="sm">
          {plan.name} gives {formatCount(plan.memberLimit)} seats and {formatCount(plan.shipmentQuota)} active
          shipments for {formatMoney(priceOf(plan, mode), plan.currency)}
          {isFree(plan) ? '' : mode === 'month' ? ' per month' : ' per year'}.
          {viaStripe
            ? ' You will pay on Stripe’s secure page; the plan changes once the payment is through.'
            : ''}
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={change.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={change.isPending} data-autofocus>
            {viaStripe ? 'Continue to payment' : `Change to ${plan.name}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
