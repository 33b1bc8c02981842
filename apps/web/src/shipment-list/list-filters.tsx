import type { Company } from '@tracklane/shared/references/references.schema';
import { Badge, Button, Chip, CloseButton, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch, IconStar } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { ListFilters as Filters } from './filter-params';
import { LightSelect } from '../components/light-select';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { CustomFieldFilters } from './custom-field-filters';
import classes from './shipment-list.module.css';

/** One select of the filter bar: carrier, port of loading, parcel status… */
export interface FilterSelect<Key extends string> {
  key: Key;
  /** The select's accessible name: "Port of loading". */
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  nothingFound: string;
  /** The open list's width, when its labels are longer than the closed select. */
  dropdownWidth?: number;
}

/**
 * The company filter every mode's list offers once the workspace keeps companies: the shipments naming
 * the company as any party. None while the list is empty (nothing to choose).
 */
export function companySelect(companies: readonly Company[] | undefined): FilterSelect<'company'>[] {
  return companies?.length
    ? [
        {
          key: 'company',
          label: 'Company',
          placeholder: 'Company',
          options: companies.map((company) => ({ value: company.id, label: company.name })),
          nothingFound: 'No such company',
          dropdownWidth: 260,
        },
      ]
    : [];
}

interface ListFiltersProps<Key extends string, Sort extends string> {
  filters: Filters<Key, Sort>;
  onChange: (change: Partial<Filters<Key, Sort>>) => void;
  onClear: () => void;
  filtered: boolean;
  search: { placeholder: string; label: string };
  selects: FilterSelect<Key>[];
  /** The attention card's label when the list is narrowed to one (`?attention=`); null while unknown. */
  attentionLabel?: string | null;
  /** The workspace's custom fields: each can filter the list (`cf`). */
  customFields?: readonly CustomField[];
  /** The column settings, at the end of the row. */
  end: ReactNode;
}

const SEARCH_DEBOUNCE_MS = 300;

/** Search, the list's selects and favourites: everything that narrows a shipment list. */
export function ListFilters<Key extends string, Sort extends string>({
  filters,
  onChange,
  onClear,
  filtered,
  search: searchText,
  selects,
  attentionLabel,
  customFields,
  end,
}: ListFiltersProps<Key, Sort>) {
  const [search, setSearch] = useState(filters.search);
  // The box follows the URL when something else changes its search ("Clear filters", the back button),
  // never when the URL merely catches up with what was typed: each search this box sends is pending
  // until the URL holds it, and the URL can lag behind the typing by several sends on a busy page.
  const [urlSearch, setUrlSearch] = useState(filters.search);
  const [pending, setPending] = useState<readonly string[]>([]);
  if (filters.search !== urlSearch) {
    setUrlSearch(filters.search);
    const sent = pending.indexOf(filters.search);
    if (sent === -1) {
      setPending([]);
      setSearch(filters.search);
    } else {
      setPending(pending.slice(sent + 1));
    }
  }
  const send = (value: string) => {
    setPending((values) => [...values, value.trim()]);
    onChange({ search: value } as Partial<Filters<Key, Sort>>);
  };
  const commitSearch = useDebouncedCallback(send, SEARCH_DEBOUNCE_MS);

  return (
    <div className={classes.toolbar} role="search">
      {filters.attention ? (
        <Badge
          size="lg"
          variant="light"
          color="orange"
          radius="md"
          tt="none"
          className={classes.attentionChip}
          rightSection={
            <CloseButton
              size="xs"
              variant="transparent"
              c="orange.9"
              aria-label="Remove the attention filter"
              onClick={() => onChange({ attention: null } as Partial<Filters<Key, Sort>>)}
            />
          }
          data-testid="attention-filter"
        >
          Attention: {attentionLabel ?? filters.attention}
        </Badge>
      ) : null}
      <TextInput
        className={classes.search}
        size="sm"
        placeholder={searchText.placeholder}
        aria-label={searchText.label}
        leftSection={<IconSearch size={16} stroke={1.75} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          commitSearch(event.currentTarget.value);
        }}
        rightSection={
          search ? (
            <CloseButton
              size="sm"
              aria-label="Clear search"
              onClick={() => {
                commitSearch.cancel();
                setSearch('');
                send('');
              }}
            />
          ) : null
        }
        ff="monospace"
      />
      {selects.map((select) => (
        <LightSelect
          key={select.key}
          className={classes.filter}
          size="sm"
          aria-label={select.label}
          placeholder={select.placeholder}
          data={select.options}
          value={filters[select.key]}
          onChange={(value) => onChange({ [select.key]: value } as Partial<Filters<Key, Sort>>)}
          clearable
          searchable
          nothingFoundMessage={select.nothingFound}
          comboboxProps={{ width: select.dropdownWidth ?? 260, position: 'bottom-start' }}
        />
      ))}
      {customFields ? (
        <CustomFieldFilters
          fields={customFields}
          value={filters.customFilters}
          onChange={(customFilters) => onChange({ customFilters } as Partial<Filters<Key, Sort>>)}
        />
      ) : null}
      <Chip
        checked={filters.favoritesOnly}
        onChange={(favoritesOnly) => onChange({ favoritesOnly } as Partial<Filters<Key, Sort>>)}
        variant="outline"
        color="yellow"
        size="sm"
        radius="md"
        icon={<IconStar size={14} stroke={2} />}
        classNames={{ label: classes.chipLabel }}
      >
        Favourites
      </Chip>
      {filtered ? (
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          leftSection={<IconFilterOff size={16} stroke={1.75} />}
          onClick={onClear}
        >
          Clear
        </Button>
      ) : null}
      <Group gap="xs" ml="auto" wrap="nowrap">
        {end}
      </Group>
    </div>
  );
}
