import { Anchor, Button, Paper, Skeleton, Text } from '@mantine/core';
import { IconFileDescription, IconStack2 } from '@tabler/icons-react';
import { billName, billStateText, BILL_KIND_LABEL } from '@tracklane/shared/tracking/ocean/ocean-bills';
import type { OceanBill, OceanBillSummary } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { Link } from 'react-router';
import { NoConnectionText } from '../../../components/no-connection';
import { StatusBadge } from '../../../components/status-badge';
import { isApiError } from '../../../lib/api-client';
import { useOceanBill, useOceanBills, useStopFollowingBill } from '../api/ocean-bills';
import { carrierLabel } from '../utils/carriers';
import { billListHref, oceanDetailHref } from '../utils/detail-href';
import { statusLook } from '../utils/status';
import classes from './ocean-bills.module.css';

/** Why a bill's containers were not added: the only reason there is (ADR 0037), and what to do. */
export const NOT_ADDED_REASON =
  'Your plan’s quota of active shipments is reached: archive some shipments or change the plan, and they are added within the hour.';

const what = (bill: Pick<OceanBillSummary, 'kind'>) =>
  bill.kind === 'booking' ? 'booking' : 'bill of lading';

/** What the carrier said about a followed bill, in words; "No connection for MSC: connect one" when nobody can be asked. */
export function BillState({ bill }: { bill: OceanBillSummary }) {
  if (bill.state === 'no_source')
    return <NoConnectionText carrierName={carrierLabel(bill.carrierScac, bill.carrierName)} />;
  return <>{billStateText(bill)}</>;
}

/** Containers the bill named that could not be added, and why. */
function NotAdded({ bill }: { bill: OceanBillSummary }) {
  if (bill.notAdded.length === 0) return null;
  return (
    <Text size="xs" c="orange.9" className={classes.notAdded} data-testid="bill-not-added">
      Not added: {bill.notAdded.join(', ')}. {NOT_ADDED_REASON}
    </Text>
  );
}

/** A bill's own line: its kind and number, its carrier, and a booking's bill of lading once known. */
function BillTitle({ bill }: { bill: OceanBillSummary }) {
  return (
    <>
      <span className={classes.kind}>{BILL_KIND_LABEL[bill.kind]}</span>{' '}
      <span className={classes.mono}>{bill.reference}</span>
      <span className={classes.carrier}> · {carrierLabel(bill.carrierScac, bill.carrierName)}</span>
      {bill.kind === 'booking' && bill.transportDocumentReference ? (
        <span className={classes.carrier}>
          {' '}
          · bill of lading <span className={classes.mono}>{bill.transportDocumentReference}</span>
        </span>
      ) : null}
    </>
  );
}

/**
 * Above the active list: the bills of lading and bookings followed alone none of whose containers are
 * here yet (asked, not known, no connection, none named), so that a bill just added is never missing
 * from the page. Gone once none waits; refreshed over the socket when a bill names its containers.
 */
export function WaitingBills({ canChange }: { canChange: boolean }) {
  const bills = useOceanBills('waiting');
  const stop = useStopFollowingBill();
  if (bills.isError && !bills.data)
    return (
      <Text size="sm" c="red.8" mb="md" role="alert">
        Could not load the bills of lading followed here.{' '}
        <Anchor component="button" type="button" onClick={() => void bills.refetch()} inherit>
          Try again
        </Anchor>
      </Text>
    );
  const items = bills.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      component="section"
      aria-labelledby="waiting-bills-title"
      className={classes.panel}
      data-testid="waiting-bills"
    >
      <Text id="waiting-bills-title" fw={600} size="sm" className={classes.panelTitle}>
        Bills of lading and bookings without containers yet
      </Text>
      <ul className={classes.list}>
        {items.map((bill) => (
          <li key={bill.billId} className={classes.row} data-testid="waiting-bill">
            <IconFileDescription size={18} stroke={1.6} className={classes.icon} aria-hidden />
            <div className={classes.rowText}>
              <Text size="sm" fw={600} className={classes.title}>
                <BillTitle bill={bill} />
              </Text>
              <Text size="xs" c="dimmed">
                <BillState bill={bill} />
              </Text>
              <NotAdded bill={bill} />
            </div>
            {canChange ? (
              <Button
                variant="subtle"
                color="gray"
                size="compact-sm"
                onClick={() => stop.mutate(bill.billId)}
                loading={stop.isPending && stop.variables === bill.billId}
                aria-label={`Stop following ${billName(bill.kind, bill.reference)}`}
              >
                Stop following
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Paper>
  );
}

/**
 * The head of the list narrowed to one bill (`?bill=`): which bill, what the carrier said, what could
 * not be added, and the way back to every shipment.
 */
export function BillGroupHeader({
  billId,
  canChange,
  onShowAll,
}: {
  billId: string;
  canChange: boolean;
  onShowAll: () => void;
}) {
  const query = useOceanBill(billId);
  const stop = useStopFollowingBill();
  const bill = query.data;
  const showAll = (
    <Button variant="subtle" size="compact-sm" onClick={onShowAll}>
      Show all shipments
    </Button>
  );
  let body;
  if (query.isError && !bill)
    body = (
      <Text size="sm">
        {isApiError(query.error) && query.error.status === 404
          ? 'This bill of lading or booking is not followed in this workspace.'
          : 'Could not load this bill of lading.'}
      </Text>
    );
  else if (!bill) body = <Skeleton height={18} width={260} aria-label="Loading the bill" />;
  else
    body = (
      <div className={classes.rowText}>
        <Text size="sm" fw={600} className={classes.title}>
          <BillTitle bill={bill} />
        </Text>
        <Text size="xs" c="dimmed">
          <BillState bill={bill} />
        </Text>
        <NotAdded bill={bill} />
      </div>
    );
  return (
    <div className={classes.group} role="group" aria-label="Bill of lading shown" data-testid="bill-group">
      <IconStack2 size={18} stroke={1.6} className={classes.icon} aria-hidden />
      {body}
      <div className={classes.actions}>
        {bill && canChange ? (
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            loading={stop.isPending}
            onClick={() => stop.mutate(bill.billId, { onSuccess: onShowAll })}
          >
            Stop following
          </Button>
        ) : null}
        {showAll}
      </div>
    </div>
  );
}

/**
 * On a container's detail: the bill it was found on and every container of the workspace on it, each a
 * link to its own page (this one marked), what could not be added, and the list narrowed to the bill.
 */
export function BillContainers({
  bill,
  containerNo,
  timeZone,
}: {
  bill: OceanBill;
  containerNo: string;
  timeZone: string;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-label={`Containers on this ${what(bill)}`}
      className={classes.detail}
      data-testid="bill-containers"
    >
      <div className={classes.detailHead}>
        <Text fw={600} size="sm">
          Containers on this {what(bill)}
        </Text>
        <Anchor component={Link} to={billListHref(bill.billId)} size="sm">
          Show them in the list
        </Anchor>
      </div>
      <Text size="xs" c="dimmed" mb="xs">
        <BillTitle bill={bill} /> · <BillState bill={bill} />
      </Text>
      <ul className={classes.containers}>
        {bill.containers.map((c) => {
          const current = c.containerNo === containerNo;
          return (
            <li key={c.shipmentOverallId} className={classes.container}>
              {current ? (
                <span className={classes.current} aria-current="page">
                  {c.containerNo}
                </span>
              ) : (
                <Anchor component={Link} to={oceanDetailHref(c, timeZone)} className={classes.mono} size="sm">
                  {c.containerNo}
                </Anchor>
              )}
              <StatusBadge look={statusLook(c)} pending={c.state === 'pending'} />
              {c.archived ? (
                <Text size="xs" c="dimmed" component="span">
                  archived
                </Text>
              ) : null}
            </li>
          );
        })}
      </ul>
      <NotAdded bill={bill} />
    </Paper>
  );
}
