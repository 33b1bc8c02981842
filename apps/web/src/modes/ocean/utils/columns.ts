import type { OceanAttentionRule } from '@tracklane/shared/dashboard/dashboard.schema';
import type {
  OceanListItem,
  OceanShipment,
  OceanSort,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { clockLabel } from '@tracklane/shared/free-time/free-time-text';
import { formatDate, formatDay } from '../../../lib/dates';
import type { ColumnLayout, ColumnSet, TableColumn } from '../../../shipment-list/table-columns';
import { dateField } from '../../../shipment-list/table-export';
import { carrierLabel } from './carriers';
import { formatMoney, nextFreeTimeText } from './free-time-text';
import { arrivalText, departureText } from './shipment-dates';
import { statusLook } from './status';

/*
 * The ocean tracking table's data columns (spec §3 "tracking table columns (hidden columns, order)");
 * shipment-list/table-columns hides, reorders and restores them. The favourite star sits in the container cell.
 */

export const COLUMN_IDS = [
  'container',
  'mbl',
  'carrier',
  'status',
  'tags',
  'route',
  'departure',
  'arrival',
  'freeTime',
  'ddCost',
  // Hidden by default: the dates matter more at a glance, and the columns above fill a laptop's table.
  'vessel',
  'added',
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

/** One column of the ocean table; the container number identifies the row and cannot be hidden. */
export type OceanColumn = TableColumn<OceanShipment, ColumnId, OceanSort>;

const portText = (port: OceanShipment['pol']) => (port ? (port.name ?? port.locode) : '');

export const COLUMNS: Record<ColumnId, OceanColumn> = {
  container: {
    id: 'container',
    width: { min: 150, preferred: 156 },
    label: 'Container',
    hideable: false,
    sorts: { first: 'container_asc' },
    text: (s) => s.containerNo,
  },
  mbl: {
    id: 'mbl',
    width: { min: 124, preferred: 136 },
    label: 'MBL',
    hideable: true,
    // A container a booking named before its bill of lading was known carries the booking (ADR 0037).
    text: (s) => (s.referenceKind === 'booking' ? `Booking ${s.mblNo}` : s.mblNo),
  },
  carrier: {
    id: 'carrier',
    width: { min: 60, preferred: 92 },
    label: 'Carrier',
    hideable: true,
    text: (s) => carrierLabel(s.carrierScac, s.carrierName),
  },
  status: {
    id: 'status',
    width: { min: 112, preferred: 118 },
    label: 'Status',
    hideable: true,
    text: (s) => statusLook(s).label,
  },
  tags: {
    id: 'tags',
    width: { min: 40, preferred: 56 },
    label: 'Tags',
    hideable: true,
    text: (s) => s.tags.join(', '),
  },
  route: {
    id: 'route',
    width: { min: 92, preferred: 120 },
    label: 'POL → POD',
    hideable: true,
    text: (s) => (s.pol || s.pod ? `${portText(s.pol) || '-'} → ${portText(s.pod) || '-'}` : ''),
  },
  vessel: {
    id: 'vessel',
    width: { min: 96, preferred: 140 },
    label: 'Vessel',
    hideable: true,
    text: (s) => s.vesselName ?? '',
  },
  departure: {
    id: 'departure',
    width: { min: 84, preferred: 96 },
    label: 'ATD / ETD',
    hideable: true,
    sorts: { first: 'departure_asc', second: 'departure_desc' },
    text: (s, timeZone) => departureText(s, timeZone),
    exportFields: [dateField('ATD', (s) => s.departureVO.atd), dateField('ETD', (s) => s.departureVO.etd)],
  },
  arrival: {
    id: 'arrival',
    width: { min: 84, preferred: 96 },
    label: 'ATA / ETA',
    hideable: true,
    sorts: { first: 'arrival_asc', second: 'arrival_desc' },
    text: (s, timeZone) => arrivalText(s, timeZone),
    exportFields: [dateField('ATA', (s) => s.arrivalVO.ata), dateField('ETA', (s) => s.arrivalVO.eta)],
  },
  freeTime: {
    id: 'freeTime',
    width: { min: 100, preferred: 120 },
    // The last free day that matters now, named by its clock (demurrage at the terminal, detention
    // once out): one column where the days left and the day can never belong to different clocks.
    label: 'Last free day',
    hideable: true,
    sorts: { first: 'free_time_asc' },
    text: (s) => {
      const next = nextFreeTimeText(s.freeTime);
      return next ? `${formatDay(s.freeTime.lastFreeDay)} ${next}` : '';
    },
    // Both clocks' days as dates a spreadsheet filters, and which one the days left count.
    exportFields: [
      { label: 'Demurrage LFD', value: (s) => ({ day: s.freeTime.demurrage.lastFreeDay }) },
      { label: 'Detention LFD', value: (s) => ({ day: s.freeTime.detention.lastFreeDay }) },
      {
        label: 'Free time clock',
        value: (s) => (s.freeTime.clock ? clockLabel(s.freeTime.clock, s.freeTime.combined) : ''),
      },
      {
        label: 'Free days left',
        value: (s) => (s.freeTime.daysLeft === null ? '' : String(s.freeTime.daysLeft)),
      },
    ],
  },
  ddCost: {
    id: 'ddCost',
    width: { min: 80, preferred: 88 },
    label: 'D&D cost',
    hideable: true,
    sorts: { first: 'cost_desc' },
    text: (s) => (s.freeTime.cost > 0 ? formatMoney(s.freeTime.cost, s.freeTime.currency) : ''),
    exportFields: [
      { label: 'D&D cost so far', value: (s) => (s.freeTime.cost > 0 ? String(s.freeTime.cost) : '0') },
      { label: 'Currency', value: (s) => s.freeTime.currency ?? '' },
    ],
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
};

export const DEFAULT_LAYOUT: ColumnLayout<ColumnId> = { order: [...COLUMN_IDS], hidden: ['vessel', 'added'] };

/** A row's attention chip: the dashboard card's rule, in a phone card's few words. */
export const OCEAN_ATTENTION_CHIP: Record<OceanAttentionRule, string> = {
  // "LFD", as the free-time tooltips write it: the chip shares its line with the last free day.
  lfdPassed: 'LFD passed',
  lfdToday: 'LFD today',
  lfdSoon: 'LFD soon',
  onHold: 'On hold',
  availableForPickup: 'Available',
  etaSlipped: 'ETA slipped',
  rolled: 'Rolled',
  arrivedNotPickedUp: 'Not picked up',
  notFound: 'Not found',
  noConnection: 'No connection',
  stale: 'No fresh data',
};

export const OCEAN_COLUMNS: ColumnSet<OceanListItem, ColumnId, OceanSort> = {
  ids: COLUMN_IDS,
  columns: COLUMNS,
  defaultLayout: DEFAULT_LAYOUT,
  card: {
    identifier: 'container',
    detail: 'mbl',
    status: 'status',
    // The last free day of the clock that ends next while one runs (ADR 0031), else the arrival.
    date: (s) => (s.freeTime.lastFreeDay !== null && s.freeTime.daysLeft !== null ? 'freeTime' : 'arrival'),
    // Not where the status badge says the same ("Not found").
    attention: (s) => {
      const chip = s.attention ? OCEAN_ATTENTION_CHIP[s.attention] : null;
      return chip === statusLook(s).label ? null : chip;
    },
  },
};
