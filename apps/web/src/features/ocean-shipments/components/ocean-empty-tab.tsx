import { Button } from '@mantine/core';
import { IconArchive, IconPlus, IconShip } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { EmptyTab } from '../../../components/list-empty-state';
import { paths } from '../../../config/paths';
import type { OceanListStatus } from '../api/list-ocean-shipments';

/** What an ocean tab says when it has no shipment and no filter is on. */
export function oceanEmptyTab(
  status: OceanListStatus,
  counts: { active: number; archived: number } | null,
  canCreate: boolean,
): EmptyTab {
  if (status === 'archived') {
    return {
      icon: <IconArchive size={26} stroke={1.75} />,
      color: 'gray',
      title: 'Nothing archived yet',
      description:
        'Archive the shipments you no longer need to watch: select them in the Active list and choose Archive. They stay searchable here.',
      actions: (
        <Button component={Link} to={paths.shipments.oceanActive} variant="default">
          Go to active shipments
        </Button>
      ),
      testId: 'empty-archived',
    };
  }
  const everArchived = (counts?.archived ?? 0) > 0;
  return {
    icon: <IconShip size={28} stroke={1.6} />,
    title: everArchived ? 'No active shipments' : 'No shipments yet — add your first container',
    description: canCreate
      ? 'Enter a container number and its master bill of lading, or paste a whole list. Tracklane asks the carrier and keeps every milestone up to date.'
      : 'When someone in this workspace adds containers, they appear here. You can view shipments but not add them.',
    actions: canCreate ? (
      <>
        <Button component={Link} to={paths.newShipments.ocean} leftSection={<IconPlus size={16} />}>
          Add a shipment
        </Button>
        {everArchived ? (
          <Button component={Link} to={paths.shipments.oceanArchived} variant="default">
            See archived
          </Button>
        ) : null}
      </>
    ) : undefined,
    testId: 'empty-active',
  };
}
