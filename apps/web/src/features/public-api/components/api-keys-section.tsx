import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  API_KEY_NAME_MAX,
  apiKeyStatus,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@tracklane/shared/api-keys/api-keys.schema';
import { useState, type FormEvent } from 'react';
import { SectionBody, SettingsSection } from '../../../components/settings-section';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import classes from './public-api.module.css';
import { SecretReveal } from './secret-reveal';

const SCOPE_LABEL: Record<ApiKeyScope, string> = { read: 'Read', read_write: 'Read & write' };
const STATUS = {
  active: { label: 'Active', color: 'teal' },
  expired: { label: 'Expired', color: 'gray' },
  revoked: { label: 'Revoked', color: 'red' },
} as const;

const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
];

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiry, setExpiry] = useState('never');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiKey();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError('Give the key a name, e.g. the system that will use it');
      return;
    }
    const days = expiry === 'never' ? null : Number(expiry);
    try {
      onCreated(
        await create.mutateAsync({
          name: name.trim(),
          scope,
          expiresAt: days ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
        }),
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="Where the key is used, so you know what stops working if you revoke it"
          placeholder="ERP sync"
          value={name}
          maxLength={API_KEY_NAME_MAX}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="key-scope-label">
            Access
          </Text>
          <SegmentedControl
            aria-labelledby="key-scope-label"
            value={scope}
            onChange={(value) => setScope(value)}
            data={[
              { value: 'read', label: 'Read' },
              { value: 'read_write', label: 'Read & write' },
            ]}
          />
          <Text size="xs" c="dimmed">
            {scope === 'read'
              ? 'Lists shipments and their events, and the DCSA events feed.'
              : 'Also adds shipments and archives them.'}
          </Text>
        </Stack>
        <Select
          label="Expires"
          data={EXPIRY_OPTIONS}
          value={expiry}
          onChange={(value) => setExpiry(value ?? 'never')}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function KeyRows({
  keys,
  timeZone,
  onRevoke,
}: {
  keys: ApiKey[];
  timeZone: string;
  onRevoke: (key: ApiKey) => void;
}) {
  return (
    <div className={classes.scroll}>
      <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th visibleFrom="sm">Key</Table.Th>
            <Table.Th visibleFrom="sm">Access</Table.Th>
            <Table.Th visibleFrom="md">Created</Table.Th>
            <Table.Th visibleFrom="md">Last used</Table.Th>
            <Table.Th visibleFrom="md">Expires</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th className={classes.actions} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => {
            const status = STATUS[apiKeyStatus(key)];
            return (
              <Table.Tr key={key.id} data-testid="api-key-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {key.name}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.mono} visibleFrom="sm">
                  {key.prefix}…
                </Table.Td>
                <Table.Td className={classes.nowrap} visibleFrom="sm">
                  {SCOPE_LABEL[key.scope]}
                </Table.Td>
                <Table.Td className={classes.nowrap} visibleFrom="md">
                  <Text size="sm">{formatDate(key.createdAt, timeZone)}</Text>
                  <Text size="xs" c="dimmed">
                    {key.createdBy.name}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.nowrap} visibleFrom="md">
                  {key.lastUsedAt ? formatDateTime(key.lastUsedAt, timeZone) : 'Never'}
                </Table.Td>
                <Table.Td className={classes.nowrap} visibleFrom="md">
                  {key.expiresAt ? formatDate(key.expiresAt, timeZone) : 'Never'}
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Badge variant="light" color={status.color} radius="sm" className={classes.badge}>
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td className={classes.actions}>
                  {key.revokedAt ? null : (
                    <Tooltip label="Revoke key">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onRevoke(key)}
                        aria-label={`Revoke ${key.name}`}
                      >
                        <IconTrash size={16} stroke={1.75} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The workspace's API keys: create (shown once), list with last use, revoke (company admins). */
export function ApiKeysSection({ timeZone }: { timeZone: string }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      notifications.show({ color: 'teal', message: `${revoking.name} revoked` });
      setRevoking(null);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not revoke the key', message: errorMessage(error) });
    }
  };

  return (
    <SettingsSection
      titleId="api-keys-title"
      title="API keys"
      description="Keys call /api/v1/ for this workspace only, as the admin who made them."
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Create key
        </Button>
      }
    >
      <SectionBody
        query={keys}
        what="API keys"
        skeleton={{ rows: 2, height: 34 }}
        empty={{
          when: (d) => d.length === 0,
          icon: IconKey,
          title: 'No API keys yet',
          text: 'Create a key to let another system list, add and archive this workspace’s shipments.',
        }}
      >
        {(d) => <KeyRows keys={d} timeZone={timeZone} onRevoke={setRevoking} />}
      </SectionBody>

      <Modal opened={creating} onClose={() => setCreating(false)} title="Create API key">
        <CreateKeyForm
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      </Modal>
      <SecretReveal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={`API key “${created?.name ?? ''}” created`}
        what="API key"
        secret={created?.key ?? null}
      >
        <Text size="sm" c="dimmed">
          Send it as <span className={classes.mono}>Authorization: Bearer &lt;key&gt;</span> to /api/v1/.
        </Text>
      </SecretReveal>
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke API key?">
        <Stack gap="md">
          <Text size="sm">
            Requests with <strong>{revoking?.name}</strong> ({revoking?.prefix}…) are refused from now on.
            This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => void confirmRevoke()}>
              Revoke key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
