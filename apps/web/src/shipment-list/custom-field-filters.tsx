import {
  Badge,
  Button,
  CloseButton,
  Group,
  MultiSelect,
  NumberInput,
  Popover,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFilterPlus } from '@tabler/icons-react';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import {
  formatCustomFilter,
  parseCustomFilter,
  splitCustomFilters,
  type CustomFilter,
} from '@tracklane/shared/custom-fields/custom-field-filters';
import { useState, type FormEvent } from 'react';
import { formatDay } from '../lib/dates';
import classes from './shipment-list.module.css';

/*
 * The list's filters by custom field (ADR 0054): pick a field, then a control of its type (a text's
 * beginning, any of a choice field's choices, a range of numbers or days), which adds a `cf` parameter
 * to the address (custom-field-filters.ts); each filter on shows as a chip that removes it.
 */

/** What a filter says on its chip: "PO starts with 4711", "Priority: Low or High", "Pallets 3–10". */
export function describeFilter(field: CustomField, filter: CustomFilter): string {
  switch (filter.kind) {
    case 'equals':
      return `${field.name} is ${filter.text}`;
    case 'startsWith':
      return `${field.name} starts with ${filter.text}`;
    case 'anyOf':
      return `${field.name}: ${filter.choices.join(' or ')}`;
    case 'numberRange':
    case 'dateRange': {
      const show = (end: string | number | null) =>
        end === null ? '' : filter.kind === 'dateRange' ? formatDay(String(end)) : String(end);
      if (filter.min !== null && filter.max !== null)
        return filter.min === filter.max
          ? `${field.name} ${show(filter.min)}`
          : `${field.name} ${show(filter.min)} to ${show(filter.max)}`;
      return filter.min !== null
        ? `${field.name} from ${show(filter.min)}`
        : `${field.name} up to ${show(filter.max)}`;
    }
  }
}

/** The list's `cf` values read against the fields (one unknown or malformed is left out). */
export function filtersOnFields(
  customFilters: readonly string[],
  fields: readonly CustomField[],
): { raw: string; field: CustomField; filter: CustomFilter }[] {
  const split = splitCustomFilters(customFilters);
  if (!split.ok) return [];
  return split.filters.flatMap(({ fieldId, value }, index) => {
    const field = fields.find((f) => f.id === fieldId);
    const parsed = field ? parseCustomFilter(field, value) : null;
    return field && parsed?.ok ? [{ raw: customFilters[index]!, field, filter: parsed.filter }] : [];
  });
}

/** The filter a control's input makes, or a message saying what is missing. */
export function filterFromInput(
  field: CustomField,
  input: { text: string; choices: string[]; min: string; max: string },
): { ok: true; value: string } | { ok: false; message: string } {
  const made = ((): CustomFilter | string => {
    switch (field.type) {
      case 'text':
      case 'link':
        return input.text.trim()
          ? { kind: 'startsWith', fieldId: field.id, text: input.text.trim() }
          : 'Type the beginning of the value.';
      case 'choice':
      case 'multi_choice':
        return input.choices.length
          ? { kind: 'anyOf', fieldId: field.id, choices: input.choices }
          : 'Choose at least one value.';
      case 'number':
      case 'date': {
        if (!input.min.trim() && !input.max.trim()) return 'Give a lower or an upper end, or both.';
        const parsed = parseCustomFilter(field, `${input.min.trim()}..${input.max.trim()}`);
        return parsed.ok ? parsed.filter : parsed.message;
      }
    }
  })();
  if (typeof made === 'string') return { ok: false, message: made };
  // Written as the API reads it, and read back: what the list asks is what the control shows.
  const value = formatCustomFilter(made);
  const check = parseCustomFilter(field, value.slice(value.indexOf(':') + 1));
  return check.ok ? { ok: true, value } : { ok: false, message: check.message };
}

interface CustomFieldFiltersProps {
  fields: readonly CustomField[];
  /** The `cf` values on. */
  value: string[];
  onChange: (customFilters: string[]) => void;
}

const EMPTY_INPUT = { text: '', choices: [] as string[], min: '', max: '' };

/** The "Field filter" button with its form, and the chips of the filters on. */
export function CustomFieldFilters({ fields, value, onChange }: CustomFieldFiltersProps) {
  const [opened, setOpened] = useState(false);
  const [fieldId, setFieldId] = useState<string | null>(null);
  const [input, setInput] = useState(EMPTY_INPUT);
  const [problem, setProblem] = useState<string | null>(null);
  const on = filtersOnFields(value, fields);
  const field = fields.find((f) => f.id === fieldId) ?? null;

  if (!fields.length) return null;

  const pick = (id: string | null) => {
    setFieldId(id);
    setInput(EMPTY_INPUT);
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!field) return setProblem('Choose a field.');
    const made = filterFromInput(field, input);
    if (!made.ok) return setProblem(made.message);
    // One filter per field: a new one for a field replaces its previous one.
    onChange([...on.filter((f) => f.field.id !== field.id).map((f) => f.raw), made.value]);
    setOpened(false);
    pick(null);
  };
  return (
    <>
      {on.map(({ raw, field: f, filter }) => {
        const text = describeFilter(f, filter);
        return (
          <Badge
            key={raw}
            size="lg"
            variant="light"
            color="blue"
            radius="md"
            tt="none"
            className={classes.attentionChip}
            rightSection={
              <CloseButton
                size="xs"
                variant="transparent"
                c="blue.9"
                aria-label={`Remove the filter ${text}`}
                onClick={() => onChange(on.filter((other) => other.raw !== raw).map((other) => other.raw))}
              />
            }
            data-testid="custom-field-filter"
          >
            {text}
          </Badge>
        );
      })}
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        width="min(320px, calc(100vw - 32px))"
        shadow="md"
        radius="md"
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconFilterPlus size={16} stroke={1.75} />}
            onClick={() => setOpened((o) => !o)}
            aria-expanded={opened}
          >
            Field filter
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label="Filter by a custom field" role="dialog">
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              <Select
                label="Field"
                placeholder="Choose a field"
                data={fields.map((f) => ({ value: f.id, label: f.name }))}
                value={fieldId}
                onChange={pick}
                searchable
                comboboxProps={{ withinPortal: false }}
                data-autofocus
              />
              {field && (field.type === 'text' || field.type === 'link') ? (
                <TextInput
                  label="Starts with"
                  value={input.text}
                  onChange={(event) => setInput({ ...input, text: event.currentTarget.value })}
                />
              ) : null}
              {field && (field.type === 'choice' || field.type === 'multi_choice') ? (
                <MultiSelect
                  label="Any of"
                  placeholder={input.choices.length ? undefined : 'Choose values'}
                  data={field.choices}
                  value={input.choices}
                  onChange={(choices) => setInput({ ...input, choices })}
                  comboboxProps={{ withinPortal: false }}
                  searchable
                />
              ) : null}
              {field && field.type === 'number' ? (
                <Group grow gap="xs" align="flex-start">
                  <NumberInput
                    label="From"
                    value={input.min}
                    onChange={(min) => setInput({ ...input, min: String(min) })}
                  />
                  <NumberInput
                    label="To"
                    value={input.max}
                    onChange={(max) => setInput({ ...input, max: String(max) })}
                  />
                </Group>
              ) : null}
              {field && field.type === 'date' ? (
                <Group grow gap="xs" align="flex-start">
                  <TextInput
                    type="date"
                    label="From"
                    value={input.min}
                    onChange={(event) => setInput({ ...input, min: event.currentTarget.value })}
                  />
                  <TextInput
                    type="date"
                    label="To"
                    value={input.max}
                    onChange={(event) => setInput({ ...input, max: event.currentTarget.value })}
                  />
                </Group>
              ) : null}
              {problem ? (
                <Text size="xs" c="red.8" role="alert">
                  {problem}
                </Text>
              ) : null}
              <Group justify="flex-end" gap="xs">
                <Button variant="subtle" color="gray" size="xs" onClick={() => setOpened(false)}>
                  Cancel
                </Button>
                <Button type="submit" size="xs" disabled={!field}>
                  Apply
                </Button>
              </Group>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
