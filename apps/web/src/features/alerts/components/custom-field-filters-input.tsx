import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { AlertCustomFieldFilter } from '@tracklane/shared/alerts/alerts.schema';
import { MAX_CUSTOM_FIELD_FILTERS } from '@tracklane/shared/custom-fields/custom-field-filters';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';

/*
 * An alert rule's custom field filters (ADR 0055), each written as a list's `cf` filter value: text
 * and link equal (case ignored), choices any of (comma-separated), numbers and dates a range
 * `<min>..<max>` with either end open. A filter whose field was deleted stays on the rule and matches
 * nothing; the editor shows it so, to be removed.
 */

/** A range's two ends as typed ('' for an open end); a single value is the range of itself. */
export function rangeEnds(value: string): [string, string] {
  if (!value.includes('..')) return [value.trim(), value.trim()];
  const [min = '', max = ''] = value.split('..');
  return [min.trim(), max.trim()];
}

const choicesOf = (value: string) =>
  value
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** The filter in words ("Project is Alpha", "Pallets 10 or more"); null for a deleted field. */
export function describeCustomFilter(filter: AlertCustomFieldFilter, field: CustomField | undefined) {
  if (!field) return null;
  switch (field.type) {
    case 'text':
    case 'link':
      return `${field.name} is “${filter.value}”`;
    case 'choice':
    case 'multi_choice':
      return `${field.name} is ${choicesOf(filter.value).join(' or ')}`;
    case 'number':
    case 'date': {
      const [min, max] = rangeEnds(filter.value);
      const [from, to] = field.type === 'number' ? ['at least', 'at most'] : ['from', 'until'];
      if (min && max) return min === max ? `${field.name} is ${min}` : `${field.name} ${min} to ${max}`;
      return min ? `${field.name} ${from} ${min}` : `${field.name} ${to} ${max}`;
    }
  }
}

/** Whether a filter can be sent: a value for its type (an empty one is left for the user to fill). */
export const isFilled = (filter: AlertCustomFieldFilter) =>
  filter.value.trim() !== '' && filter.value.trim() !== '..';

interface Props {
  value: AlertCustomFieldFilter[];
  onChange: (value: AlertCustomFieldFilter[]) => void;
  /** The workspace's fields (GET /api/custom-fields). */
  fields: readonly CustomField[];
}

export function CustomFieldFiltersInput({ value, onChange, fields }: Props) {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const unused = fields.filter((f) => !value.some((v) => v.fieldId === f.id));
  const change = (index: number, next: AlertCustomFieldFilter) =>
    onChange(value.map((v, i) => (i === index ? next : v)));
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));

  return (
    <Stack gap="xs" data-testid="custom-field-filters">
      <Text size="sm" fw={500}>
        Custom fields
      </Text>
      {value.length === 0 ? (
        <Text size="xs" c="dimmed">
          Shipments whose custom fields match; every filter must hold.
        </Text>
      ) : null}
      {value.map((filter, index) => {
        const field = byId.get(filter.fieldId);
        const label = field?.name ?? 'Deleted field';
        return (
          <Group key={filter.fieldId} gap="xs" align="flex-end" wrap="wrap" data-testid="custom-field-filter">
            {field ? (
              <Select
                label="Field"
                value={field.id}
                data={[field, ...unused].map((f) => ({ value: f.id, label: f.name }))}
                onChange={(id) => id && change(index, { fieldId: id, value: '' })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                w={180}
              />
            ) : (
              <Text size="sm" c="red" role="alert" style={{ flex: '1 1 220px' }}>
                A filter on a deleted custom field: this rule matches no shipment until you remove it.
              </Text>
            )}
            {field ? (
              <ValueInput
                field={field}
                filter={filter}
                onChange={(v) => change(index, { ...filter, value: v })}
              />
            ) : null}
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Remove the ${label} filter`}
              onClick={() => remove(index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      {unused.length && value.length < MAX_CUSTOM_FIELD_FILTERS ? (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, { fieldId: unused[0]!.id, value: '' }])}
          >
            Add a custom field filter
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The value of one filter, entered as its field's type takes it. */
function ValueInput({
  field,
  filter,
  onChange,
}: {
  field: CustomField;
  filter: AlertCustomFieldFilter;
  onChange: (value: string) => void;
}) {
  const grow = { flex: '1 1 200px' };
  switch (field.type) {
    case 'text':
    case 'link':
      return (
        <TextInput
          label={`${field.name} is`}
          description={field.type === 'link' ? 'The whole address' : 'Case is ignored'}
          value={filter.value}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={700}
          style={grow}
        />
      );
    case 'choice':
    case 'multi_choice':
      return (
        <MultiSelect
          label={`${field.name} is any of`}
          data={field.choices}
          value={choicesOf(filter.value).filter((c) => field.choices.includes(c))}
          onChange={(chosen) => onChange(chosen.join(','))}
          placeholder={filter.value ? undefined : 'Choose'}
          comboboxProps={{ withinPortal: true }}
          style={grow}
        />
      );
    case 'number':
    case 'date': {
      const [min, max] = rangeEnds(filter.value);
      const set = (nextMin: string, nextMax: string) =>
        onChange(nextMin || nextMax ? `${nextMin}..${nextMax}` : '');
      if (field.type === 'number')
        return (
          <Group gap="xs" wrap="nowrap" style={grow}>
            <NumberInput
              label={`${field.name} at least`}
              value={min}
              onChange={(v) => set(String(v), max)}
              w="50%"
            />
            <NumberInput label="at most" value={max} onChange={(v) => set(min, String(v))} w="50%" />
          </Group>
        );
      return (
        <Group gap="xs" wrap="nowrap" style={grow}>
          <TextInput
            type="date"
            label={`${field.name} from`}
            value={min}
            onChange={(event) => set(event.currentTarget.value, max)}
            w="50%"
          />
          <TextInput
            type="date"
            label="until"
            value={max}
            onChange={(event) => set(min, event.currentTarget.value)}
            w="50%"
          />
        </Group>
      );
    }
  }
}
