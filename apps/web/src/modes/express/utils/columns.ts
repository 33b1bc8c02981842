import type { ExpressAttentionRule } from '@tracklane/shared/dashboard/dashboard.schema';
import type {
  ExpressListItem,
  ExpressShipment,
  ExpressSort,
} from '@tracklane/shared/tracking/express/express-shipments.schema';
import { formatDate } from '../../../lib/dates';
import type { ColumnLayout, ColumnSet, TableColumn } from '../../../shipment-list/table-columns';
import { dateField } from '../../../shipment-list/table-export';
import { parcelCarrierLabel } from './carriers';
import { placeLabel } from './parcel-place';
import { parcelStatusLook, sourceLabel } from './parcel-status';

/*
 * The express tracking table's data columns (spec §3 "tracking table columns (hidden columns,
 * order)"); shipment-list/table-columns hides, reorders and restores them. The favourite star sits in the
 * tracking number's cell.
 */

export const EXPRESS_COLUMN_IDS = [
  'tracking',
  'carrier',
  'status',
  'tags',
  'destination',
  'lastLocation',
  'estimatedDelivery',
  'delivered',
  // Hidden by default: the columns above fill a laptop's table; these are a click away in Columns.
  'lastEvent',
  'origin',
  'service',
  'added',
  'source',
] as const;
export type ExpressColumnId = (typeof EXPRESS_COLUMN_IDS)[number];

/** One column of the express table; the tracking number identifies the row and cannot be hidden. */
export type ExpressColumn = TableColumn<ExpressShipment, ExpressColumnId, ExpressSort>;

export const EXPRESS_COLUMN_MAP: Record<ExpressColumnId, ExpressColumn> = {
  tracking: {
    id: 'tracking',
    width: { min: 160, preferred: 208 },
    label: 'Tracking number',
    hideable: false,
    sorts: { first: 'tracking_asc' },
    text: (s) => s.expressOrderNo,
  },
  carrier: {
    id: 'carrier',
    width: { min: 56, preferred: 80 },
    label: 'Carrier',
    hideable: true,
    text: (s) => parcelCarrierLabel(s.carrier, s.carrierName),
  },
  service: {
    id: 'service',
    width: { min: 80, preferred: 120 },
    label: 'Service',
    hideable: true,
    text: (s) => s.service ?? '',
  },
  status: {
    id: 'status',
    width: { min: 120, preferred: 148 },
    label: 'Status',
    hideable: true,
    text: (s) => parcelStatusLook(s).label,
  },
  tags: {
    id: 'tags',
    width: { min: 44, preferred: 72 },
    label: 'Tags',
    hideable: true,
    text: (s) => s.tags.join(', '),
  },
  origin: {
    id: 'origin',
    width: { min: 92, preferred: 140 },
    label: 'Origin',
    hideable: true,
    text: (s) => placeLabel(s.origin) ?? '',
  },
  destination: {
    id: 'destination',
    width: { min: 92, preferred: 140 },
    label: 'Destination',
    hideable: true,
    text: (s) => placeLabel(s.destination) ?? '',
  },
  lastLocation: {
    id: 'lastLocation',
    width: { min: 92, preferred: 140 },
    label: 'Last location',
    hideable: true,
    text: (s) => placeLabel(s.lastLocation) ?? '',
  },
  lastEvent: {
    id: 'lastEvent',
    width: { min: 80, preferred: 96 },
    label: 'Last event',
    hideable: true,
    // "Recently updated": the parcels whose tracking last changed first.
    sorts: { first: 'updated_desc' },
    text: (s, timeZone) => formatDate(s.lastEventAt, timeZone),
    exportFields: [dateField('Last event', (s) => s.lastEventAt)],
  },
  estimatedDelivery: {
    id: 'estimatedDelivery',
    width: { min: 80, preferred: 96 },
    label: 'Est. delivery',
    hideable: true,
    // The server sorts by the delivery day: delivered, else estimated.
    sorts: { first: 'delivery_asc', second: 'delivery_desc' },
    text: (s, timeZone) => formatDate(s.estimatedDelivery, timeZone),
    exportFields: [dateField('Est. delivery', (s) => s.estimatedDelivery)],
  },
  delivered: {
    id: 'delivered',
    width: { min: 80, preferred: 96 },
    label: 'Delivered',
    hideable: true,
    text: (s, timeZone) => formatDate(s.deliveredAt, timeZone),
    exportFields: [dateField('Delivered', (s) => s.deliveredAt)],
  },
  added: {
    id: 'added',
    width: { min: 80, preferred: 96 },
    label: 'Added',
    hideable: true,
    sorts: { first: 'created_desc' },
    text: (s, timeZone) => formatDate(s.createdAt, timeZone),
    exportFields: [dateField('Added', (s) => s.createdAt)],
  },
  source: {
    id: 'source',
    width: { min: 80, preferred: 120 },
    label: 'Source',
    hideable: true,
    text: (s) => sourceLabel(s.source),
  },
};

export const EXPRESS_DEFAULT_LAYOUT: ColumnLayout<ExpressColumnId> = {
  order: [...EXPRESS_COLUMN_IDS],
  hidden: ['lastEvent', 'origin', 'service', 'added', 'source'],
};

/** A row's attention chip: the dashboard card's rule, in a phone card's few words. */
export const EXPRESS_ATTENTION_CHIP: Record<ExpressAttentionRule, string> = {
  exception: 'Exception',
  failedAttempt: 'Failed attempt',
  late: 'Late',
  awaitingPickup: 'Awaiting pickup',
  notFound: 'Not found',
  noConnection: 'No connection',
};

export const EXPRESS_COLUMNS: ColumnSet<ExpressListItem, ExpressColumnId, ExpressSort> = {
  ids: EXPRESS_COLUMN_IDS,
  columns: EXPRESS_COLUMN_MAP,
  defaultLayout: EXPRESS_DEFAULT_LAYOUT,
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
};
