import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals, ModalsProvider } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import {
  CUSTOM_FIELD_CHOICE_MAX_LENGTH,
  CUSTOM_FIELD_NAME_MAX_LENGTH,
  CUSTOM_FIELD_TYPES,
  CUSTOM_FIELD_TYPE_LABELS,
  MAX_CUSTOM_FIELD_CHOICES,
  MAX_CUSTOM_FIELDS_PER_WORKSPACE,
  hasChoices,
  type CustomField,
  type CustomFieldType,
} from '@tracklane/shared/custom-fields/custom-fields.schema';
import { canManageOrganization } from '@tracklane/shared/organizations/organizations.policy';
import { PageHeader } from '../../components/page-header';
import { useWorkspaceStore } from '../../features/workspaces/stores/workspace-store';
import { isApiError } from '../../lib/api-client';
import {
  useCreateCustomField,
  useCustomFields,
  useDeleteCustomField,
  useReorderCustomFields,
  useUpdateCustomField,
} from '../../lib/custom-fields';
import classes from './companies-page.module.css';

const messageOf = (error: unknown) => (isApiError(error) ? error.message : 'Could not reach the server.');
const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((type) => ({
  value: type,
  label: CUSTOM_FIELD_TYPE_LABELS[type],
}));

/** Whether the signed-in user is a company admin of the current workspace's organization. */
function useIsAdmin(): boolean {
  const role = useWorkspaceStore((state) => state.currentOrganization?.role);
  return role !== undefined && canManageOrganization(role);
}

/**
 * /workspace-settings/custom-fields: the fields the workspace's shipments carry besides their
 * references. Company admins add, change, reorder and delete them (a delete takes every shipment's
 * value of the field with it, so it is confirmed); other members read the list.
 */
export function CustomFieldsPage() {
  const fields = useCustomFields();
  const isAdmin = useIsAdmin();
  const all = fields.data ?? [];

  return (
    <ModalsProvider>
      <PageHeader
        title="Custom fields"
        description="Fields of your own on every shipment of this workspace: filled in on each shipment’s detail, and read and written through the API and webhooks."
      />
      <Stack gap="md">
        {isAdmin ? <AddField full={all.length >= MAX_CUSTOM_FIELDS_PER_WORKSPACE} /> : null}
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="custom-fields-list-title">
          <Stack gap="sm">
            <Text id="custom-fields-list-title" fw={600}>
              {fields.isSuccess
                ? `${String(all.length)} of at most ${String(MAX_CUSTOM_FIELDS_PER_WORKSPACE)}`
                : 'The fields'}
            </Text>
            {fields.isPending ? (
              <Stack gap="xs" aria-busy="true" aria-label="Loading custom fields">
                <Skeleton height={36} />
                <Skeleton height={36} />
              </Stack>
            ) : fields.isError ? (
              <Alert color="red" title="The custom fields could not be loaded">
                {messageOf(fields.error)} Reload the page to try again.
              </Alert>
            ) : all.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="custom-fields-empty">
                No custom fields yet. {isAdmin ? 'Add one above.' : 'A company admin can add them.'}
              </Text>
            ) : (
              <ul className={classes.list} aria-label="Custom fields">
                {all.map((field, index) => (
                  <FieldRow key={field.id} field={field} index={index} all={all} isAdmin={isAdmin} />
                ))}
              </ul>
            )}
            {!isAdmin ? (
              <Text size="xs" c="dimmed">
                Company admins define the fields; you fill them in on each shipment.
              </Text>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
    </ModalsProvider>
  );
}

function ChoicesInput({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (choices: string[]) => void;
  error?: string | undefined;
}) {
  return (
    <TagsInput
      label="Choices"
      description={`Type a choice and press Enter; at most ${String(MAX_CUSTOM_FIELD_CHOICES)}.`}
      value={value}
      onChange={onChange}
      maxTags={MAX_CUSTOM_FIELD_CHOICES}
      maxLength={CUSTOM_FIELD_CHOICE_MAX_LENGTH}
      splitChars={[',']}
      clearable
      error={error}
      data-testid="custom-field-choices-input"
    />
  );
}

function AddField({ full }: { full: boolean }) {
  const create = useCreateCustomField();
  const [name, setName] = useState('');
  const [type, setType] = useState<CustomFieldType>('text');
  const [choices, setChoices] = useState<string[]>([]);
  const [required, setRequired] = useState(false);
  const needsChoices = hasChoices(type);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || (needsChoices && !choices.length)) return;
    create.mutate(
      { name, type, required, ...(needsChoices ? { choices } : {}) },
      {
        onSuccess: () => {
          setName('');
          setChoices([]);
          setRequired(false);
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="Add a custom field">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="New field"
            value={name}
            maxLength={CUSTOM_FIELD_NAME_MAX_LENGTH}
            onChange={(e) => setName(e.currentTarget.value)}
            disabled={full}
            description={full ? 'The workspace has as many fields as it may: delete one first.' : undefined}
            className={classes.grow}
          />
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={type}
            onChange={(value) => value && setType(value)}
            allowDeselect={false}
            disabled={full}
            data-testid="custom-field-type-input"
            w={180}
          />
        </Group>
        {needsChoices ? <ChoicesInput value={choices} onChange={setChoices} /> : null}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Checkbox
            label="Required (a value, once set, cannot be cleared)"
            checked={required}
            onChange={(e) => setRequired(e.currentTarget.checked)}
            disabled={full}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} />}
            loading={create.isPending}
            disabled={full || !name.trim() || (needsChoices && !choices.length)}
          >
            Add field
          </Button>
        </Group>
        {create.isError ? (
          <Text size="sm" c="red" role="alert">
            {messageOf(create.error)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function FieldRow({
  field,
  index,
  all,
  isAdmin,
}: {
  field: CustomField;
  index: number;
  all: CustomField[];
  isAdmin: boolean;
}) {
  const remove = useDeleteCustomField();
  const reorder = useReorderCustomFields();
  const [editing, setEditing] = useState(false);

  const move = (by: -1 | 1) => {
    const ids = all.map((f) => f.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids, {
      onError: (error) => notifications.show({ color: 'red', title: 'Not moved', message: messageOf(error) }),
    });
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${field.name}?`,
      children: (
        <Text size="sm">Every shipment’s value of this field is deleted with it. This cannot be undone.</Text>
      ),
      labels: { confirm: 'Delete field and values', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(field.id, {
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Not deleted', message: messageOf(error) }),
        }),
    });

  if (editing) return <EditField field={field} onDone={() => setEditing(false)} />;

  return (
    <li className={classes.row}>
      <Stack gap={2} className={classes.grow}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500} className={classes.name} title={field.name}>
            {field.name}
          </Text>
          <Badge variant="light" color="gray" size="sm">
            {CUSTOM_FIELD_TYPE_LABELS[field.type]}
          </Badge>
          {field.required ? (
            <Badge variant="light" color="orange" size="sm">
              Required
            </Badge>
          ) : null}
        </Group>
        {field.choices.length ? (
          <Text size="xs" c="dimmed" className={classes.name} title={field.choices.join(', ')}>
            {field.choices.join(' · ')}
          </Text>
        ) : null}
      </Stack>
      {isAdmin ? (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${field.name} up`}
            disabled={index === 0 || reorder.isPending}
            onClick={() => move(-1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${field.name} down`}
            disabled={index === all.length - 1 || reorder.isPending}
            onClick={() => move(1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <Tooltip label="Edit" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Edit ${field.name}`}
              onClick={() => setEditing(true)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${field.name}`}
              onClick={confirmDelete}
              loading={remove.isPending}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null}
    </li>
  );
}

function EditField({ field, onDone }: { field: CustomField; onDone: () => void }) {
  const update = useUpdateCustomField();
  const [name, setName] = useState(field.name);
  const [choices, setChoices] = useState(field.choices);
  const [required, setRequired] = useState(field.required);
  const withChoices = hasChoices(field.type);
  const dropped = field.choices.filter((old) => !choices.some((c) => c.toLowerCase() === old.toLowerCase()));
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || (withChoices && !choices.length)) return;
    update.mutate(
      { id: field.id, change: { name, required, ...(withChoices ? { choices } : {}) } },
      { onSuccess: onDone },
    );
  };
  return (
    <li className={classes.row}>
      <Stack
        gap="sm"
        component="form"
        onSubmit={save}
        aria-label={`Edit ${field.name}`}
        className={classes.grow}
        py="xs"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      >
        <TextInput
          label="Field name"
          value={name}
          maxLength={CUSTOM_FIELD_NAME_MAX_LENGTH}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
          autoFocus
        />
        {withChoices ? (
          <ChoicesInput
            value={choices}
            onChange={setChoices}
            error={
              dropped.length
                ? `Shipments with ${dropped.join(', ')} lose that value when you save.`
                : undefined
            }
          />
        ) : null}
        <Checkbox
          label="Required"
          checked={required}
          onChange={(e) => setRequired(e.currentTarget.checked)}
        />
        {update.isError ? (
          <Text size="sm" c="red" role="alert">
            {messageOf(update.error)}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={update.isPending} disabled={!name.trim()}>
            Save
          </Button>
          <Button variant="default" size="xs" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </li>
  );
}
