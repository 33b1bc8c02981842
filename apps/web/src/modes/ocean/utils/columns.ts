import type { OceanAttentionRule } from '@tracklane/shared/dashboard/dashboard.schema';
import type {
  OceanListItem,
  OceanShipment,
  OceanSort,
} from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { clockLabel } from '@tracklane/shared/free-time/free-time-text';
import { formatDay } from '../../../lib/dates';
import {
  addedColumn,
  columnSet,
  REFERENCE_COLUMN_IDS,
  referenceColumns,
  tagsColumn,
} from '../../../shipment-list/table-columns';
import { dateField } from '../../../shipment-list/table-export';
import { carrierLabel } from './carriers';
import { formatMoney, nextFreeTimeText } from './free-time-text';
import { arrivalText, departureText } from './shipment-dates';
import { statusLook } from './status';

/*
 * The ocean tracking table's data columns (spec §3 "tracking table columns (hidden columns, order)"),
 * in their default order; shipment-list/table-columns builds the set and hides, reorders and restores
 * them. The favourite star sits in the container cell, which names the row and cannot be hidden.
 */

const portText = (port: OceanShipment['pol']) => (port ? (port.name ?? port.locode) : '');

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

export const OCEAN_COLUMNS = columnSet<OceanListItem, OceanSort>()({
  columns: {
    container: {
      width: { min: 150, preferred: 156 },
      label: 'Container',
      sorts: { first: 'container_asc' },
      text: (s) => s.containerNo,
    },
    mbl: {
      width: { min: 124, preferred: 136 },
      label: 'MBL',
      // A container a booking named before its bill of lading was known carries the booking (ADR 0037).
      text: (s) => (s.referenceKind === 'booking' ? `Booking ${s.mblNo}` : s.mblNo),
    },
    carrier: {
      width: { min: 60, preferred: 92 },
      label: 'Carrier',
      text: (s) => carrierLabel(s.carrierScac, s.carrierName),
    },
    status: { label: 'Status', width: { min: 112, preferred: 118 }, text: (s) => statusLook(s).label },
    tags: tagsColumn({ min: 40, preferred: 56 }),
    route: {
      width: { min: 92, preferred: 120 },
      label: 'POL → POD',
      text: (s) => (s.pol || s.pod ? `${portText(s.pol) || '-'} → ${portText(s.pod) || '-'}` : ''),
    },
    departure: {
      width: { min: 84, preferred: 96 },
      label: 'ATD / ETD',
      sorts: { first: 'departure_asc', second: 'departure_desc' },
      text: (s, timeZone) => departureText(s, timeZone),
      exportFields: [dateField('ATD', (s) => s.departureVO.atd), dateField('ETD', (s) => s.departureVO.etd)],
    },
    arrival: {
      width: { min: 84, preferred: 96 },
      label: 'ATA / ETA',
      sorts: { first: 'arrival_asc', second: 'arrival_desc' },
      text: (s, timeZone) => arrivalText(s, timeZone),
      exportFields: [dateField('ATA', (s) => s.arrivalVO.ata), dateField('ETA', (s) => s.arrivalVO.eta)],
    },
    freeTime: {
      width: { min: 100, preferred: 120 },
      // The last free day that matters now, named by its clock (demurrage at the terminal, detention
      // once out): one column where the days left and the day can never belong to different clocks.
      label: 'Last free day',
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
      width: { min: 80, preferred: 88 },
      label: 'D&D cost',
      sorts: { first: 'cost_desc' },
      text: (s) => (s.freeTime.cost > 0 ? formatMoney(s.freeTime.cost, s.freeTime.currency) : ''),
      exportFields: [
        { label: 'D&D cost so far', value: (s) => (s.freeTime.cost > 0 ? String(s.freeTime.cost) : '0') },
        { label: 'Currency', value: (s) => s.freeTime.currency ?? '' },
      ],
    },
    // Hidden by default: the dates matter more at a glance, and the columns above fill a laptop's table.
    vessel: { label: 'Vessel', width: { min: 96, preferred: 140 }, text: (s) => s.vesselName ?? '' },
    added: addedColumn('created_desc'),
    ...referenceColumns<OceanListItem, OceanSort>(),
  },
  hidden: ['vessel', 'added', ...REFERENCE_COLUMN_IDS],
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
});

export type ColumnId = (typeof OCEAN_COLUMNS.ids)[number];
