import { Button, Chip, CloseButton, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch, IconStar } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { OceanOptions } from '../api/get-ocean-options';
import type { OceanListFilters } from '../api/list-ocean-shipments';
import { shortCarrierName } from '../utils/carriers';
import classes from './ocean-shipments-list.module.css';

interface ListFiltersProps {
  filters: OceanListFilters;
  options: OceanOptions | undefined;
  onChange: (change: Partial<OceanListFilters>) => void;
  onClear: () => void;
  filtered: boolean;
  /** The column settings, at the end of the row. */
  end: ReactNode;
}

const SEARCH_DEBOUNCE_MS = 300;

const portOptions = (ports: OceanOptions['pols'] | undefined) =>
  (ports ?? []).map((port) => ({
    value: port.locode,
    label: port.name ? `${port.name} (${port.locode})` : port.locode,
  }));

/** Search, carrier, POL, POD and favourites: everything that narrows the list. */
export function ListFilters({ filters, options, onChange, onClear, filtered, end }: ListFiltersProps) {
  const [search, setSearch] = useState(filters.search);
  // The search the URL should hold: when it holds another ("Clear filters", the back button), the box
  // follows the URL; when it holds what was just typed, the box keeps what is being typed.
  const [expected, setExpected] = useState(filters.search);
  if (filters.search !== expected) {
    setExpected(filters.search);
    setSearch(filters.search);
  }
  const commitSearch = useDebouncedCallback((value: string) => {
    setExpected(value.trim());
    onChange({ search: value });
  }, SEARCH_DEBOUNCE_MS);

  const carriers = (options?.carriers ?? []).map((carrier) => ({
    value: carrier.scac,
    label: `${shortCarrierName(carrier.name)} (${carrier.scac})`,
  }));

  return (
    <div className={classes.toolbar} role="search">
      <TextInput
        className={classes.search}
        size="sm"
        placeholder="Search container or MBL"
        aria-label="Search by container or bill of lading number"
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
                setExpected('');
                onChange({ search: '' });
              }}
            />
          ) : null
        }
        ff="monospace"
      />
      <Select
        className={classes.filter}
        size="sm"
        aria-label="Carrier"
        placeholder="Carrier"
        data={carriers}
        value={filters.carrier}
        onChange={(carrier) => onChange({ carrier })}
        clearable
        searchable
        nothingFoundMessage="No such carrier"
        comboboxProps={{ width: 280, position: 'bottom-start' }}
      />
      <Select
        className={classes.filter}
        size="sm"
        aria-label="Port of loading"
        placeholder="POL"
        data={portOptions(options?.pols)}
        value={filters.pol}
        onChange={(pol) => onChange({ pol })}
        clearable
        searchable
        nothingFoundMessage="No such port in this workspace"
        comboboxProps={{ width: 260, position: 'bottom-start' }}
      />
      <Select
        className={classes.filter}
        size="sm"
        aria-label="Port of discharge"
        placeholder="POD"
        data={portOptions(options?.pods)}
        value={filters.pod}
        onChange={(pod) => onChange({ pod })}
        clearable
        searchable
        nothingFoundMessage="No such port in this workspace"
        comboboxProps={{ width: 260, position: 'bottom-start' }}
      />
      <Chip
        checked={filters.favoritesOnly}
        onChange={(favoritesOnly) => onChange({ favoritesOnly })}
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
