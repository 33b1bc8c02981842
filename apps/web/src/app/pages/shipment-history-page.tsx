import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { PageHeader } from '../../components/page-header';
import { paths, SITE_TYPES, type SiteType } from '../../config/paths';

type HistoryView = 'tracking' | 'shared' | 'shared-details';

const TYPE_LABEL: Record<SiteType, string> = { ocean: 'Ocean', ground: 'Ground' };

function isSiteType(value: string | undefined): value is SiteType {
  return SITE_TYPES.some((type) => type === value);
}

/** /shipment-history/{ocean|ground}/…: any other type is a wrong address, not an empty page. */
export function ShipmentHistoryPage({ view }: { view: HistoryView }) {
  const { type, overallId } = useParams();
  if (!isSiteType(type)) return <NotFound homeHref={paths.home} homeLabel="Back to dashboard" />;

  if (view === 'shared-details') {
    return (
      <PageHeader
        title="Shared shipment"
        description={
          <>
            {TYPE_LABEL[type]} ·{' '}
            <Text span ff="monospace" size="sm">
              {overallId}
            </Text>
          </>
        }
      />
    );
  }
  const title = view === 'tracking' ? 'tracking history' : 'shared history';
  return <PageHeader title={`${TYPE_LABEL[type]} ${title}`} />;
}
