import { IconShip } from '@tabler/icons-react';
import { oceanDashboardSchema, type OceanDashboard } from '@tracklane/shared/dashboard/dashboard.schema';
import { OCEAN_PATHS, oceanDetailPath } from './paths';
import { OCEAN_ROUTES } from './routes';
import { formatMoney } from '../../lib/money';
import { statusLook } from './utils/status';
import type { ModeDefinition, SearchResultOf } from '../mode-definition';

/** Ocean containers: container number and master bill of lading (spec §2, §3). */
export const OCEAN_MODE = {
  ...OCEAN_ROUTES,
  label: 'Ocean',
  Icon: IconShip,
  segment: 'ocean',
  listHeader: {
    titles: { active: 'Active ocean shipments', archived: 'Archived ocean shipments' },
    things: 'Containers',
  },
  dashboard: {
    mode: 'ocean',
    parse: (raw) => oceanDashboardSchema.parse(raw),
    title: 'Ocean dashboard',
    things: 'containers',
    Icon: IconShip,
    listPath: OCEAN_PATHS.lists.active,
    newPath: OCEAN_PATHS.newShipment,
    addLabel: 'Add a container',
    exceptionTypes: {
      lfdPassed: 'lfd_passed',
      lfdToday: 'lfd_at_risk',
      lfdSoon: 'lfd_at_risk',
      onHold: 'on_hold',
      etaSlipped: 'eta_slipped',
      rolled: 'rolled',
      notFound: 'not_found',
      stale: 'no_update',
    },
    arrivalsTitle: 'Arrivals',
    arrivalsNote: 'Actual arrival at the port of discharge, else the latest estimate.',
    figures: [
      {
        // Demurrage and detention across the workspace, per currency: incurred so far, at risk this week.
        title: 'Demurrage & detention',
        empty: 'No container is running up charges, and none will within a week.',
        note: 'What running clocks add in the next 7 days if nothing moves, and what they cost already.',
        testId: 'dd-money',
        groups: (dashboard) =>
          dashboard.freeTimeMoney.map((money) => ({
            key: money.currency,
            figures: [
              { value: formatMoney(money.atRiskThisWeek, money.currency), label: 'At risk this week' },
              { value: formatMoney(money.incurred, money.currency), label: 'Incurred so far' },
            ],
          })),
      },
    ],
    // Ocean carriers are also known by their SCAC.
    carrierName: (carrier) => (carrier.name ? `${carrier.name} (${carrier.carrier})` : carrier.carrier),
    itemPath: (link) => oceanDetailPath(link.containerNo, link.mblNo),
    etaReason: () => import('./components/eta-sources').then((m) => m.EtaReason),
  },
  welcome: {
    line: 'Ocean: a container number with its bill of lading.',
    Icon: IconShip,
    thing: 'container',
    things: 'ocean containers',
    needsALook: ['a last free day coming up', 'an ETA that slipped'],
  },
  live: { queryRoot: 'ocean-shipments', idField: 'shipmentOverallId', sharedField: 'ocean' },
  alerts: {
    optionLabel: 'Ocean containers',
    badge: { label: 'Ocean', color: 'ocean' },
    carriersLabel: 'Carriers (SCAC)',
    carriersPlaceholder: 'e.g. MAEU, then Enter',
    ports: true,
  },
  history: {
    identifierHeader: 'Container',
    identifierWord: 'container number',
    arrivalHeader: 'Arrival',
    searchPlaceholder: 'Search container or bill of lading',
    sharedEmpty:
      'When someone shares an ocean shipment with your e-mail address, it shows here with live tracking.',
    subline: (row) => `MBL ${row.reference}${row.carrierName ? ` · ${row.carrierName}` : ''}`,
    detailPath: (row) => oceanDetailPath(row.number, row.reference),
  },
  search: {
    Icon: IconShip,
    number: (result) => result.containerNo,
    numberField: 'containerNo',
    detail: (result) => ({
      word: 'Ocean',
      reference: { label: 'B/L', value: result.mblNo, field: 'mblNo' },
      carrier: null,
    }),
    status: statusLook,
    detailPath: (result) => oceanDetailPath(result.containerNo, result.mblNo),
  },
  notification: {
    detailPath: (change) =>
      change.containerNo && change.mblNo ? oceanDetailPath(change.containerNo, change.mblNo) : null,
    label: (change) => ({
      primary: change.containerNo ?? '',
      secondary: change.mblNo ? `B/L ${change.mblNo}` : null,
    }),
  },
  mention: {
    detailPath: (mention) =>
      mention.containerNo && mention.mblNo ? oceanDetailPath(mention.containerNo, mention.mblNo) : null,
    number: (mention) => mention.containerNo ?? '',
  },
  publicShare: {
    word: 'ocean',
    thing: 'Container',
    subline: (shipment) =>
      `MBL ${shipment.reference}${shipment.carrierName ? ` · ${shipment.carrierName}` : ''}`,
    arrivalHeader: 'Arrival',
  },
} as const satisfies ModeDefinition<'ocean', SearchResultOf<'ocean'>, OceanDashboard>;
