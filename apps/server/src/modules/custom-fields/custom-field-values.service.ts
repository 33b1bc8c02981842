import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import {
  CUSTOM_VALUE_MESSAGES,
  parseCustomValue,
  type CustomFieldValue,
  type ShipmentCustomFields,
} from '@tracklane/shared/custom-fields/custom-field-values';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import {
  parseCustomFilter,
  splitCustomFilters,
  type CustomFilter,
} from '@tracklane/shared/custom-fields/custom-field-filters';
import type { Database } from '../../db/client';
import { customFields, customFieldValues } from '../../db/schema/custom-fields';
import { AppError } from '../../lib/app-error';
import { allModeFeatures, modeFeatures } from '../../modes';
import { inWorkspace } from '../../tenancy/scope';
import { lockWorkspaceShipment, NOT_TRACKED } from '../tracking/lock-shipment';
import type { SubscriptionTable } from '../tracking/tracking-mode';
import { publishShipmentsChanged } from '../live-pages/live-publish';

/*
 * A shipment's custom field values (ADR 0051), written once over every mode: one row per field and
 * shipment in the column of the field's type, one per chosen choice for a multiple choice. Read for
 * the lists, the detail, the public API and webhooks; changed by members who may change shipments.
 */

type ValueRow = typeof customFieldValues.$inferInsert;

/** The mode whose subscription table this is (the registry's). */
export function modeOfTable(table: SubscriptionTable): TrackingMode {
  const found = allModeFeatures().find((f) => f.table === table);
  if (!found) throw new Error('A subscription table outside the mode registry');
  return found.mode;
}

/** The stored rows of one value (none for a cleared one). */
export function rowsOfValue(
  base: Omit<ValueRow, 'ordinal' | 'textValue' | 'numberValue' | 'dateValue'>,
  field: Pick<CustomField, 'type'>,
  value: CustomFieldValue | null,
): ValueRow[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map((textValue, ordinal) => ({ ...base, ordinal, textValue }));
  if (field.type === 'number') return [{ ...base, numberValue: value as number }];
  if (field.type === 'date') return [{ ...base, dateValue: value as string }];
  return [{ ...base, textValue: value as string }];
}

/** The values of `ids` (shipments of one mode in one workspace), by shipment id. */
export async function customValuesOf(
  db: Database,
  workspaceId: string,
  mode: TrackingMode,
  ids: readonly string[],
): Promise<Map<string, ShipmentCustomFields>> {
  const wanted = ids.filter(isUuid);
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      subscriptionId: customFieldValues.subscriptionId,
      fieldId: customFieldValues.fieldId,
      type: customFields.type,
      ordinal: customFieldValues.ordinal,
      textValue: customFieldValues.textValue,
      numberValue: customFieldValues.numberValue,
      dateValue: customFieldValues.dateValue,
    })
    .from(customFieldValues)
    .innerJoin(customFields, eq(customFields.id, customFieldValues.fieldId))
    .where(
      and(
        inWorkspace({ workspaceId }, customFieldValues),
        eq(customFieldValues.mode, mode),
        inArray(customFieldValues.subscriptionId, wanted),
      ),
    )
    .orderBy(customFieldValues.ordinal);
  const found = new Map<string, ShipmentCustomFields>();
  for (const row of rows) {
    const values = found.get(row.subscriptionId) ?? {};
    found.set(row.subscriptionId, values);
    if (row.type === 'multi_choice') {
      const list = (values[row.fieldId] as string[] | undefined) ?? [];
      list.push(row.textValue!);
      values[row.fieldId] = list;
    } else if (row.type === 'number') values[row.fieldId] = row.numberValue!;
    else if (row.type === 'date') values[row.fieldId] = row.dateValue!;
    else values[row.fieldId] = row.textValue!;
  }
  return found;
}

/** These shipments with their custom field values (an empty object for none), read in one query. */
export async function withCustomFields<T extends object>(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  shipments: readonly T[],
  idOf: (shipment: T) => string,
): Promise<(T & { customFields: ShipmentCustomFields })[]> {
  const found = await customValuesOf(db, workspaceId, modeOfTable(table), shipments.map(idOf));
  return shipments.map((s) => ({ ...s, customFields: found.get(idOf(s)) ?? {} }));
}

/** SQL: a value row (of the filter's field) that the filter matches. */
function valueMatches(filter: CustomFilter): SQL {
  const v = customFieldValues;
  switch (filter.kind) {
    case 'equals':
      // upper() on both sides: the (field, upper(text)) index serves it.
      return sql`upper(${v.textValue}) = upper(${filter.text})`;
    case 'anyOf':
      return inArray(v.textValue, filter.choices);
    case 'numberRange':
      return and(
        filter.min === null ? undefined : sql`${v.numberValue} >= ${filter.min}`,
        filter.max === null ? undefined : sql`${v.numberValue} <= ${filter.max}`,
      )!;
    case 'dateRange':
      return and(
        filter.min === null ? undefined : sql`${v.dateValue} >= ${filter.min}::date`,
        filter.max === null ? undefined : sql`${v.dateValue} <= ${filter.max}::date`,
      )!;
  }
}

/**
 * At most this many value rows matching a filter make it "few": the list then starts from those
 * shipments (an array of their ids, looked up by primary key, then sorted); more, and it walks the
 * list's own order and checks each row's value, stopping at the page's end.
 */
export const FEW_MATCHING_VALUES = 500;

/**
 * SQL: the shipment (a row of `table`) has a value of the filter's field that the filter matches, in
 * the shape that suits how many value rows match (`few`, see FEW_MATCHING_VALUES). PostgreSQL cannot
 * tell which on its own: its statistics are per column over every workspace's fields, so a choice
 * held by 9% of the shipments can be estimated at 0.4% and a page read by sorting 8,000 rows.
 */
function matchesFilter(
  table: SubscriptionTable,
  mode: TrackingMode,
  filter: CustomFilter,
  few: boolean,
): SQL {
  const v = customFieldValues;
  const where = sql`${v.fieldId} = ${filter.fieldId} AND ${v.mode} = ${mode} AND ${valueMatches(filter)}`;
  if (few) return sql`${table.id} = ANY (ARRAY(SELECT ${v.subscriptionId} FROM ${v} WHERE ${where}))`;
  // OFFSET 0 keeps the EXISTS a per-row check (PostgreSQL would otherwise plan it as a join): each
  // row of the list's order is one probe of the (field, shipment) primary key.
  return sql`EXISTS (SELECT 1 FROM ${v} WHERE ${where} AND ${v.subscriptionId} = ${table.id} OFFSET 0)`;
}

/** Whether each filter matches at most FEW_MATCHING_VALUES value rows: one statement, each count bounded. */
async function fewMatches(
  db: Database,
  mode: TrackingMode,
  filters: readonly CustomFilter[],
): Promise<boolean[]> {
  const v = customFieldValues;
  const counts = filters.map(
    (filter, i) =>
      sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${v} WHERE ${v.fieldId} = ${filter.fieldId} AND ${v.mode} = ${mode} AND ${valueMatches(filter)} LIMIT ${FEW_MATCHING_VALUES + 1}) m) AS ${sql.identifier(`c${String(i)}`)}`,
  );
  const { rows } = await db.execute<Record<string, number>>(sql`SELECT ${sql.join(counts, sql`, `)}`);
  return filters.map((_, i) => rows[0]![`c${String(i)}`]! <= FEW_MATCHING_VALUES);
}

/** A field definition as values are checked against it. */
const FIELD_COLUMNS = {
  id: customFields.id,
  name: customFields.name,
  type: customFields.type,
  choices: customFields.choices,
  required: customFields.required,
  position: customFields.position,
};

/**
 * SQL conditions for a list's `cf` parameter (see custom-field-filters): one per filter on the values
 * table, each a range of one of its (field, value, shipment) indexes or a probe of its primary key,
 * shaped by a bounded count of its matches (matchesFilter). A field that is not the workspace's, or a
 * value its type refuses, is a 400.
 */
export async function customFieldFilters(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  param: string | readonly string[] | undefined,
): Promise<SQL[]> {
  const split = splitCustomFilters(param);
  if (!split.ok) throw new AppError('VALIDATION', split.message);
  if (!split.filters.length) return [];
  const ids = split.filters.map((f) => f.fieldId);
  if (!ids.every(isUuid)) throw new AppError('VALIDATION', CUSTOM_VALUE_MESSAGES.unknownField);
  const fields = await db
    .select(FIELD_COLUMNS)
    .from(customFields)
    .where(and(inWorkspace({ workspaceId }, customFields), inArray(customFields.id, ids)));
  const byId = new Map(fields.map((f) => [f.id, f]));
  const mode = modeOfTable(table);
  const filters = split.filters.map(({ fieldId, value }) => {
    const field = byId.get(fieldId);
    if (!field) throw new AppError('VALIDATION', CUSTOM_VALUE_MESSAGES.unknownField);
    const parsed = parseCustomFilter(field, value);
    if (!parsed.ok) throw new AppError('VALIDATION', `${field.name}: ${parsed.message}`);
    return parsed.filter;
  });
  const few = await fewMatches(db, mode, filters);
  return filters.map((filter, i) => matchesFilter(table, mode, filter, few[i]!));
}

/** At most this many text values starting with a list search's term: the list starts from them. */
export const FEW_SEARCH_MATCHES = 2000;

/**
 * SQL: a text custom field's value of the shipment starts with `term` (case ignored): how the lists'
 * search finds a shipment by a number kept in a field of the workspace's own (a PO, a job number).
 * None for a term with nothing to match (the search then narrows nothing, as before). Shaped as the
 * filters are (matchesFilter), by a bounded count: few matches are an array of ids, which the list's
 * own number search can join in one bitmap scan; many are a per-row check along the list's order.
 */
export async function customTextStartsWith(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  term: string | undefined,
): Promise<SQL | undefined> {
  const v = customFieldValues;
  const prefix = (term ?? '')
    .trim()
    .toUpperCase()
    .replace(/[%_\\]/g, '');
  if (!prefix) return undefined;
  const where = sql`${v.fieldId} IN (SELECT ${customFields.id} FROM ${customFields} WHERE ${inWorkspace({ workspaceId }, customFields)} AND ${customFields.type} = 'text') AND ${v.mode} = ${modeOfTable(table)} AND upper(${v.textValue}) LIKE ${`${prefix}%`}`;
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${v} WHERE ${where} LIMIT ${FEW_SEARCH_MATCHES + 1}) m`,
  );
  if (rows[0]!.n <= FEW_SEARCH_MATCHES)
    return sql`${table.id} = ANY (ARRAY(SELECT ${v.subscriptionId} FROM ${v} WHERE ${where}))`;
  return sql`EXISTS (SELECT 1 FROM ${v} WHERE ${where} AND ${v.subscriptionId} = ${table.id} OFFSET 0)`;
}

/** One shipment's values; another workspace's shipment is not found. */
export async function getShipmentCustomValues(
  db: Database,
  workspaceId: string,
  mode: TrackingMode,
  shipmentId: string,
): Promise<ShipmentCustomFields> {
  const table = modeFeatures(mode).table;
  if (!isUuid(shipmentId)) throw new AppError('NOT_FOUND', NOT_TRACKED);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inWorkspace({ workspaceId }, table), eq(table.id, shipmentId)));
  if (!row) throw new AppError('NOT_FOUND', NOT_TRACKED);
  return (await customValuesOf(db, workspaceId, mode, [shipmentId])).get(shipmentId) ?? {};
}

/**
 * The workspace's fields named by `fieldIds`, held against deletion and change until the caller's
 * transaction ends; an id that is not one of them is refused (400).
 */
async function fieldsForWrite(tx: Database, workspaceId: string, fieldIds: readonly string[]) {
  const named = [...new Set(fieldIds)];
  if (!named.length) return new Map<string, CustomField>();
  if (!named.every(isUuid)) throw new AppError('VALIDATION', CUSTOM_VALUE_MESSAGES.unknownField);
  const rows = await tx
    .select(FIELD_COLUMNS)
    .from(customFields)
    .where(and(inWorkspace({ workspaceId }, customFields), inArray(customFields.id, named)))
    .for('share');
  if (rows.length !== named.length) throw new AppError('VALIDATION', CUSTOM_VALUE_MESSAGES.unknownField);
  return new Map(rows.map((f) => [f.id, f]));
}

/**
 * Replaces the values of the fields `values` names on these shipments (of one mode), in the caller's
 * transaction: each value checked by its field's type; a required field's value is never cleared.
 * `fieldName` words a refusal (the detail names the field; an import names its row too).
 */
async function writeValues(
  tx: Database,
  workspaceId: string,
  mode: TrackingMode,
  changes: readonly { subscriptionId: string; values: Record<string, unknown> }[],
  fields: Map<string, CustomField>,
  fromText: boolean,
  refuse: (field: CustomField, message: string, index: number) => never,
): Promise<void> {
  for (const [index, { subscriptionId, values }] of changes.entries()) {
    const inserts: ValueRow[] = [];
    const touched: string[] = [];
    for (const [fieldId, raw] of Object.entries(values)) {
      const field = fields.get(fieldId)!;
      const parsed = parseCustomValue(field, raw, fromText);
      if (!parsed.ok) refuse(field, parsed.message, index);
      if (parsed.value === null && field.required)
        refuse(field, CUSTOM_VALUE_MESSAGES.requiredCleared, index);
      touched.push(fieldId);
      inserts.push(...rowsOfValue({ workspaceId, fieldId, mode, subscriptionId }, field, parsed.value));
    }
    if (!touched.length) continue;
    await tx
      .delete(customFieldValues)
      .where(
        and(
          eq(customFieldValues.subscriptionId, subscriptionId),
          inArray(customFieldValues.fieldId, touched),
        ),
      );
    if (inserts.length) await tx.insert(customFieldValues).values(inserts);
  }
}

/** Changes the values `change` names on one shipment, in one transaction; open pages then refetch. */
export async function updateShipmentCustomValues(
  db: Database,
  workspaceId: string,
  mode: TrackingMode,
  shipmentId: string,
  values: Record<string, unknown>,
): Promise<ShipmentCustomFields> {
  const table = modeFeatures(mode).table;
  await db.transaction(async (tx) => {
    await lockWorkspaceShipment(tx, table, workspaceId, shipmentId);
    const fields = await fieldsForWrite(tx, workspaceId, Object.keys(values));
    await writeValues(
      tx,
      workspaceId,
      mode,
      [{ subscriptionId: shipmentId, values }],
      fields,
      false,
      (field, message) => {
        throw new AppError('VALIDATION', `${field.name}: ${message}`);
      },
    );
    await publishShipmentsChanged(tx, workspaceId, [shipmentId]);
  });
  return getShipmentCustomValues(db, workspaceId, mode, shipmentId);
}
