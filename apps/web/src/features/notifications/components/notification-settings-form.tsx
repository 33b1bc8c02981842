import {
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import {
  NOTIFICATION_TYPE_LABELS,
  isShipmentChangeType,
  NOTIFICATION_TYPES,
  type DigestFrequency,
  type NotificationType,
} from '@tracklane/shared/notifications/notification-types';
import type { NotificationSettings } from '@tracklane/shared/notifications/notifications.schema';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/api-client';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import classes from './notifications.module.css';

const DIGESTS: { value: DigestFrequency; label: string; description: string }[] = [
  {
    value: 'instant',
    label: 'As it happens',
    description: 'Within a minute, changes seen together in one e-mail',
  },
  { value: 'hourly', label: 'Hourly', description: 'At most one e-mail an hour' },
  { value: 'daily', label: 'Daily', description: 'At most one e-mail a day' },
];

/** /settings/notification: the types × channels matrix, how often e-mails leave, and the container flag. */
export function NotificationSettingsPage() {
  const settings = useNotificationSettings();
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title="Notification settings"
        description="Choose which shipment changes and comment mentions reach you, in the app and by e-mail."
      />
      {settings.isPending ? (
        <Stack gap="sm" aria-label="Loading settings">
          <Skeleton height={60} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : settings.isError ? (
        <QueryErrorAlert
          title="Could not load your settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </Stack>
  );
}

function SettingsForm({ saved }: { saved: NotificationSettings }) {
  const [draft, setDraft] = useState(saved);
  const save = useSaveNotificationSettings();
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const off = !draft.containerNotifications;
  // The shipment switch governs shipment changes; mentions in comments keep their own row.
  const locked = (type: NotificationType) => off && isShipmentChangeType(type);
  const emailWanted = NOTIFICATION_TYPES.some((t) => !locked(t) && draft.channels[t].email);

  const setChannel = (type: NotificationType, channel: 'inApp' | 'email', value: boolean) =>
    setDraft((d) => ({
      ...d,
      channels: { ...d.channels, [type]: { ...d.channels[type], [channel]: value } },
    }));

  const submit = () =>
    save.mutate(draft, {
      onSuccess: ({ message }) => toasts.show({ color: 'teal', message }),
    });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <Card withBorder radius="md">
          <Switch
            checked={draft.containerNotifications}
            onChange={(event) =>
              setDraft((d) => ({ ...d, containerNotifications: event.currentTarget.checked }))
            }
            label="Shipment notifications"
            description="Off: no change to any shipment reaches you, in the app or by e-mail."
            size="md"
          />
        </Card>
        <Card withBorder radius="md" padding={0}>
          <Table className={classes.matrix} verticalSpacing="sm" horizontalSpacing="md">
            <Table.Caption>What reaches you, per kind of notification</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Notification</Table.Th>
                <Table.Th scope="col" className={classes.channel}>
                  In the app
                </Table.Th>
                <Table.Th scope="col" className={classes.channel}>
                  E-mail
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {NOTIFICATION_TYPES.map((type) => {
                const { label, description } = NOTIFICATION_TYPE_LABELS[type];
                return (
                  <Table.Tr key={type} data-testid={`setting-${type}`}>
                    <Table.Th scope="row" fw={400}>
                      <Text size="sm" fw={500}>
                        {label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {description}
                      </Text>
                    </Table.Th>
                    <Table.Td className={classes.channel}>
                      <Checkbox
                        aria-label={`${label} in the app`}
                        checked={draft.channels[type].inApp}
                        disabled={locked(type)}
                        onChange={(event) => setChannel(type, 'inApp', event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td className={classes.channel}>
                      <Checkbox
                        aria-label={`${label} by e-mail`}
                        checked={draft.channels[type].email}
                        disabled={locked(type)}
                        onChange={(event) => setChannel(type, 'email', event.currentTarget.checked)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder radius="md">
          <Radio.Group
            value={draft.digest}
            onChange={(value) => setDraft((d) => ({ ...d, digest: value }))}
            label={
              <Title order={2} size="h4">
                E-mail frequency
              </Title>
            }
            description={
              emailWanted
                ? 'Changes are gathered into one e-mail; anything you read in the app first is left out.'
                : 'No change is set to reach you by e-mail.'
            }
          >
            <Stack gap="sm" mt="sm">
              {DIGESTS.map((d) => (
                <Radio
                  key={d.value}
                  value={d.value}
                  label={d.label}
                  description={d.description}
                  disabled={!emailWanted}
                />
              ))}
            </Stack>
          </Radio.Group>
        </Card>
        {save.isError ? (
          <FormAlert tone="error">{errorMessage(save.error, 'Could not save. Please try again.')}</FormAlert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save settings
          </Button>
          <Button variant="default" disabled={!changed || save.isPending} onClick={() => setDraft(saved)}>
            Discard changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
