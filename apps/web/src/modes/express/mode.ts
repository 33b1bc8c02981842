import { IconPackage, IconTruckDelivery } from '@tabler/icons-react';
import { expressDashboardSchema, type ExpressDashboard } from '@tracklane/shared/dashboard/dashboard.schema';
import { EXPRESS_PATHS, expressDetailPath } from './paths';
import { EXPRESS_ROUTES } from './routes';
import { parcelStatusLook } from './utils/parcel-status';
import type { ModeDefinition, SearchResultOf } from '../mode-definition';

/** Parcels by tracking number: "Ground" on screen, /truck/express in URLs, `express` in code (spec §2). */
export const EXPRESS_MODE = {
  ...EXPRESS_ROUTES,
  label: 'Ground',
  Icon: IconTruckDelivery,
  segment: 'truck/express',
  listHeader: {
    titles: {
      active: 'Active ground shipments',
      notFound: 'Ground shipments not found',
      archived: 'Archived ground shipments',
    },
    things: 'Parcels',
  },
  dashboard: {
    mode: 'express',
    parse: (raw) => expressDashboardSchema.parse(raw),
    title: 'Ground dashboard',
    things: 'parcels',
    Icon: IconTruckDelivery,
    listPath: EXPRESS_PATHS.lists.active,
    newPath: EXPRESS_PATHS.newShipment,
    addLabel: 'Add a parcel',
    exceptionTypes: {
      exception: 'parcel_exception',
      failedAttempt: 'failed_attempt',
      late: 'late',
      notFound: 'not_found',
    },
    arrivalsTitle: 'Deliveries',
    arrivalsNote: 'Delivered, else the carrier’s latest estimate.',
    figures: [],
    // Parcel carriers' codes are ours: the name alone.
    carrierName: (carrier) => carrier.name ?? carrier.carrier,
    itemPath: (link) => expressDetailPath(link.expressOrderId, link.expressOrderNo),
  },
  welcome: {
    line: 'Express: a parcel’s tracking number.',
    Icon: IconPackage,
    thing: 'parcel',
    things: 'express parcels',
    needsALook: ['a failed delivery'],
  },
  live: { queryRoot: 'express-shipments', idField: 'expressOrderId', sharedField: 'express' },
  alerts: {
    optionLabel: 'Express parcels',
    badge: { label: 'Express', color: 'grape' },
    carriersLabel: 'Carriers',
    carriersPlaceholder: 'e.g. ups, then Enter',
    ports: false,
  },
  history: {
    identifierHeader: 'Tracking number',
    identifierWord: 'tracking number',
    arrivalHeader: 'Delivery',
    searchPlaceholder: 'Search tracking number',
    sharedEmpty:
      'When someone shares a ground shipment with your e-mail address, it shows here with live tracking.',
    subline: (row) => row.carrierName ?? row.reference,
    detailPath: (row) => expressDetailPath(row.shipmentId, row.number),
  },
  search: {
    Icon: IconPackage,
    number: (result) => result.expressOrderNo,
    numberField: 'trackingNo',
    detail: (result) => ({ word: 'Parcel', reference: null, carrier: result.carrier.toUpperCase() }),
    status: parcelStatusLook,
    detailPath: (result) => expressDetailPath(result.expressOrderId, result.expressOrderNo),
  },
  notification: {
    // A parcel's page is named by its id in the workspace that follows it.
    detailPath: (change, shipmentId) =>
      change.expressOrderNo ? expressDetailPath(shipmentId, change.expressOrderNo) : null,
    label: (change) => ({ primary: change.expressOrderNo ?? '', secondary: null }),
  },
  mention: {
    detailPath: (mention) =>
      mention.expressOrderId && mention.orderNo
        ? expressDetailPath(mention.expressOrderId, mention.orderNo)
        : null,
    number: (mention) => mention.orderNo ?? '',
  },
  publicShare: {
    word: 'ground',
    thing: 'Parcel',
    subline: (shipment) => shipment.carrierName ?? '',
    arrivalHeader: 'Delivery',
  },
} as const satisfies ModeDefinition<'express', SearchResultOf<'express'>, ExpressDashboard>;
