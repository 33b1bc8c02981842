import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  parseCustomValue,
  type CustomFieldValue,
  type ShipmentCustomFields,
} from '@tracklane/shared/custom-fields/custom-field-values';
import {
  CUSTOM_LINK_MAX_LENGTH,
  CUSTOM_TEXT_MAX_LENGTH,
  type CustomField,
} from '@tracklane/shared/custom-fields/custom-fields.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api-client';
import {
  useCustomFields,
  useShipmentCustomValues,
  useUpdateShipmentCustomValues,
} from '../lib/custom-fields';

/** What an input holds for a value: a text, or the chosen choices. */
type Draft = Record<string, string | string[]>;

const draftOf = (fields: readonly CustomField[], values: ShipmentCustomFields): Draft =>
  Object.fromEntries(
    fields.map((f): [string, string | string[]] => {
      const value = values[f.id];
      if (f.type === 'multi_choice') return [f.id, Array.isArray(value) ? value : []];
      return [f.id, value === undefined ? '' : String(value)];
    }),
  );

/** The draft's value of a field as the API takes it (a number field's text as a number). */
function valueOf(field: CustomField, draft: string | string[]): unknown {
  if (field.type === 'number' && typeof draft === 'string' && draft.trim()) return Number(draft);
  return draft;
}

const same = (a: string | string[] | undefined, b: string | string[] | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * A shipment's custom field values beside its references, for every mode: members who may change
 * shipments edit them, view-only members read them. A field without a value shows as missing; a
 * required one cannot be cleared. Nothing is drawn while the workspace defines no field.
 */
export function ShipmentCustomFieldsPanel({
  mode,
  shipmentId,
  canEdit,
}: {
  mode: TrackingMode;
  shipmentId: string;
  canEdit: boolean;
}) {
  const fields = useCustomFields();
  const values = useShipmentCustomValues(mode, shipmentId);
  const update = useUpdateShipmentCustomValues(mode, shipmentId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});

  // Each new answer (a save, a live refetch, a field defined meanwhile) becomes the form's values.
  const [shown, setShown] = useState<[unknown, unknown]>([undefined, undefined]);
  if (fields.data && values.data && (fields.data !== shown[0] || values.data !== shown[1])) {
    setShown([fields.data, values.data]);
    setDraft(draftOf(fields.data, values.data));
    setProblems({});
  }

  if (fields.isPending || values.isPending)
    return <Skeleton height={120} radius="md" mb="md" aria-label="Loading custom fields" />;
  if (fields.isError || values.isError || !draft)
    return (
      <Alert color="red" title="Custom fields could not be loaded" mb="md">
        {errorMessage(fields.error ?? values.error)} Reload the page to try again.
      </Alert>
    );
  if (!fields.data.length) return null;

  const saved = draftOf(fields.data, values.data);
  const changed = fields.data.filter((f) => !same(draft[f.id], saved[f.id]));
  const save = () => {
    const change: Record<string, CustomFieldValue | null> = {};
    const found: Record<string, string> = {};
    for (const field of changed) {
      const parsed = parseCustomValue(field, valueOf(field, draft[field.id]!));
      if (!parsed.ok) found[field.id] = parsed.message;
      else if (parsed.value === null && field.required)
        found[field.id] = 'This field is required: it can be changed but not cleared.';
      else change[field.id] = parsed.value;
    }
    setProblems(found);
    if (!Object.keys(found).length) update.mutate(change);
  };
  const set = (id: string, value: string | string[]) => setDraft({ ...draft, [id]: value });

  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby="custom-fields-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h5" id="custom-fields-title">
            Custom fields
          </Title>
          <Anchor component={Link} to={paths.workspaceSettings.customFields} size="sm">
            Manage fields
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {fields.data.map((field) => (
            <FieldInput
              key={field.id}
              field={field}
              value={draft[field.id]!}
              error={problems[field.id]}
              canEdit={canEdit}
              onChange={(value) => set(field.id, value)}
            />
          ))}
        </SimpleGrid>
        {update.isError ? (
          <Alert color="red" title="Not saved">
            {errorMessage(update.error)}
          </Alert>
        ) : null}
        {canEdit ? (
          <Group justify="flex-end">
            <Button onClick={save} loading={update.isPending} disabled={!changed.length}>
              Save custom fields
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            You can view these fields; ask an admin for edit rights to change them.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function FieldInput({
  field,
  value,
  error,
  canEdit,
  onChange,
}: {
  field: CustomField;
  value: string | string[];
  error: string | undefined;
  canEdit: boolean;
  onChange: (value: string | string[]) => void;
}) {
  const common = {
    label: field.name,
    withAsterisk: field.required,
    error,
    readOnly: !canEdit,
    placeholder: 'Missing',
  };
  if (field.type === 'multi_choice')
    return (
      <MultiSelect
        {...common}
        placeholder={(value as string[]).length ? undefined : 'Missing'}
        data={field.choices}
        value={value as string[]}
        onChange={onChange}
        clearable={!field.required}
        searchable
      />
    );
  if (field.type === 'choice')
    return (
      <Select
        {...common}
        data={field.choices}
        value={(value as string) || null}
        onChange={(choice) => onChange(choice ?? '')}
        clearable={!field.required}
        searchable
      />
    );
  const text = value as string;
  return (
    <TextInput
      {...common}
      type={
        field.type === 'number'
          ? 'number'
          : field.type === 'date'
            ? 'date'
            : field.type === 'link'
              ? 'url'
              : 'text'
      }
      step={field.type === 'number' ? 'any' : undefined}
      maxLength={
        field.type === 'link'
          ? CUSTOM_LINK_MAX_LENGTH
          : field.type === 'text'
            ? CUSTOM_TEXT_MAX_LENGTH
            : undefined
      }
      value={text}
      onChange={(e) => onChange(e.currentTarget.value)}
      description={
        field.type === 'link' && text && !canEdit ? (
          <Anchor href={text} target="_blank" rel="noopener noreferrer" size="xs">
            Open link
          </Anchor>
        ) : undefined
      }
    />
  );
}
