import { Button, EmptyState } from '@mantine/core';
import { IconArchive, IconFilterOff, IconPlus, IconShip } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { OceanListStatus } from '../api/list-ocean-shipments';

interface ListEmptyStateProps {
  status: OceanListStatus;
  filtered: boolean;
  counts: { active: number; archived: number } | null;
  canCreate: boolean;
  onClearFilters: () => void;
}

/** Why the list is empty, and what to do next. */
export function ListEmptyState({ status, filtered, counts, canCreate, onClearFilters }: ListEmptyStateProps) {
  if (filtered) {
    return (
      <EmptyState
        py={56}
        icon={<IconFilterOff size={26} stroke={1.75} />}
        variant="light"
        color="gray"
        title="Nothing matches these filters"
        description="No shipment in this list has that container, bill of lading, carrier or port. Widen the search or clear the filters."
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

  if (status === 'archived') {
    return (
      <EmptyState
        py={56}
        icon={<IconArchive size={26} stroke={1.75} />}
        variant="light"
        color="gray"
        title="Nothing archived yet"
        description="Archive the shipments you no longer need to watch: select them in the Active list and choose Archive. They stay searchable here."
        data-testid="empty-archived"
      >
        <EmptyState.Actions>
          <Button component={Link} to={paths.shipments.oceanActive} variant="default">
            Go to active shipments
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  const everArchived = (counts?.archived ?? 0) > 0;
  return (
    <EmptyState
      py={56}
      icon={<IconShip size={28} stroke={1.6} />}
      variant="light"
      title={everArchived ? 'No active shipments' : 'No shipments yet — add your first container'}
      description={
        canCreate
          ? 'Enter a container number and its master bill of lading, or paste a whole list. Tracklane asks the carrier and keeps every milestone up to date.'
          : 'When someone in this workspace adds containers, they appear here. You can view shipments but not add them.'
      }
      data-testid="empty-active"
    >
      {canCreate ? (
        <EmptyState.Actions>
          <Button component={Link} to={paths.newShipments.ocean} leftSection={<IconPlus size={16} />}>
            Add a shipment
          </Button>
          {everArchived ? (
            <Button component={Link} to={paths.shipments.oceanArchived} variant="default">
              See archived
            </Button>
          ) : null}
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}
