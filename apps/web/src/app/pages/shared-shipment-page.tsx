import { Alert, Button, EmptyState, Skeleton, Text } from '@mantine/core';
import { IconArrowLeft, IconEye, IconLinkOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DetailLoading } from '../../components/detail-states';
import { NotFound } from '../../components/not-found';
import { PageHeader } from '../../components/page-header';
import { paths, type SiteType } from '../../config/paths';
import { isSiteType, MODE_LIST, modeOfSiteType } from '../../modes/registry';
import { sharedDetailOf, useSharedShipment } from '../../features/sharing/api/get-shared-shipment';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { modePages } from '../mode-pages';
import { useReaderTimeZone } from './use-shipment-access';

function NoLongerShared({ type }: { type: SiteType }) {
  return (
    <>
      <PageHeader title="Shared shipment" />
      <EmptyState
        py={64}
        variant="light"
        color="gray"
        icon={<IconLinkOff size={26} stroke={1.75} />}
        title="This shipment is not shared with you"
        description="It does not exist, or whoever shared it has stopped sharing it. Shipments still shared with you are in your shared history."
        data-testid="shared-not-found"
      >
        <EmptyState.Actions>
          <Button
            component={Link}
            to={paths.shipmentHistory.shared(type)}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to shared history
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </>
  );
}

/**
 * /shipment-history/{ocean|ground}/shared-history/details/:overallId (spec §2): a shipment shared with
 * me, drawn by its mode (the same detail components as the workspace's own, in their read-only mode). A share that
 * is revoked while the page is open disappears at its next fetch (the socket asks for one at once).
 */
export function SharedShipmentPage() {
  const { type, overallId = '' } = useParams();
  const valid = isSiteType(type);
  // A wrong address still asks (hooks run on every render), for the first mode, and is told no.
  const site: SiteType = valid ? type : MODE_LIST[0]!.siteType;
  const timeZone = useReaderTimeZone();
  const query = useSharedShipment(site, overallId);
  // The address's mode draws the shipment: its code downloads beside the answer, not after it.
  void modePages(modeOfSiteType(site)).sharedDetail.preload();
  if (!valid) return <NotFound homeHref={paths.home} homeLabel="Back to dashboard" />;

  const gone = isApiError(query.error) && [400, 404].includes(query.error.status);
  if (gone) return <NoLongerShared type={site} />;
  const back = { href: paths.shipmentHistory.shared(site), label: 'Shared history' };
  const data = query.data;
  if (!data) {
    if (query.isError)
      return (
        <Alert color="red" variant="light" title="Could not load the shared shipment">
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      );
    return (
      <DetailLoading
        label="Loading the shared shipment"
        head={<Skeleton height={72} radius="lg" />}
        mainHeight={420}
      />
    );
  }

  const banner = (
    <Alert variant="light" color="ocean" icon={<IconEye size={18} />} mb="md" data-testid="shared-banner">
      <Text size="sm">
        Shared with you by <strong>{data.share.sharedBy}</strong> on{' '}
        {formatDate(data.share.sharedAt, timeZone)}. You can follow it live; only its owners can change it.
      </Text>
    </Alert>
  );
  const live = {
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
  const shared = sharedDetailOf(data);
  if (shared) {
    const { sharedDetail: SharedDetail } = modePages(shared.definition);
    return (
      <>
        {banner}
        <SharedDetail shipment={data} live={live} back={back} timeZone={timeZone} />
      </>
    );
  }
  return <NoLongerShared type={site} />;
}
