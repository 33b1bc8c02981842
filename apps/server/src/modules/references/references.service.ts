import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import {
  PARTY_ROLES,
  type IntakeReferences,
  type ShipmentReferences,
  type UpdateReferences,
} from '@tracklane/shared/references/references.schema';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { AppError } from '../../lib/app-error';
import { inWorkspace } from '../../tenancy/scope';
import { lockWorkspaceShipment, NOT_TRACKED } from '../tracking/lock-shipment';
import { publishShipmentsChanged } from '../live-pages/live-publish';
import { assertCompaniesOfWorkspace, companiesNamed } from './companies.service';
import { modeFeatures } from '../../modes';
import type { ShipmentCustomFields } from '@tracklane/shared/custom-fields/custom-field-values';
import {
  customFieldsOfRows,
  customValuesQuery,
  modeOfTable,
} from '../custom-fields/custom-field-values.service';
import type { SubscriptionTable } from '../tracking/tracking-mode';

/*
 * A shipment's references, written once over every mode's subscription table (the columns come from
 * subscriptionColumns): read for the detail, the public API and webhooks, changed by members who may
 * change shipments.
 */

const partyColumn = {
  shipper: 'shipperId',
  consignee: 'consigneeId',
  customer: 'customerId',
  forwarder: 'forwarderId',
} as const;

/**
 * SQL: the subscription names the company as any party (a list's company filter). An id that is no
 * company's matches nothing; another workspace's company names none of this workspace's shipments.
 */
export function namesCompany(table: SubscriptionTable, companyId: string): SQL {
  return namesAnyCompany(table, [companyId]);
}

/** SQL: the subscription names any of these companies as any party (an alert rule's filter). */
export function namesAnyCompany(table: SubscriptionTable, companyIds: readonly string[]): SQL {
  const ids = companyIds.filter(isUuid);
  if (!ids.length) return sql`false`;
  return or(...PARTY_ROLES.map((role) => inArray(table[partyColumn[role]], ids)))!;
}

/** The references of `ids` (shipments of one mode in one workspace), by shipment id. */
export async function referencesOf(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  ids: readonly string[],
): Promise<Map<string, ShipmentReferences>> {
  const found = await readReferences(db, workspaceId, table, ids, false);
  return new Map([...found].map(([id, { references }]) => [id, references]));
}

/**
 * The references of `ids` by shipment id, and with `values` their custom field values, read in the
 * same statement (customValuesQuery).
 */
async function readReferences(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  ids: readonly string[],
  values: boolean,
): Promise<Map<string, { references: ShipmentReferences; customFields: ShipmentCustomFields }>> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return new Map();
  const party = {
    shipper: alias(companies, 'shipper_company'),
    consignee: alias(companies, 'consignee_company'),
    customer: alias(companies, 'customer_company'),
    forwarder: alias(companies, 'forwarder_company'),
  };
  const partyFields: Record<string, AnyPgColumn> = {};
  for (const role of PARTY_ROLES) {
    partyFields[`${role}Id`] = party[role].id;
    partyFields[`${role}Name`] = party[role].name;
  }
  const custom = values ? customValuesQuery(db, workspaceId, modeOfTable(table), wanted) : undefined;
  const columns = {
    id: table.id,
    bookingNumber: table.bookingNumber,
    customerReference: table.customerReference,
    poNumbers: table.poNumbers,
    ...partyFields,
    ...(custom ? { valueRows: custom.rows } : {}),
  };
  const select = custom ? db.with(custom).select(columns) : db.select(columns);
  const joined = select
    .from(table)
    .leftJoin(party.shipper, eq(party.shipper.id, table.shipperId))
    .leftJoin(party.consignee, eq(party.consignee.id, table.consigneeId))
    .leftJoin(party.customer, eq(party.customer.id, table.customerId))
    .leftJoin(party.forwarder, eq(party.forwarder.id, table.forwarderId));
  const rows = (await (custom ? joined.leftJoin(custom, eq(custom.subscriptionId, table.id)) : joined).where(
    and(inWorkspace({ workspaceId }, table), inArray(table.id, wanted)),
  )) as Record<string, unknown>[];
  return new Map(
    rows.map((row) => {
      const references: ShipmentReferences = {
        bookingNumber: row.bookingNumber as string | null,
        customerReference: row.customerReference as string | null,
        poNumbers: row.poNumbers as string[],
        shipper: null,
        consignee: null,
        customer: null,
        forwarder: null,
      };
      for (const role of PARTY_ROLES) {
        const id = row[`${role}Id`] as string | null;
        references[role] = id ? { id, name: row[`${role}Name`] as string } : null;
      }
      const customFields = customFieldsOfRows(
        (row.valueRows ?? null) as Parameters<typeof customFieldsOfRows>[0],
      );
      return [row.id as string, { references, customFields }];
    }),
  );
}

const NO_REFERENCES: ShipmentReferences = {
  bookingNumber: null,
  customerReference: null,
  poNumbers: [],
  shipper: null,
  consignee: null,
  customer: null,
  forwarder: null,
};

/**
 * These shipments of one workspace (of the mode whose table is `table`) with their references and
 * custom field values, read in one statement: the lists, the detail, the public API and webhooks
 * carry them; shared views never do.
 */
export async function withReferences<T extends object>(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  shipments: readonly T[],
  idOf: (shipment: T) => string,
): Promise<(T & { references: ShipmentReferences; customFields: ShipmentCustomFields })[]> {
  const found = await readReferences(db, workspaceId, table, shipments.map(idOf), true);
  return shipments.map((s) => {
    const read = found.get(idOf(s));
    return { ...s, customFields: read?.customFields ?? {}, references: read?.references ?? NO_REFERENCES };
  });
}

/** One shipment's references; another workspace's shipment is not found. */
export async function getShipmentReferences(
  db: Database,
  workspaceId: string,
  mode: TrackingMode,
  shipmentId: string,
): Promise<ShipmentReferences> {
  const found = (await referencesOf(db, workspaceId, modeFeatures(mode).table, [shipmentId])).get(shipmentId);
  if (!found) throw new AppError('NOT_FOUND', NOT_TRACKED);
  return found;
}

/**
 * Changes the fields `change` names, in one transaction: the parties must be companies of the
 * workspace's own list (held against deletion until the commit), then open pages refetch.
 */
export async function updateShipmentReferences(
  db: Database,
  workspaceId: string,
  mode: TrackingMode,
  shipmentId: string,
  change: UpdateReferences,
): Promise<ShipmentReferences> {
  const table = modeFeatures(mode).table;
  await db.transaction(async (tx) => {
    await lockWorkspaceShipment(tx, table, workspaceId, shipmentId);
    await assertCompaniesOfWorkspace(
      tx,
      workspaceId,
      PARTY_ROLES.map((role) => change[partyColumn[role]]).filter((id): id is string => !!id),
    );
    const values = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
    if (Object.keys(values).length)
      await tx
        .update(table)
        .set(values)
        .where(and(inWorkspace({ workspaceId }, table), eq(table.id, shipmentId)));
    await publishShipmentsChanged(tx, workspaceId, [shipmentId]);
  });
  return getShipmentReferences(db, workspaceId, mode, shipmentId);
}

/**
 * References given with shipments as an intake added or found them (`subscriptionId` null: refused),
 * in the intake's transaction: each row's given fields are set and the others kept; parties are
 * company names, added to the workspace's list when new. Open pages then refetch the rows changed.
 */
export async function applyIntakeReferences(
  tx: Database,
  workspaceId: string,
  table: SubscriptionTable,
  rows: readonly { subscriptionId: string | null; references: IntakeReferences | undefined }[],
): Promise<void> {
  const given = rows.flatMap(({ subscriptionId, references }) =>
    subscriptionId && references ? [{ subscriptionId, references }] : [],
  );
  if (!given.length) return;
  const companyIds = await companiesNamed(
    tx,
    workspaceId,
    given.flatMap(({ references }) => PARTY_ROLES.flatMap((role) => references[role] ?? [])),
  );
  const changed: string[] = [];
  for (const { subscriptionId, references } of given) {
    const values: UpdateReferences = {};
    if (references.bookingNumber) values.bookingNumber = references.bookingNumber;
    if (references.customerReference) values.customerReference = references.customerReference;
    if (references.poNumbers?.length) values.poNumbers = references.poNumbers;
    for (const role of PARTY_ROLES) {
      const name = references[role];
      if (name) values[partyColumn[role]] = companyIds.get(name.toLowerCase()) ?? null;
    }
    if (!Object.keys(values).length) continue;
    await tx
      .update(table)
      .set(values)
      .where(and(inWorkspace({ workspaceId }, table), eq(table.id, subscriptionId)));
    changed.push(subscriptionId);
  }
  if (changed.length) await publishShipmentsChanged(tx, workspaceId, changed);
}
