import type {
  ExpressShipment,
  ExpressSort,
} from '@tracklane/shared/express-shipments/express-shipments.schema';
import { formatDate } from '../../../lib/dates';
import type { ColumnLayout, ColumnSet, TableColumn } from '../../../lib/table-columns';
import { dateField } from '../../../lib/table-export';
import { parcelCarrierLabel } from './carriers';
import { placeLabel } from './parcel-place';
import { parcelStatusLook, sourceLabel } from './parcel-status';

/*
 * The express tracking table's data columns (spec §3 "tracking table columns (hidden columns,
 * order)"); lib/table-columns hides, reorders and restores them. The favourite star sits in the
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
    label: 'Tracking number',
    hideable: false,
    sorts: { first: 'tracking_asc' },
    text: (s) => s.expressOrderNo,
  },
  carrier: {
    id: 'carrier',
    label: 'Carrier',
    hideable: true,
    text: (s) => parcelCarrierLabel(s.carrier, s.carrierName),
  },
  service: { id: 'service', label: 'Service', hideable: true, text: (s) => s.service ?? '' },
  status: { id: 'status', label: 'Status', hideable: true, text: (s) => parcelStatusLook(s).label },
  tags: { id: 'tags', label: 'Tags', hideable: true, text: (s) => s.tags.join(', ') },
  origin: { id: 'origin', label: 'Origin', hideable: true, text: (s) => placeLabel(s.origin) ?? '' },
  destination: {
    id: 'destination',
    label: 'Destination',
    hideable: true,
    text: (s) => placeLabel(s.destination) ?? '',
  },
  lastLocation: {
    id: 'lastLocation',
    label: 'Last location',
    hideable: true,
    text: (s) => placeLabel(s.lastLocation) ?? '',
  },
  lastEvent: {
    id: 'lastEvent',
    label: 'Last event',
    hideable: true,
    // "Recently updated": the parcels whose tracking last changed first.
    sorts: { first: 'updated_desc' },
    text: (s, timeZone) => formatDate(s.lastEventAt, timeZone),
    exportFields: [dateField('Last event', (s) => s.lastEventAt)],
  },
  estimatedDelivery: {
    id: 'estimatedDelivery',
    label: 'Est. delivery',
    hideable: true,
    // The server sorts by the delivery day: delivered, else estimated.
    sorts: { first: 'delivery_asc', second: 'delivery_desc' },
    text: (s, timeZone) => formatDate(s.estimatedDelivery, timeZone),
    exportFields: [dateField('Est. delivery', (s) => s.estimatedDelivery)],
  },
  delivered: {
    id: 'delivered',
    label: 'Delivered',
    hideable: true,
    text: (s, timeZone) => formatDate(s.deliveredAt, timeZone),
    exportFields: [dateField('Delivered', (s) => s.deliveredAt)],
  },
  added: {
    id: 'added',
    label: 'Added',
    hideable: true,
    sorts: { first: 'created_desc' },
    text: (s, timeZone) => formatDate(s.createdAt, timeZone),
    exportFields: [dateField('Added', (s) => s.createdAt)],
  },
  source: { id: 'source', label: 'Source', hideable: true, text: (s) => sourceLabel(s.source) },
};

export const EXPRESS_DEFAULT_LAYOUT: ColumnLayout<ExpressColumnId> = {
  order: [...EXPRESS_COLUMN_IDS],
  hidden: ['lastEvent', 'origin', 'service', 'added', 'source'],
};

export const EXPRESS_COLUMNS: ColumnSet<ExpressShipment, ExpressColumnId, ExpressSort> = {
  ids: EXPRESS_COLUMN_IDS,
  columns: EXPRESS_COLUMN_MAP,
  defaultLayout: EXPRESS_DEFAULT_LAYOUT,
};
