import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import type { BillingOverview } from '@tracklane/shared/billing/billing.schema';
import { formatBytes } from '@tracklane/shared/documents/documents.schema';
import { Link } from 'react-router';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useBillingOverview, useOpenPortal } from '../api/billing';
import { formatCount, formatMoney, isFree } from '../utils/money';

function usageColor(ratio: number): string {
  if (ratio >= 1) return 'red';
  if (ratio >= 0.8) return 'yellow';
  return 'ocean';
}

function Usage({
  label,
  used,
  limit,
  hint,
  format = formatCount,
}: {
  label: string;
  used: number;
  limit: number;
  hint: string;
  /** How an amount reads: a count unless given (bytes for storage). */
  format?: (amount: number) => string;
}) {
  const ratio = limit > 0 ? used / limit : 1;
  return (
    <Stack gap={6} data-testid={`usage-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          <Text span fw={600} inherit>
            {format(used)}
          </Text>{' '}
          of {format(limit)}
        </Text>
      </Group>
      <Progress
        value={Math.min(100, ratio * 100)}
        color={usageColor(ratio)}
        radius="xl"
        aria-label={`${label}: ${format(used)} of ${format(limit)} used`}
      />
      <Text size="xs" c={ratio >= 1 ? 'red.8' : 'dimmed'}>
        {ratio >= 1 ? `All in use. ${hint}` : hint}
      </Text>
    </Stack>
  );
}

/**
 * /settings/billing: the plan, seats, active shipments and the workspace's document storage against it,
 * the renewal, and the invoices.
 */
export function BillingSettings({
  timeZone,
  workspaceName,
}: {
  timeZone: string;
  /** The current workspace, whose document storage the page shows. */
  workspaceName: string | undefined;
}) {
  const overview = useBillingOverview();
  if (overview.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading billing">
        <Skeleton height={180} radius="lg" />
        <Skeleton height={140} radius="lg" />
      </Stack>
    );
  if (overview.isError)
    return (
      <QueryErrorAlert
        title="Could not load billing"
        error={overview.error}
        onRetry={() => void overview.refetch()}
      />
    );
  return <BillingDetails overview={overview.data} timeZone={timeZone} workspaceName={workspaceName} />;
}

function BillingDetails({
  overview,
  timeZone,
  workspaceName,
}: {
  overview: BillingOverview;
  timeZone: string;
  workspaceName: string | undefined;
}) {
  const { plan } = overview;
  const portal = useOpenPortal();
  const price = overview.interval === 'month' ? plan.monthlyPrice : plan.yearlyPrice;
  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: (url) => window.location.assign(url),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Could not open the billing portal',
          message: errorMessage(error, 'Please try again.'),
        }),
    });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="billing-plan-title">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <div>
              <Text size="sm" c="dimmed">
                Current plan
              </Text>
              <Group gap="xs" align="baseline">
                <Title order={2} id="billing-plan-title">
                  {plan.name}
                </Title>
                {!isFree(plan) ? (
                  <Badge variant="light" color="gray">
                    {overview.interval === 'month' ? 'Monthly' : 'Yearly'}
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" mt={4}>
                {isFree(plan)
                  ? 'Free, no renewal.'
                  : `${formatMoney(price, plan.currency)} per ${overview.interval}${
                      overview.renewsAt ? `, renews on ${formatDate(overview.renewsAt, timeZone)}` : ''
                    }.`}
              </Text>
            </div>
            <Group gap="sm">
              {overview.canChangePlan && overview.hasPortal ? (
                <Button
                  variant="default"
                  onClick={openPortal}
                  loading={portal.isPending}
                  rightSection={<IconExternalLink size={14} />}
                >
                  Manage payment
                </Button>
              ) : null}
              <Button component={Link} to={paths.pricing}>
                {overview.canChangePlan ? 'Change plan' : 'See plans'}
              </Button>
            </Group>
          </Group>
          {!overview.canChangePlan ? (
            <Text size="xs" c="dimmed">
              Only company admins can change plans.
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Usage
              label="Seats"
              used={overview.memberUsage}
              limit={overview.memberLimit}
              hint="Members and pending invitations each take a seat."
            />
            <Usage
              label="Active shipments"
              used={overview.shipmentUsage}
              limit={overview.shipmentQuota}
              hint="Ocean and express, every workspace; archived and completed ones do not count."
            />
            <Usage
              label="Document storage"
              used={overview.documentStorage.usedBytes}
              limit={overview.documentStorage.quotaBytes}
              format={formatBytes}
              hint={`Files on the shipments of ${workspaceName ?? 'this workspace'}; each workspace may keep this much.`}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Invoices overview={overview} timeZone={timeZone} />
    </Stack>
  );
}

function Invoices({ overview, timeZone }: { overview: BillingOverview; timeZone: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="invoices-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="invoices-title">
          Invoices
        </Title>
        {overview.provider === 'none' ? (
          <Text size="sm" c="dimmed">
            This installation takes no payments, so there are no invoices. Company admins change plans
            directly.
          </Text>
        ) : overview.invoicesError ? (
          <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />}>
            {overview.invoicesError}
          </Alert>
        ) : !overview.invoices || overview.invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            No invoices yet. They appear here after the first payment.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {overview.invoices.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>{formatDate(invoice.createdAt, timeZone)}</Table.Td>
                    <Table.Td ff="monospace">
                      {invoice.url ? (
                        <Anchor href={invoice.url} target="_blank" rel="noopener noreferrer" inherit>
                          {invoice.number ?? invoice.id}
                        </Anchor>
                      ) : (
                        (invoice.number ?? invoice.id)
                      )}
                    </Table.Td>
                    <Table.Td style={{ textTransform: 'capitalize' }}>{invoice.status}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(invoice.amount, invoice.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
