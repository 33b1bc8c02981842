import type { OceanShipment, OceanSort } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { formatDate } from '../../../lib/dates';
import { carrierLabel } from './carriers';
import { arrivalText, departureText, lastFreeDayText } from './shipment-dates';
import { statusLook } from './status';

/*
 * The tracking table's data columns (spec §3 "tracking table columns (hidden columns, order)"). The
 * selection checkbox, the favourite star and the row actions are fixed around them.
 */

export const COLUMN_IDS = [
  'container',
  'mbl',
  'carrier',
  'status',
  'route',
  'departure',
  'arrival',
  'lastFreeDay',
  // Last by default: the dates matter more at a glance on a laptop screen.
  'vessel',
  'added',
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export interface ColumnSorts {
  /** The server sort a click asks for first, and the one the second click toggles to. */
  first: OceanSort;
  second?: OceanSort;
}

export interface ColumnDefinition {
  id: ColumnId;
  label: string;
  /** The container number identifies the row: it cannot be hidden. */
  hideable: boolean;
  sorts?: ColumnSorts;
  /** The cell as plain text, for the CSV export. */
  text: (shipment: OceanShipment, timeZone: string) => string;
}

const portText = (port: OceanShipment['pol']) => (port ? (port.name ?? port.locode) : '');

export const COLUMNS: Record<ColumnId, ColumnDefinition> = {
  container: {
    id: 'container',
    label: 'Container',
    hideable: false,
    sorts: { first: 'container_asc' },
    text: (s) => s.containerNo,
  },
  mbl: { id: 'mbl', label: 'MBL', hideable: true, text: (s) => s.mblNo },
  carrier: {
    id: 'carrier',
    label: 'Carrier',
    hideable: true,
    text: (s) => carrierLabel(s.carrierScac, s.carrierName),
  },
  status: { id: 'status', label: 'Status', hideable: true, text: (s) => statusLook(s).label },
  route: {
    id: 'route',
    label: 'POL → POD',
    hideable: true,
    text: (s) => (s.pol || s.pod ? `${portText(s.pol) || '-'} → ${portText(s.pod) || '-'}` : ''),
  },
  vessel: { id: 'vessel', label: 'Vessel', hideable: true, text: (s) => s.vesselName ?? '' },
  departure: {
    id: 'departure',
    label: 'ATD / ETD',
    hideable: true,
    sorts: { first: 'departure_asc', second: 'departure_desc' },
    text: (s, timeZone) => departureText(s, timeZone),
  },
  arrival: {
    id: 'arrival',
    label: 'ATA / ETA',
    hideable: true,
    sorts: { first: 'arrival_asc', second: 'arrival_desc' },
    text: (s, timeZone) => arrivalText(s, timeZone),
  },
  lastFreeDay: {
    id: 'lastFreeDay',
    label: 'Last free day',
    hideable: true,
    text: (s, timeZone) => lastFreeDayText(s, timeZone),
  },
  added: {
    id: 'added',
    label: 'Added',
    hideable: true,
    sorts: { first: 'created_desc' },
    text: (s, timeZone) => formatDate(s.createdAt, timeZone),
  },
};

export interface ColumnLayout {
  /** Every column, in the user's order. */
  order: ColumnId[];
  hidden: ColumnId[];
}

export const DEFAULT_LAYOUT: ColumnLayout = { order: [...COLUMN_IDS], hidden: ['added'] };

const isColumnId = (id: string): id is ColumnId => (COLUMN_IDS as readonly string[]).includes(id);

/**
 * A saved preference made safe: unknown ids dropped (a column removed since), columns added since
 * placed where the default order puts them, the container never hidden.
 */
export function layoutFromPreference(preference: { hidden: string[]; order: string[] } | null): ColumnLayout {
  if (!preference) return DEFAULT_LAYOUT;
  const order = [...new Set(preference.order.filter(isColumnId))];
  COLUMN_IDS.forEach((id, defaultIndex) => {
    if (order.includes(id)) return;
    const before = COLUMN_IDS.slice(0, defaultIndex).findLast((other) => order.includes(other));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });
  const hidden = [...new Set(preference.hidden.filter(isColumnId))].filter((id) => COLUMNS[id].hideable);
  return { order, hidden };
}

export const visibleColumns = (layout: ColumnLayout): ColumnDefinition[] =>
  layout.order.filter((id) => !layout.hidden.includes(id)).map((id) => COLUMNS[id]);

export function toggleColumn(layout: ColumnLayout, id: ColumnId): ColumnLayout {
  if (!COLUMNS[id].hideable) return layout;
  const hidden = layout.hidden.includes(id)
    ? layout.hidden.filter((other) => other !== id)
    : [...layout.hidden, id];
  return { ...layout, hidden };
}

export function moveColumn(layout: ColumnLayout, id: ColumnId, by: -1 | 1): ColumnLayout {
  const from = layout.order.indexOf(id);
  const to = from + by;
  if (from === -1 || to < 0 || to >= layout.order.length) return layout;
  const order = [...layout.order];
  order.splice(from, 1);
  order.splice(to, 0, id);
  return { ...layout, order };
}

/** The sort a click on a column's header asks for, given the current one. */
export function nextSort(column: ColumnDefinition, current: OceanSort): OceanSort | null {
  if (!column.sorts) return null;
  const { first, second } = column.sorts;
  return current === first && second ? second : first;
}
