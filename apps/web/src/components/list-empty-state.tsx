import { Button, EmptyState } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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
