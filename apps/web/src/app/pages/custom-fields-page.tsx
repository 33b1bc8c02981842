import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconForms, IconPlus } from '@tabler/icons-react';
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
import { confirmDelete, ItemActions } from '../../components/item-actions';
import { PageHeader } from '../../components/page-header';
import { SectionBody, SettingsSection } from '../../components/settings-section';
import { useWorkspaceStore } from '../../features/workspaces/stores/workspace-store';
import { errorMessage } from '../../lib/api-client';
import {
  useCreateCustomField,
  useCustomFields,
  useDeleteCustomField,
  useReorderCustomFields,
  useUpdateCustomField,
} from '../../lib/custom-fields';
import classes from './companies-page.module.css';

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
        <SettingsSection
          titleId="custom-fields-list-title"
          title="The fields"
          titleSize="h4"
          description={
            fields.isSuccess
              ? `${String(all.length)} of at most ${String(MAX_CUSTOM_FIELDS_PER_WORKSPACE)}`
              : 'Loading…'
          }
          action={null}
        >
          <SectionBody
            query={fields}
            what="custom fields"
            skeleton={{ rows: 2, height: 36 }}
            empty={{
              when: (list) => list.length === 0,
              icon: IconForms,
              title: 'No custom fields yet',
              text: isAdmin ? 'Add one above.' : 'A company admin can add them.',
            }}
          >
            {(list) => (
              <ul className={classes.list} aria-label="Custom fields">
                {list.map((field, index) => (
                  <FieldRow key={field.id} field={field} index={index} all={list} isAdmin={isAdmin} />
                ))}
              </ul>
            )}
          </SectionBody>
          {!isAdmin ? (
            <Text size="xs" c="dimmed" className={classes.body}>
              Company admins define the fields; you fill them in on each shipment.
            </Text>
          ) : null}
        </SettingsSection>
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
            {errorMessage(create.error)}
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
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Not moved', message: errorMessage(error) }),
    });
  };
  const askDelete = () =>
    confirmDelete({
      title: `Delete ${field.name}?`,
      body: 'Every shipment’s value of this field is deleted with it. This cannot be undone.',
      confirmLabel: 'Delete field and values',
      run: (onError) => remove.mutate(field.id, { onError }),
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
        <ItemActions
          name={field.name}
          onEdit={() => setEditing(true)}
          onDelete={askDelete}
          deleting={remove.isPending}
        >
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
        </ItemActions>
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
            {errorMessage(update.error)}
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
