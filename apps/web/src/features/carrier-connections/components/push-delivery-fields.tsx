import { Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  CONNECTION_URL_MAX,
  type CarrierConnection,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import {
  subscriptionsUrlFor,
  supportsPush,
  type Delivery,
} from '@tracklane/shared/carrier-connections/carrier-push.schema';
import { CopyIdentifier } from '../../../components/copy-identifier';
import classes from './carrier-connections.module.css';

export interface PushDeliveryValue {
  delivery: Delivery;
  /** The event-subscriptions endpoint typed in; '' uses the one beside the events endpoint. */
  subscriptionsUrl: string;
}

interface PushDeliveryFieldsProps {
  kind: string;
  baseUrl: string;
  value: PushDeliveryValue;
  onChange: (value: PushDeliveryValue) => void;
  /** The connection's callback URL, once it exists (editing). */
  callbackUrl: string | null;
}

/**
 * Poll or push, for a kind whose carriers can offer DCSA event subscriptions: push names the carrier's
 * subscriptions endpoint (found beside the events endpoint when left empty) and shows the callback URL
 * Tracklane registers with each subscription.
 */
export function PushDeliveryFields({ kind, baseUrl, value, onChange, callbackUrl }: PushDeliveryFieldsProps) {
  if (!supportsPush(kind)) return null;
  const derived = subscriptionsUrlFor(baseUrl.trim());
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Delivery"
        value={value.delivery}
        onChange={(delivery) => onChange({ ...value, delivery })}
      >
        <Stack gap="xs" mt={6}>
          <Radio
            value="poll"
            label="Poll"
            description="Tracklane asks the carrier about each container on its schedule."
          />
          <Radio
            value="push"
            label="Push"
            description="The carrier sends events as they happen (DCSA event subscriptions, if your account offers them). Tracklane still asks twice a day as a safety net."
          />
        </Stack>
      </Radio.Group>
      {value.delivery === 'push' ? (
        <>
          <TextInput
            label="Event-subscriptions endpoint"
            description={
              derived
                ? `Leave empty to use ${derived}`
                : 'Required: the events endpoint does not end in /events, so it cannot be found beside it'
            }
            placeholder={derived ?? 'https://api.carrier.example/v2/event-subscriptions'}
            value={value.subscriptionsUrl}
            maxLength={CONNECTION_URL_MAX}
            onChange={(event) => onChange({ ...value, subscriptionsUrl: event.currentTarget.value })}
          />
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Callback URL
            </Text>
            {callbackUrl ? (
              <Group gap={4} wrap="nowrap" align="center">
                <Text className={classes.url} data-testid="callback-url">
                  {callbackUrl}
                </Text>
                <CopyIdentifier value={callbackUrl} what="callback URL" />
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                Tracklane registers it with every subscription it makes; it is shown here once the connection
                is added.
              </Text>
            )}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}

/** How a connection's events arrive, in words: poll, or push with its subscriptions by state. */
export function deliverySummary(connection: Pick<CarrierConnection, 'delivery' | 'push'>): string {
  if (connection.delivery !== 'push') return 'Poll';
  const { subscribed, pending, failing } = connection.push;
  return [
    `Push · ${String(subscribed)} subscribed`,
    pending ? `${String(pending)} pending` : null,
    failing ? `${String(failing)} failing` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
