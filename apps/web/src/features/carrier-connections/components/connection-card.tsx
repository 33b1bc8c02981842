import { ActionIcon, Badge, Button, Group, Menu, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlugConnected,
  IconTrash,
} from '@tabler/icons-react';
import {
  AUTH_TYPE_LABELS,
  isTerminalKind,
  TERMINAL_OPERATORS,
  testOutcomeLabel,
  type CarrierConnection,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { presetFor } from '@tracklane/shared/carrier-connections/presets';
import { facilityName } from '@tracklane/shared/terminal-availability/terminal-availability';
import { CopyIdentifier } from '../../../components/copy-identifier';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useUpdateConnection } from '../api/carrier-connections';
import classes from './carrier-connections.module.css';
import { deliverySummary } from './push-delivery-fields';

/** The section's dialogs, which a card opens. */
export type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; connection: CarrierConnection }
  | { kind: 'delete'; connection: CarrierConnection }
  | { kind: 'test'; connection: CarrierConnection };

/** The server's words start lower case (they follow "DCSA MAEU: " in logs); alone they are a sentence. */
export const sentence = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

export const connectionName = (c: Pick<CarrierConnection, 'carrier' | 'label' | 'kind'>) => {
  if (isTerminalKind(c.kind)) return `${TERMINAL_OPERATORS[c.kind].name}${c.label ? ` · ${c.label}` : ''}`;
  const name = presetFor(c.carrier)?.name;
  return `${name ? `${name} (${c.carrier})` : c.carrier}${c.label ? ` · ${c.label}` : ''}`;
};

/** A terminal connection's terminals, by name where known. */
const terminalsText = (terminals: readonly string[]) =>
  terminals.map((code) => (facilityName(code) ? `${facilityName(code)} (${code})` : code)).join(', ');

function authSummary(connection: CarrierConnection): string {
  const auth = connection.auth;
  if (auth.type === 'headers')
    return auth.headers.map((h) => `${h.name} ${h.last4 ? `••••${h.last4}` : '••••'}`).join(', ');
  if (auth.type === 'oauth2-client-credentials')
    return `OAuth2 client ${auth.clientIdLast4 ? `••••${auth.clientIdLast4}` : '••••'}`;
  return AUTH_TYPE_LABELS.none;
}

function HealthBadge({ connection }: { connection: CarrierConnection }) {
  const h = connection.health;
  if (!connection.enabled)
    return (
      <Badge variant="light" color="gray" radius="sm">
        Disabled
      </Badge>
    );
  if (h.failingSince)
    return (
      <Badge variant="light" color="red" radius="sm">
        Failing
      </Badge>
    );
  if (h.lastSuccessAt)
    return (
      <Badge variant="light" color="teal" radius="sm">
        Working
      </Badge>
    );
  return (
    <Badge variant="light" color="blue" radius="sm">
      Not used yet
    </Badge>
  );
}

/** One connection: its kind, credentials' summary, health and last error, with its actions. */
export function ConnectionCard({
  connection,
  timeZone,
  onOpen,
}: {
  connection: CarrierConnection;
  timeZone: string;
  onOpen: (d: Dialog) => void;
}) {
  const update = useUpdateConnection();
  const h = connection.health;
  const name = connectionName(connection);
  const toggle = async () => {
    try {
      await update.mutateAsync({ connectionId: connection.id, enabled: !connection.enabled });
      notifications.show({
        color: 'teal',
        message: connection.enabled ? `${name} disabled` : `${name} enabled`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not save', message: errorMessage(error) });
    }
  };
  const usedToday = Math.min(100, (h.callsToday / connection.perDay) * 100);

  return (
    <Paper withBorder radius="md" p="md" className={classes.card} data-testid="carrier-connection">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{name}</Text>
              <HealthBadge connection={connection} />
            </Group>
            <Text className={classes.url}>{connection.baseUrl}</Text>
            {connection.delivery === 'push' ? (
              <Group gap={4} wrap="nowrap">
                <Text className={classes.url} data-testid="callback-url">
                  Callback {connection.push.callbackUrl}
                </Text>
                <CopyIdentifier value={connection.push.callbackUrl} what="callback URL" />
              </Group>
            ) : null}
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlugConnected size={14} />}
              onClick={() => onOpen({ kind: 'test', connection })}
              aria-label={`Test ${name}`}
            >
              Test
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`More for ${name}`}>
                  <IconDots size={16} stroke={1.75} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconPencil size={16} />}
                  onClick={() => onOpen({ kind: 'edit', connection })}
                >
                  Edit
                </Menu.Item>
                <Menu.Item
                  leftSection={
                    connection.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
                  }
                  onClick={() => void toggle()}
                >
                  {connection.enabled ? 'Disable' : 'Enable'}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => onOpen({ kind: 'delete', connection })}
                >
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <dl className={classes.facts}>
          {isTerminalKind(connection.kind) ? (
            <div>
              <dt>Terminals</dt>
              <dd>{terminalsText(connection.terminals)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Credentials</dt>
            <dd>{authSummary(connection)}</dd>
          </div>
          <div>
            <dt>Last success</dt>
            <dd>{h.lastSuccessAt ? formatDateTime(h.lastSuccessAt, timeZone) : 'Never'}</dd>
          </div>
          <div>
            <dt>Last error</dt>
            <dd>
              {h.lastErrorAt && h.lastErrorClass
                ? `${testOutcomeLabel(h.lastErrorClass, connection.kind)}, ${formatDateTime(h.lastErrorAt, timeZone)}`
                : 'None'}
            </dd>
          </div>
          <div>
            <dt>Delivery</dt>
            <dd>{deliverySummary(connection)}</dd>
          </div>
          {connection.delivery === 'push' ? (
            <div>
              <dt>Last callback</dt>
              <dd>
                {connection.push.lastCallbackAt
                  ? formatDateTime(connection.push.lastCallbackAt, timeZone)
                  : 'None yet'}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Next call</dt>
            <dd>
              {!connection.enabled
                ? 'Not while disabled'
                : h.nextCallAt
                  ? formatDateTime(h.nextCallAt, timeZone)
                  : isTerminalKind(connection.kind)
                    ? 'No containers at these terminals'
                    : 'No containers of this carrier'}
            </dd>
          </div>
          <div>
            <dt>Calls today</dt>
            <dd>
              {h.callsToday} of {connection.perDay} · {h.callsThisMinute} of {connection.perMinute} this
              minute
              <Progress
                value={usedToday}
                color={usedToday >= 90 ? 'red' : 'teal'}
                size="sm"
                mt={4}
                aria-label={`Calls today: ${String(h.callsToday)} of ${String(connection.perDay)}`}
              />
            </dd>
          </div>
        </dl>
        {connection.delivery === 'push' && connection.push.failing && connection.push.lastError ? (
          <Text size="sm" c="orange.9" role="status">
            Subscriptions refused: {sentence(connection.push.lastError)}
          </Text>
        ) : null}
        {h.failingSince && h.lastErrorMessage ? (
          <Text size="sm" c="red" role="status">
            {sentence(h.lastErrorMessage)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
