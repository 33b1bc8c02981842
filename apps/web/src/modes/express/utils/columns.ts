import type { ExpressAttentionRule } from '@tracklane/shared/dashboard/dashboard.schema';
import type {
  ExpressListItem,
  ExpressSort,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { formatDate } from '../../../lib/dates';
import {
  addedColumn,
  columnSet,
  REFERENCE_COLUMN_IDS,
  referenceColumns,
  tagsColumn,
} from '../../../shipment-list/table-columns';
import { dateField } from '../../../shipment-list/table-export';
import { parcelCarrierLabel } from './carriers';
import { placeLabel } from './parcel-place';
import { parcelStatusLook, sourceLabel } from './parcel-status';

/*
 * The express tracking table's data columns (spec §3 "tracking table columns (hidden columns,
 * order)"), in their default order; shipment-list/table-columns builds the set and hides, reorders and
 * restores them. The favourite star sits in the tracking number's cell, which names the row and cannot
 * be hidden.
 */

/** A row's attention chip: the dashboard card's rule, in a phone card's few words. */
export const EXPRESS_ATTENTION_CHIP: Record<ExpressAttentionRule, string> = {
  exception: 'Exception',
  failedAttempt: 'Failed attempt',
  late: 'Late',
  awaitingPickup: 'Awaiting pickup',
  notFound: 'Not found',
  noConnection: 'No connection',
};

export const EXPRESS_COLUMNS = columnSet<ExpressListItem, ExpressSort>()({
  columns: {
    tracking: {
      width: { min: 160, preferred: 208 },
      label: 'Tracking number',
      sorts: { first: 'tracking_asc' },
      text: (s) => s.expressOrderNo,
    },
    carrier: {
      width: { min: 56, preferred: 80 },
      label: 'Carrier',
      text: (s) => parcelCarrierLabel(s.carrier, s.carrierName),
    },
    status: { label: 'Status', width: { min: 120, preferred: 148 }, text: (s) => parcelStatusLook(s).label },
    tags: tagsColumn({ min: 44, preferred: 72 }),
    destination: {
      width: { min: 92, preferred: 140 },
      label: 'Destination',
      text: (s) => placeLabel(s.destination) ?? '',
    },
    lastLocation: {
      width: { min: 92, preferred: 140 },
      label: 'Last location',
      text: (s) => placeLabel(s.lastLocation) ?? '',
    },
    estimatedDelivery: {
      width: { min: 80, preferred: 96 },
      label: 'Est. delivery',
      // The server sorts by the delivery day: delivered, else estimated.
      sorts: { first: 'delivery_asc', second: 'delivery_desc' },
      text: (s, timeZone) => formatDate(s.estimatedDelivery, timeZone),
      exportFields: [dateField('Est. delivery', (s) => s.estimatedDelivery)],
    },
    delivered: {
      width: { min: 80, preferred: 96 },
      label: 'Delivered',
      text: (s, timeZone) => formatDate(s.deliveredAt, timeZone),
      exportFields: [dateField('Delivered', (s) => s.deliveredAt)],
    },
    // Hidden by default: the columns above fill a laptop's table; these are a click away in Columns.
    lastEvent: {
      width: { min: 80, preferred: 96 },
      label: 'Last event',
      // "Recently updated": the parcels whose tracking last changed first.
      sorts: { first: 'updated_desc' },
      text: (s, timeZone) => formatDate(s.lastEventAt, timeZone),
      exportFields: [dateField('Last event', (s) => s.lastEventAt)],
    },
    origin: { label: 'Origin', width: { min: 92, preferred: 140 }, text: (s) => placeLabel(s.origin) ?? '' },
    service: { label: 'Service', width: { min: 80, preferred: 120 }, text: (s) => s.service ?? '' },
    added: addedColumn('created_desc'),
    source: { label: 'Source', width: { min: 80, preferred: 120 }, text: (s) => sourceLabel(s.source) },
    ...referenceColumns<ExpressListItem, ExpressSort>(),
  },
  hidden: ['lastEvent', 'origin', 'service', 'added', 'source', ...REFERENCE_COLUMN_IDS],
  card: {
    identifier: 'tracking',
    detail: 'carrier',
    status: 'status',
    // The delivery once it happened, else its estimate.
    date: (s) => (s.deliveredAt ? 'delivered' : 'estimatedDelivery'),
    // Not where the status badge says the same ("Exception", "Not found").
    attention: (s) => {
      const chip = s.attention ? EXPRESS_ATTENTION_CHIP[s.attention] : null;
      return chip === parcelStatusLook(s).label ? null : chip;
    },
  },
});

export type ExpressColumnId = (typeof EXPRESS_COLUMNS.ids)[number];
