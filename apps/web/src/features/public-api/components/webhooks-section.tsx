import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconHistory,
  IconKey,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import type { WebhookEndpoint } from '@tracklane/shared/webhooks/webhooks.schema';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionBody, SettingsSection } from '../../../components/settings-section';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/list-webhooks';
import { useRollWebhookSecret } from '../api/roll-webhook-secret';
import { useCreateWebhook, useUpdateWebhook } from '../api/save-webhook';
import classes from './public-api.module.css';
import { SecretReveal } from './secret-reveal';
import { WebhookDeliveriesModal } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'deliveries'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; title: string; secret: string };

function EndpointRows({ endpoints, onOpen }: { endpoints: WebhookEndpoint[]; onOpen: (d: Dialog) => void }) {
  const update = useUpdateWebhook();
  const roll = useRollWebhookSecret();

  const toggle = async (endpoint: WebhookEndpoint) => {
    try {
      await update.mutateAsync({ endpointId: endpoint.id, enabled: !endpoint.enabled });
      notifications.show({
        color: 'teal',
        message: endpoint.enabled ? 'Endpoint disabled' : 'Endpoint enabled',
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not save', message: errorMessage(error) });
    }
  };
  const rollSecret = async (endpoint: WebhookEndpoint) => {
    try {
      const rolled = await roll.mutateAsync(endpoint.id);
      onOpen({ kind: 'secret', title: 'New signing secret', secret: rolled.secret });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not roll the secret', message: errorMessage(error) });
    }
  };

  return (
    <div className={classes.scroll}>
      <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Endpoint</Table.Th>
            <Table.Th visibleFrom="sm">Events</Table.Th>
            <Table.Th visibleFrom="sm">Body</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th className={classes.actions} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => (
            <Table.Tr key={endpoint.id} data-testid="webhook-row">
              <Table.Td>
                <Text className={classes.url} title={endpoint.url}>
                  {endpoint.url}
                </Text>
                {endpoint.description ? (
                  <Text size="xs" c="dimmed">
                    {endpoint.description}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" className={classes.nowrap}>
                  {endpoint.eventTypes.length === 1
                    ? endpoint.eventTypes[0]
                    : `${String(endpoint.eventTypes.length)} types`}
                </Text>
              </Table.Td>
              <Table.Td className={classes.nowrap} visibleFrom="sm">
                {endpoint.shape === 'dcsa' ? 'DCSA 2.2' : 'Tracklane'}
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {endpoint.enabled ? (
                  <Badge variant="light" color="teal" radius="sm" className={classes.badge}>
                    Enabled
                  </Badge>
                ) : (
                  <Tooltip label={endpoint.disabledReason ?? 'Disabled'} multiline w={320}>
                    <Badge variant="light" color="red" radius="sm" className={classes.badge}>
                      Disabled
                    </Badge>
                  </Tooltip>
                )}
              </Table.Td>
              <Table.Td className={classes.actions}>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Tooltip label="Deliveries">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Deliveries to ${endpoint.url}`}
                      onClick={() => onOpen({ kind: 'deliveries', endpoint })}
                    >
                      <IconHistory size={16} stroke={1.75} />
                    </ActionIcon>
                  </Tooltip>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={`More for ${endpoint.url}`}>
                        <IconDots size={16} stroke={1.75} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconPencil size={16} />}
                        onClick={() => onOpen({ kind: 'edit', endpoint })}
                      >
                        Edit
                      </Menu.Item>
                      <Menu.Item
                        leftSection={
                          endpoint.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
                        }
                        onClick={() => void toggle(endpoint)}
                      >
                        {endpoint.enabled ? 'Disable' : 'Enable'}
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconKey size={16} />}
                        onClick={() => void rollSecret(endpoint)}
                      >
                        Roll signing secret
                      </Menu.Item>
                      <Menu.Divider />
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={() => onOpen({ kind: 'delete', endpoint })}
                      >
                        Delete
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The workspace's webhook endpoints: register, edit, enable/disable, roll the secret, the delivery log. */
export function WebhooksSection({ timeZone }: { timeZone: string }) {
  const endpoints = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const confirmDelete = async (endpoint: WebhookEndpoint) => {
    try {
      await remove.mutateAsync(endpoint.id);
      notifications.show({ color: 'teal', message: 'Endpoint deleted' });
      close();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not delete', message: errorMessage(error) });
    }
  };

  return (
    <SettingsSection
      titleId="webhooks-title"
      title="Webhooks"
      description={
        <>
          Signed POSTs to your endpoints when shipments are added, archived or change.{' '}
          <Anchor component={Link} to={paths.workspaceSettings.webhooksGuide} inherit>
            How to verify them
          </Anchor>
        </>
      }
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
          Add endpoint
        </Button>
      }
    >
      <SectionBody
        query={endpoints}
        what="webhooks"
        skeleton={{ rows: 2, height: 34 }}
        empty={{
          when: (d) => d.length === 0,
          icon: IconWebhook,
          title: 'No endpoints yet',
          text: 'Add an endpoint to have changes pushed to your systems instead of polling for them.',
        }}
      >
        {(d) => <EndpointRows endpoints={d} onOpen={setDialog} />}
      </SectionBody>

      <Modal opened={dialog?.kind === 'create'} onClose={close} title="Add webhook endpoint" size="lg">
        <WebhookForm
          submitLabel="Add endpoint"
          onSubmit={async (values) => {
            const created = await create.mutateAsync(values);
            setDialog({ kind: 'secret', title: 'Endpoint added', secret: created.secret });
          }}
        />
      </Modal>
      <Modal opened={dialog?.kind === 'edit'} onClose={close} title="Edit webhook endpoint" size="lg">
        {dialog?.kind === 'edit' ? (
          <WebhookForm
            endpoint={dialog.endpoint}
            submitLabel="Save"
            onSubmit={async (values) => {
              await update.mutateAsync({ endpointId: dialog.endpoint.id, ...values });
              notifications.show({ color: 'teal', message: 'Endpoint saved' });
              close();
            }}
          />
        ) : null}
      </Modal>
      <Modal opened={dialog?.kind === 'delete'} onClose={close} title="Delete webhook endpoint?">
        {dialog?.kind === 'delete' ? (
          <Stack gap="md">
            <Text size="sm">
              Nothing more is sent to <span className={classes.mono}>{dialog.endpoint.url}</span>, and its
              delivery log is deleted.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => void confirmDelete(dialog.endpoint)}
              >
                Delete endpoint
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      <SecretReveal
        opened={dialog?.kind === 'secret'}
        onClose={close}
        title={dialog?.kind === 'secret' ? dialog.title : ''}
        what="signing secret"
        secret={dialog?.kind === 'secret' ? dialog.secret : null}
      >
        <Text size="sm" c="dimmed">
          Each request carries webhook-id, webhook-timestamp and webhook-signature headers (Standard
          Webhooks): verify the signature with this secret before trusting a request.
        </Text>
      </SecretReveal>
      <WebhookDeliveriesModal
        endpoint={dialog?.kind === 'deliveries' ? dialog.endpoint : null}
        onClose={close}
        timeZone={timeZone}
      />
    </SettingsSection>
  );
}
