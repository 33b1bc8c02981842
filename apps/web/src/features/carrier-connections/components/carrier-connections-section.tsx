import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { type CarrierConnection } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { SectionBody, SettingsSection } from '../../../components/settings-section';
import {
  useConnections,
  useCreateConnection,
  useDeleteConnection,
  useUpdateConnection,
} from '../api/carrier-connections';
import classes from './carrier-connections.module.css';
import { ConnectionCard, connectionName, type Dialog } from './connection-card';
import { ConnectionForm } from './connection-form';
import { TestDialog } from './test-connection-dialog';

/** The organization's carrier connections: add, edit, enable or disable, test, delete, with health. */
export function CarrierConnectionsSection({ timeZone }: { timeZone: string }) {
  const connections = useConnections();
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const remove = useDeleteConnection();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const confirmDelete = async (connection: CarrierConnection) => {
    try {
      await remove.mutateAsync(connection.id);
      notifications.show({ color: 'teal', message: `${connectionName(connection)} deleted` });
      close();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not delete', message: errorMessage(error) });
    }
  };

  return (
    <SettingsSection
      titleId="carrier-connections-title"
      title="Connections"
      description="Your organization’s own API access to carriers that publish DCSA Track & Trace 2.2, and to terminals’ import availability (APM Terminals). Every workspace of the organization uses them."
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
          Add connection
        </Button>
      }
    >
      <SectionBody
        query={connections}
        what="carrier connections"
        skeleton={{ rows: 2, height: 120 }}
        empty={{
          when: (d) => d.length === 0,
          icon: IconPlugConnected,
          title: 'No carrier connections yet',
          text: 'Connect a carrier with your own API credentials so that its containers get real events.',
        }}
      >
        {(d) => (
          <Stack gap="sm" className={classes.list}>
            {d.map((connection) => (
              <ConnectionCard
                key={connection.id}
                connection={connection}
                timeZone={timeZone}
                onOpen={setDialog}
              />
            ))}
          </Stack>
        )}
      </SectionBody>

      <Modal opened={dialog?.kind === 'create'} onClose={close} title="Add carrier connection" size="lg">
        <ConnectionForm
          submitLabel="Add connection"
          onCreate={async (input) => {
            const created = await create.mutateAsync(input);
            notifications.show({ color: 'teal', message: `${connectionName(created)} added` });
            setDialog({ kind: 'test', connection: created });
          }}
        />
      </Modal>
      <Modal opened={dialog?.kind === 'edit'} onClose={close} title="Edit carrier connection" size="lg">
        {dialog?.kind === 'edit' ? (
          <ConnectionForm
            connection={dialog.connection}
            submitLabel="Save"
            onUpdate={async (input) => {
              await update.mutateAsync({ connectionId: dialog.connection.id, ...input });
              notifications.show({ color: 'teal', message: 'Connection saved' });
              close();
            }}
          />
        ) : null}
      </Modal>
      <Modal opened={dialog?.kind === 'delete'} onClose={close} title="Delete carrier connection?">
        {dialog?.kind === 'delete' ? (
          <Stack gap="md">
            <Text size="sm">
              {connectionName(dialog.connection)} and its credentials are deleted. Its containers get no new
              events from it.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => void confirmDelete(dialog.connection)}
              >
                Delete connection
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      <TestDialog connection={dialog?.kind === 'test' ? dialog.connection : null} onClose={close} />
    </SettingsSection>
  );
}
