import { IconShip } from '@tabler/icons-react';
import { activeEmptyTab, archiveEmptyTab, type EmptyTab } from '../../../components/list-empty-state';
import { OCEAN_PATHS } from '../paths';
import type { OceanListStatus } from '../api/list-ocean-shipments';

/** What an ocean tab says when it has no shipment and no filter is on. */
export function oceanEmptyTab(
  status: OceanListStatus,
  counts: { active: number; archived: number } | null,
  canCreate: boolean,
): EmptyTab {
  if (status === 'archived') return archiveEmptyTab(OCEAN_PATHS.lists.active);
  return activeEmptyTab({
    icon: <IconShip size={28} stroke={1.6} />,
    firstTitle: 'No shipments yet — add your first container',
    howToAdd:
      'Enter a container number and its master bill of lading, a bill of lading or booking alone, or paste a whole list. Tracklane asks the carrier and keeps every milestone up to date.',
    newShipmentHref: canCreate ? OCEAN_PATHS.newShipment : null,
    archivedHref: OCEAN_PATHS.lists.archived,
    everArchived: (counts?.archived ?? 0) > 0,
  });
}
