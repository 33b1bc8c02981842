import { Badge, Button, Modal, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WebhookDeliveryStatus, WebhookEndpoint } from '@tracklane/shared/webhooks/webhooks.schema';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useReplayWebhookDelivery, useWebhookDeliveries } from '../api/webhook-deliveries';
import classes from './public-api.module.css';

const STATUS: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'blue' },
  succeeded: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

function DeliveryLog({ endpoint, timeZone }: { endpoint: WebhookEndpoint; timeZone: string }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const replay = useReplayWebhookDelivery();

  const onReplay = async (deliveryId: string) => {
    try {
      await replay.mutateAsync({ endpointId: endpoint.id, deliveryId });
      notifications.show({ color: 'teal', message: 'Queued for delivery' });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not replay',
        message: errorMessage(error, 'Something went wrong.'),
      });
    }
  };

  if (deliveries.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading deliveries">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={30} radius="md" />
        ))}
      </Stack>
    );
  if (deliveries.isError)
    return (
      <QueryErrorAlert
        title="Could not load the deliveries"
        error={deliveries.error}
        onRetry={() => void deliveries.refetch()}
      />
    );
  if (deliveries.data.length === 0)
    return (
      <Text size="sm" c="dimmed" py="lg" ta="center">
        Nothing sent yet. Deliveries appear here as soon as a subscribed event happens.
      </Text>
    );
  return (
    <div className={classes.scroll}>
      <Table className={classes.table} verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Created</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th className={classes.number}>Attempts</Table.Th>
            <Table.Th className={classes.number}>HTTP</Table.Th>
            <Table.Th className={classes.number}>Time</Table.Th>
            <Table.Th className={classes.actions} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((d) => (
            <Table.Tr key={d.id} data-testid="delivery-row">
              <Table.Td className={classes.nowrap}>{formatDateTime(d.createdAt, timeZone)}</Table.Td>
              <Table.Td className={classes.mono}>{d.eventType}</Table.Td>
              <Table.Td>
                <Tooltip label={d.lastError ?? ''} disabled={!d.lastError} multiline w={320}>
                  <Badge variant="light" color={STATUS[d.status].color} radius="sm">
                    {STATUS[d.status].label}
                  </Badge>
                </Tooltip>
              </Table.Td>
              <Table.Td className={classes.number}>{d.attempts}</Table.Td>
              <Table.Td className={classes.number}>{d.lastStatusCode ?? '–'}</Table.Td>
              <Table.Td className={classes.number}>
                {d.lastResponseMs === null ? '–' : `${String(d.lastResponseMs)} ms`}
              </Table.Td>
              <Table.Td className={classes.actions}>
                <Button
                  size="compact-xs"
                  variant="default"
                  disabled={!endpoint.enabled || d.status === 'pending'}
                  onClick={() => void onReplay(d.id)}
                >
                  Replay
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** An endpoint's delivery log (status, attempts, last HTTP status, response time) with replay. */
export function WebhookDeliveriesModal({
  endpoint,
  onClose,
  timeZone,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  timeZone: string;
}) {
  return (
    <Modal opened={endpoint !== null} onClose={onClose} title="Deliveries" size="xl">
      {endpoint ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" className={classes.url} title={endpoint.url}>
            {endpoint.url}
          </Text>
          {endpoint.enabled ? null : (
            <Text size="sm" c="red">
              This endpoint is disabled: enable it to replay deliveries.
            </Text>
          )}
          <DeliveryLog endpoint={endpoint} timeZone={timeZone} />
        </Stack>
      ) : null}
    </Modal>
  );
}
