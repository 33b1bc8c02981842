import { Button, EmptyState } from '@mantine/core';
import { IconArchive, IconFilterOff, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A tab's own empty state, for when no filter is on: what the tab is for and what to do next. */
export interface EmptyTab {
  icon: ReactNode;
  title: string;
  description: string;
  /** Links or buttons that lead on; none when the reader can do nothing here. */
  actions?: ReactNode;
  /** Grey for a tab that is empty by nature (archived), the accent for the first shipment to add. */
  color?: 'gray';
  testId: string;
}

/** The archive tab with nothing in it, whatever the mode. */
export function archiveEmptyTab(activeHref: string): EmptyTab {
  return {
    icon: <IconArchive size={26} stroke={1.75} />,
    color: 'gray',
    title: 'Nothing archived yet',
    description:
      'Archive the shipments you no longer need to watch: select them in the Active list and choose Archive. They stay searchable here.',
    actions: (
      <Button component={Link} to={activeHref} variant="default">
        Go to active shipments
      </Button>
    ),
    testId: 'empty-archived',
  };
}

interface ActiveEmptyTabOptions {
  icon: ReactNode;
  /** The title before anything was ever added ("No shipments yet — add your first container"). */
  firstTitle: string;
  /** What adding one takes, for a member who may. */
  howToAdd: string;
  /** Null for a member who may only view. */
  newShipmentHref: string | null;
  archivedHref: string;
  /** Some were archived: the tab is empty, not new. */
  everArchived: boolean;
}

/** The active tab with nothing in it: how to add the first shipment, or where the others went. */
export function activeEmptyTab(options: ActiveEmptyTabOptions): EmptyTab {
  const { newShipmentHref, everArchived } = options;
  return {
    icon: options.icon,
    title: everArchived ? 'No active shipments' : options.firstTitle,
    description: newShipmentHref
      ? options.howToAdd
      : 'When someone in this workspace adds shipments, they appear here. You can view shipments but not add them.',
    actions: newShipmentHref ? (
      <>
        <Button component={Link} to={newShipmentHref} leftSection={<IconPlus size={16} />}>
          Add a shipment
        </Button>
        {everArchived ? (
          <Button component={Link} to={options.archivedHref} variant="default">
            See archived
          </Button>
        ) : null}
      </>
    ) : undefined,
    testId: 'empty-active',
  };
}

interface ListEmptyStateProps {
  filtered: boolean;
  /** What the filters look at, for the sentence "No shipment in this list has that …". */
  filteredWhat: string;
  onClearFilters: () => void;
  empty: EmptyTab;
}

/** Why a shipment list is empty, and what to do next. */
export function ListEmptyState({ filtered, filteredWhat, onClearFilters, empty }: ListEmptyStateProps) {
  if (filtered) {
    return (
      <EmptyState
        py={56}
        icon={<IconFilterOff size={26} stroke={1.75} />}
        variant="light"
        color="gray"
        title="Nothing matches these filters"
        description={`No shipment in this list has that ${filteredWhat}. Widen the search or clear the filters.`}
        data-testid="empty-filtered"
      >
        <EmptyState.Actions>
          <Button variant="default" onClick={onClearFilters} leftSection={<IconFilterOff size={16} />}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      py={56}
      icon={empty.icon}
      variant="light"
      color={empty.color}
      title={empty.title}
      description={empty.description}
      data-testid={empty.testId}
    >
      {empty.actions ? <EmptyState.Actions>{empty.actions}</EmptyState.Actions> : null}
    </EmptyState>
  );
}
