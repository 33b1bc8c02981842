import { Button } from '@mantine/core';
import { IconPackage, IconSearch } from '@tabler/icons-react';
import type { ExpressListTab } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { Link } from 'react-router';
import { activeEmptyTab, archiveEmptyTab, type EmptyTab } from '../../../components/list-empty-state';
import { paths } from '../../../config/paths';

/** What the not-found tab holds, said above its rows. */
export const NOT_FOUND_EXPLANATION =
  'No carrier knew these tracking numbers within the retry window. Tracklane still asks once a day; each parcel moves back to Active by itself as soon as its carrier knows it.';

/** What an express tab says when it has no parcel and no filter is on. */
export function expressEmptyTab(
  status: ExpressListTab,
  counts: Record<ExpressListTab, number> | null,
  canCreate: boolean,
): EmptyTab {
  if (status === 'archived') return archiveEmptyTab(paths.shipments.groundActive);
  if (status === 'notFound') {
    return {
      icon: <IconSearch size={26} stroke={1.75} />,
      color: 'gray',
      title: 'Every tracking number was found',
      description:
        'A parcel lands here when no carrier knew its tracking number within the retry window. Tracklane still asks once a day, and the parcel moves back to Active by itself as soon as its carrier knows it.',
      actions: (
        <Button component={Link} to={paths.shipments.groundActive} variant="default">
          Go to active shipments
        </Button>
      ),
      testId: 'empty-not-found',
    };
  }
  return activeEmptyTab({
    icon: <IconPackage size={28} stroke={1.6} />,
    firstTitle: 'No parcels yet — add your first tracking number',
    howToAdd:
      'Enter a tracking number, or paste a whole list. Tracklane recognises the carrier and keeps every scan and delivery estimate up to date.',
    newShipmentHref: canCreate ? paths.newShipments.ground : null,
    archivedHref: paths.shipments.groundArchived,
    everArchived: (counts?.archived ?? 0) > 0,
  });
}
