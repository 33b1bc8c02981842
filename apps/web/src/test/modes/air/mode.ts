import { IconPlane } from '@tabler/icons-react';
import type { ModeDefinition } from '../../../modes/mode-definition';
import { AIR_DASHBOARD, type AirDashboard } from './dashboard';
import { airDetailPath, AIR_LIST_HEADER, AIR_PATHS } from './paths';

/**
 * A mode that exists only in tests (air freight by air waybill), registered through the registry's
 * seam (`registerModeForTests`). Everything it is lives in this folder: the app shows it wherever it
 * shows ocean and express, with no line of the product naming it.
 */

/** An air waybill as the search would find it: the shared result's fields and the mode's own. */
export interface AirSearchResult {
  mode: 'air';
  shipmentId: string;
  awb: string;
  airline: string;
  state: string;
  status: 'departed' | 'landed' | null;
  archived: boolean;
  workspace: { id: string; name: string };
  organization: { id: string; name: string };
  tags: string[];
  createdAt: string;
  match: { field: 'trackingNo' | 'tag'; value: string; exact: boolean };
}

export const AIR_MODE: ModeDefinition<'air', AirSearchResult, AirDashboard> = {
  mode: 'air',
  siteType: 'air',
  label: 'Air',
  Icon: IconPlane,
  segment: 'air',
  paths: AIR_PATHS,
  listHeader: AIR_LIST_HEADER,
  pages: {
    detailRoute: '/shipment/air/:awb',
    detail: () => import('./pages').then((m) => m.AirDetailPage),
    newShipment: () => import('./pages').then((m) => m.NewAirPage),
    list: () => import('./pages').then((m) => m.AirListPage),
    listEntry: 'src/test/modes/air/pages.tsx',
    prefetchList: (queryClient, props, search) =>
      import('./pages').then((m) => m.prefetchAirListPage(queryClient, props, search)),
    sharedDetail: () => import('./pages').then((m) => m.AirSharedDetail),
  },
  dashboard: AIR_DASHBOARD,
  welcome: {
    line: 'Air: an air waybill number.',
    Icon: IconPlane,
    thing: 'air waybill',
    things: 'air waybills',
    needsALook: ['a flight that landed without its cargo'],
  },
  live: { queryRoot: 'air-shipments', idField: 'airShipmentId', sharedField: 'air' },
  alerts: {
    optionLabel: 'Air waybills',
    badge: { label: 'Air', color: 'cyan' },
    carriersLabel: 'Airlines',
    carriersPlaceholder: 'e.g. LH, then Enter',
    ports: false,
  },
  history: {
    identifierHeader: 'Air waybill',
    identifierWord: 'air waybill',
    arrivalHeader: 'Landing',
    searchPlaceholder: 'Search air waybill',
    sharedEmpty: 'When someone shares an air shipment with you, it shows here.',
    subline: (row) => row.carrierName ?? row.reference,
    detailPath: (row) => airDetailPath(row.number),
  },
  search: {
    Icon: IconPlane,
    number: (result) => result.awb,
    numberField: 'trackingNo',
    detail: (result) => ({ word: 'Air', reference: null, carrier: result.airline }),
    status: (result) =>
      result.status === 'landed'
        ? { label: 'Landed', color: 'teal' }
        : { label: 'In the air', color: 'blue' },
    detailPath: (result) => airDetailPath(result.awb),
  },
  notification: {
    detailPath: (change) => (change.expressOrderNo ? airDetailPath(change.expressOrderNo) : null),
    label: (change) => ({ primary: change.expressOrderNo ?? '', secondary: 'Air waybill' }),
  },
  mention: {
    detailPath: (mention) => (mention.orderNo ? airDetailPath(mention.orderNo) : null),
    number: (mention) => mention.orderNo ?? '',
  },
  publicShare: {
    word: 'air',
    thing: 'Air waybill',
    subline: (shipment) => shipment.carrierName ?? '',
    arrivalHeader: 'Landing',
  },
};
