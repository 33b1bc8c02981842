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
  formatCustomFilter,
  parseCustomFilter,
  splitCustomFilters,
  type CustomFilter,
  type RawCustomFilter,
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

/** One stored value row as the reads below answer it. */
type StoredValue = [
  fieldId: string,
  type: CustomField['type'],
  textValue: string | null,
  numberValue: number | null,
  dateValue: string | null,
];

/** A shipment's values from its value rows, in ordinal order (a multiple choice's choices in theirs). */
export function customFieldsOfRows(rows: readonly StoredValue[] | null): ShipmentCustomFields {
  const values: ShipmentCustomFields = {};
  for (const [fieldId, type, textValue, numberValue, dateValue] of rows ?? []) {
    if (type === 'multi_choice') {
      const list = (values[fieldId] as string[] | undefined) ?? [];
      list.push(textValue!);
      values[fieldId] = list;
    } else if (type === 'number') values[fieldId] = numberValue!;
    else if (type === 'date') values[fieldId] = dateValue!;
    else values[fieldId] = textValue!;
  }
  return values;
}

/**
 * The values of `ids` (shipments of one mode in one workspace) as a `WITH` query: a row per shipment
 * that has any, its value rows as JSON (by field, a multiple choice's in their order; customFieldsOfRows
 * reads them), so that a statement reading those shipments for something else reads their values too.
 */
export function customValuesQuery(
  db: Database,
  workspaceId: string,
  mode: TrackingMode,
  ids: readonly string[],
) {
  const v = customFieldValues;
  return db.$with('custom_values').as(
    db
      .select({
        subscriptionId: sql<string>`${v.subscriptionId}`.as('subscription_id'),
        rows: sql<
          StoredValue[]
        >`json_agg(json_build_array(${v.fieldId}, ${customFields.type}, ${v.textValue}, ${v.numberValue}, ${v.dateValue}) ORDER BY ${v.fieldId}, ${v.ordinal})`.as(
          'value_rows',
        ),
      })
      .from(v)
      .innerJoin(customFields, eq(customFields.id, v.fieldId))
      .where(
        and(inWorkspace({ workspaceId }, v), eq(v.mode, mode), inArray(v.subscriptionId, ids.filter(isUuid))),
      )
      .groupBy(v.subscriptionId),
  );
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
  const byShipment = new Map<string, StoredValue[]>();
  for (const row of rows) {
    const list = byShipment.get(row.subscriptionId) ?? [];
    byShipment.set(row.subscriptionId, list);
    list.push([row.fieldId, row.type, row.textValue, row.numberValue, row.dateValue]);
  }
  return new Map([...byShipment].map(([id, list]) => [id, customFieldsOfRows(list)]));
}

/** SQL: a value row (of the filter's field) that the filter matches. */
function valueMatches(filter: CustomFilter): SQL {
  const v = customFieldValues;
  switch (filter.kind) {
    case 'equals':
      // upper() on both sides: the (field, upper(text)) index serves it.
      return sql`upper(${v.textValue}) = upper(${filter.text})`;
    case 'startsWith':
      // A constant prefix pattern: the (field, upper(text) text_pattern_ops) index serves it.
      return sql`upper(${v.textValue}) LIKE ${`${filter.text.toUpperCase().replace(/[%_\\]/g, '\\$&')}%`}`;
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
 * list's own order checking each row (HASHED_MATCHING_VALUES).
 */
export const FEW_MATCHING_VALUES = 2000;

/**
 * At most this many value rows matching a filter (more than FEW_MATCHING_VALUES): the walk along the
 * list's order checks each row against the matches read once and hashed. Such matches are spread thin
 * (3% of 100,000 shipments: a page in about 1,700 rows) or sit deep in the order, so a long walk is
 * cheaper with each row a hash look-up than with each row a probe of the values' index. More matches,
 * and a page is near: each row is a probe, within a window (custom-field-list-page.ts).
 */
export const HASHED_MATCHING_VALUES = 10_000;

/** At most this many text values starting with a list search's term: the list starts from them. */
export const FEW_SEARCH_MATCHES = 2000;

/**
 * At most how many matching values make a filter's and the search's matches few, and a filter's
 * (more than few) hashed on the walk.
 */
export interface FewMatches {
  values: number;
  search: number;
  hashed: number;
}

/** SQL: the shipment (a row of `table`) is one of those whose value a `where` over the values table matches, read by id. */
const amongMatches = (table: SubscriptionTable, where: SQL) =>
  sql`${table.id} = ANY (ARRAY(SELECT ${customFieldValues.subscriptionId} FROM ${customFieldValues} WHERE ${where}))`;

/**
 * SQL: the shipment is one of those whose value a `where` over the values table matches, as a
 * semi-join: beside a scan of the list's tab (pageChosenById's `scan`) PostgreSQL hashes the matches
 * once and checks each row of the tab against them.
 */
const inMatches = (table: SubscriptionTable, where: SQL) =>
  sql`${table.id} IN (SELECT ${customFieldValues.subscriptionId} FROM ${customFieldValues} WHERE ${where})`;

/**
 * SQL: the shipment is one of `ids` (the matches the bounded read found), read by id. Unnested in a
 * subquery: as a constant array the planner estimates its rows and may walk the list's order instead,
 * checking each row against the whole array.
 */
const amongIds = (table: SubscriptionTable, ids: readonly string[]) =>
  sql`${table.id} = ANY (ARRAY(SELECT unnest(${sql.param(ids)}::uuid[])))`;

/**
 * SQL: the shipment has a value that `where` matches, checked against the matches read once and
 * hashed (a filter the bounded read found at most `most` matches for). `IS TRUE` keeps the `IN` a
 * subplan of its own: PostgreSQL would otherwise pull it up into a join, planned from per-column
 * estimates that mix every workspace's fields. Beside the walk along a list's order it hashes the
 * subplan, as it expects to check many rows; the LIMIT (a margin over `most` for values written since
 * the bounded read) tells it how large the hash can grow.
 */
const hashedMatches = (table: SubscriptionTable, where: SQL, most: number) =>
  sql`(${table.id} IN (SELECT ${customFieldValues.subscriptionId} FROM ${customFieldValues} WHERE ${where} LIMIT ${sql.raw(String(most * 5))})) IS TRUE`;

/**
 * SQL: the shipment has a value that `where` matches, checked per row: OFFSET 0 keeps the EXISTS a
 * per-row check (PostgreSQL would otherwise plan it as a join), so each row of the list's order is
 * one probe of the (field, shipment) primary key and a page stops at its end.
 */
const hasMatch = (table: SubscriptionTable, where: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${customFieldValues} WHERE ${where} AND ${customFieldValues.subscriptionId} = ${table.id} OFFSET 0)`;

/** SQL over the values table: a value row of the filter's field, in `mode`, that the filter matches. */
const filterWhere = (mode: TrackingMode, filter: CustomFilter) =>
  sql`${customFieldValues.fieldId} = ${filter.fieldId} AND ${customFieldValues.mode} = ${mode} AND ${valueMatches(filter)}`;

/**
 * SQL: a row of two columns from at most `max(few, hashed) + 1` value rows matching `where`: `ids`,
 * their shipments as an array when there are at most `few` (the page is read by them), else null;
 * `hashed`, whether there are at most `hashed` (the walk hashes them).
 */
const fewMatches = (where: SQL, few: number, hashed: number) =>
  sql`SELECT CASE WHEN cardinality(m.ids) <= ${few} THEN m.ids END AS ids, cardinality(m.ids) <= ${hashed} AS hashed FROM (SELECT ARRAY(SELECT ${customFieldValues.subscriptionId} FROM ${customFieldValues} WHERE ${where} LIMIT ${Math.max(few, hashed) + 1}) AS ids OFFSET 0) m`;

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
 * The filters checked against the workspace's fields (one read of them): each parsed by its field's
 * type (parseCustomFilter), or, where its field is not the workspace's or its value does not fit the
 * field, refused with a 400 (`refuse`), or null (`matchNothing`: a saved filter whose field was deleted
 * or whose choice was removed since).
 */
async function resolveCustomFilters(
  db: Database,
  workspaceId: string,
  filters: readonly RawCustomFilter[],
  stale: 'refuse' | 'matchNothing',
): Promise<(CustomFilter | null)[]> {
  if (!filters.length) return [];
  const ids = filters.map((f) => f.fieldId).filter(isUuid);
  const unknown = () => {
    if (stale === 'refuse') throw new AppError('VALIDATION', CUSTOM_VALUE_MESSAGES.unknownField);
    return null;
  };
  const fields = ids.length
    ? await db
        .select(FIELD_COLUMNS)
        .from(customFields)
        .where(and(inWorkspace({ workspaceId }, customFields), inArray(customFields.id, ids)))
    : [];
  const byId = new Map(fields.map((f) => [f.id, f]));
  return filters.map(({ fieldId, value }) => {
    const field = byId.get(fieldId);
    if (!field) return unknown();
    const parsed = parseCustomFilter(field, value);
    if (parsed.ok) return parsed.filter;
    if (stale === 'refuse') throw new AppError('VALIDATION', `${field.name}: ${parsed.message}`);
    return null;
  });
}

/** Splits `cf`-style filters (custom-field-filters.ts), refusing a malformed one with a 400. */
function splitOrRefuse(param: string | readonly string[] | undefined): RawCustomFilter[] {
  const split = splitCustomFilters(param);
  if (!split.ok) throw new AppError('VALIDATION', split.message);
  return split.filters;
}

/** A saved filter (an alert rule's): a field and a value in the `cf` syntax after the colon. */
export interface SavedCustomFilter {
  fieldId: string;
  value: string;
}

const asParam = (filters: readonly SavedCustomFilter[]) => filters.map((f) => `${f.fieldId}:${f.value}`);

/**
 * Filters about to be saved (an alert rule's), checked as a list's `cf` parameter is: each field the
 * workspace's and once, each value one its type takes (400 otherwise). Answered as they are stored:
 * the value as the field spells it (a choice in its case, a range as `<min>..<max>`).
 */
export async function checkedCustomFilters(
  db: Database,
  workspaceId: string,
  filters: readonly SavedCustomFilter[],
): Promise<SavedCustomFilter[]> {
  const resolved = await resolveCustomFilters(db, workspaceId, splitOrRefuse(asParam(filters)), 'refuse');
  return resolved.map((filter) => {
    const written = formatCustomFilter(filter!);
    const colon = written.indexOf(':');
    return { fieldId: written.slice(0, colon), value: written.slice(colon + 1) };
  });
}

/**
 * SQL conditions for saved filters (an alert rule's) over `table`, the same as a list's `cf` gives;
 * a filter whose field was deleted since, or whose value its field no longer takes (a removed choice),
 * matches nothing (`false`) rather than widening what was saved.
 */
export async function savedCustomFilterConditions(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  filters: readonly SavedCustomFilter[],
): Promise<SQL[]> {
  const split = splitCustomFilters(asParam(filters));
  if (!split.ok) return [sql`false`];
  const resolved = await resolveCustomFilters(db, workspaceId, split.filters, 'matchNothing');
  const mode = modeOfTable(table);
  // A rule is evaluated over the shipments a refresh changed: a per-row check of each suits it.
  return resolved.map((filter) => (filter ? hasMatch(table, filterWhere(mode, filter)) : sql`false`));
}

/** What the bounded read found of a condition's matches (fewMatches). */
interface Matched {
  ids: string[] | null;
  hashed: boolean;
}

/**
 * A list's conditions on custom fields, each in two shapes: `filters` and `search` as a page first
 * tries them, and `byId`, where every condition reads its matches by id. A condition is in `byId`'s
 * shape already when a bounded count finds few matches (FEW_MATCHING_VALUES, FEW_SEARCH_MATCHES); more,
 * and it is first a per-row check along the list's order: against the matches hashed when a filter has
 * at most HASHED_MATCHING_VALUES, else a probe per row, within a window (`walks`). PostgreSQL cannot
 * choose on its own:
 * its statistics are per column over every workspace's fields, so a choice held by 9% of the shipments
 * can be estimated at 0.4% and a page read by sorting 8,000 rows.
 */
export interface CustomListConditions {
  /** One per `cf` filter. */
  filters: SQL[];
  /** The search's match on text field values, for a search with something to match. */
  search: SQL | undefined;
  /** Some condition probes the values for each row (the walk then has a window). */
  walks: boolean;
  /** The same conditions, each reading its matches by id. */
  byId: { filters: SQL[]; search: SQL | undefined };
  /**
   * When every condition is a filter with many matches (no search): the filters as semi-joins, for a
   * page read by scanning the list's tab once (readCustomFilteredPage) instead of by id.
   */
  scanned: SQL[] | undefined;
}

/**
 * A list's custom field conditions (CustomListConditions) for its `cf` parameter and its search term:
 * a filter is a range of one of the values' (field, value, shipment) indexes, the search the beginning
 * of a text value of the workspace's fields, whatever its case (the upper-case prefix index). One
 * statement reads every condition's matches, each stopping after `few + 1` (a filter's after
 * `hashed + 1`): few, and the page reads those ids by primary key (the values are not read again);
 * more, and the condition walks, hashing a filter's matches when they are at most `hashed`. A field
 * that is not the workspace's, or a value its type refuses, is a 400.
 */
export async function customListConditions(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  param: string | readonly string[] | undefined,
  term: string | undefined,
  few: FewMatches = {
    values: FEW_MATCHING_VALUES,
    search: FEW_SEARCH_MATCHES,
    hashed: HASHED_MATCHING_VALUES,
  },
): Promise<CustomListConditions> {
  const v = customFieldValues;
  const mode = modeOfTable(table);
  // 'refuse' answers a filter for every one asked, or throws.
  const filters = (await resolveCustomFilters(
    db,
    workspaceId,
    splitOrRefuse(param),
    'refuse',
  )) as CustomFilter[];
  const wheres = filters.map((filter) => filterWhere(mode, filter));
  const prefix = (term ?? '')
    .trim()
    .toUpperCase()
    .replace(/[%_\\]/g, '');
  const searchWhere = prefix
    ? sql`${v.fieldId} IN (SELECT ${customFields.id} FROM ${customFields} WHERE ${inWorkspace({ workspaceId }, customFields)} AND ${customFields.type} = 'text') AND ${v.mode} = ${mode} AND upper(${v.textValue}) LIKE ${`${prefix}%`}`
    : undefined;
  // The search is never hashed: its prefix may match most text values of the workspace.
  const counted = [
    ...wheres.map((where) => ({ where, few: few.values, hashed: few.hashed })),
    ...(searchWhere ? [{ where: searchWhere, few: few.search, hashed: 0 }] : []),
  ];
  // Per condition, its matches' ids when they are few (else null), and whether they are few enough
  // to hash. The ids are read back through a subquery (amongIds) so the page's plan is the one the
  // values' subquery gives.
  const matched: Matched[] = counted.length
    ? await (async () => {
        const columns = counted.map(
          ({ where, few: most, hashed }, i) =>
            sql`(SELECT to_jsonb(c) FROM (${fewMatches(where, most, hashed)}) c) AS ${sql.identifier(`c${String(i)}`)}`,
        );
        const { rows } = await db.execute<Record<string, Matched>>(sql`SELECT ${sql.join(columns, sql`, `)}`);
        return counted.map((_, i) => rows[0]![`c${String(i)}`]!);
      })()
    : [];
  const byId = (where: SQL, i: number) => {
    const { ids } = matched[i]!;
    return ids ? amongIds(table, ids) : amongMatches(table, where);
  };
  const shape = (where: SQL, i: number) => {
    const { ids, hashed } = matched[i]!;
    if (ids) return byId(where, i);
    return hashed ? hashedMatches(table, where, counted[i]!.hashed) : hasMatch(table, where);
  };
  return {
    filters: wheres.map(shape),
    search: searchWhere && shape(searchWhere, wheres.length),
    walks: matched.some(({ ids, hashed }) => !ids && !hashed),
    byId: {
      filters: wheres.map(byId),
      search: searchWhere && byId(searchWhere, wheres.length),
    },
    scanned:
      wheres.length && !searchWhere && matched.every(({ ids }) => !ids)
        ? wheres.map((where) => inMatches(table, where))
        : undefined,
  };
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
 * The workspace's fields among `fieldIds`, held against deletion and change until the caller's
 * transaction ends; an id that is not one of them is left out.
 */
async function workspaceFields(tx: Database, workspaceId: string, fieldIds: readonly string[]) {
  const named = [...new Set(fieldIds)].filter(isUuid);
  if (!named.length) return new Map<string, CustomField>();
  const rows = await tx
    .select(FIELD_COLUMNS)
    .from(customFields)
    .where(and(inWorkspace({ workspaceId }, customFields), inArray(customFields.id, named)))
    .for('share');
  return new Map(rows.map((f) => [f.id, f]));
}

/**
 * The workspace's fields named by `fieldIds`, held as `workspaceFields` holds them; an id that is not
 * one of them is refused (400).
 */
async function fieldsForWrite(tx: Database, workspaceId: string, fieldIds: readonly string[]) {
  const fields = await workspaceFields(tx, workspaceId, fieldIds);
  if (fields.size !== new Set(fieldIds).size)
    throw new AppError('VALIDATION', CUSTOM_VALUE_MESSAGES.unknownField);
  return fields;
}

/** A shipment's change of values, checked: each field it touches with its new value (null: cleared). */
export type CheckedValues = readonly { field: CustomField; value: CustomFieldValue | null }[];

/**
 * One shipment's change of values checked against the workspace's `fields`, each value by its field's
 * type (parseCustomValue); a required field's value is never cleared. `emptyKeeps`: an empty value
 * changes nothing (an intake's row) rather than clearing. The refusal names the field.
 */
function checkValues(
  fields: ReadonlyMap<string, CustomField>,
  values: Record<string, unknown>,
  options: { fromText: boolean; emptyKeeps: boolean },
): { ok: true; checked: CheckedValues } | { ok: false; message: string } {
  const checked: { field: CustomField; value: CustomFieldValue | null }[] = [];
  for (const [fieldId, raw] of Object.entries(values)) {
    const field = fields.get(fieldId);
    if (!field) return { ok: false, message: CUSTOM_VALUE_MESSAGES.unknownField };
    const parsed = parseCustomValue(field, raw, options.fromText);
    if (!parsed.ok) return { ok: false, message: `${field.name}: ${parsed.message}` };
    if (parsed.value === null && options.emptyKeeps) continue;
    if (parsed.value === null && field.required)
      return { ok: false, message: `${field.name}: ${CUSTOM_VALUE_MESSAGES.requiredCleared}` };
    checked.push({ field, value: parsed.value });
  }
  return { ok: true, checked };
}

/** Replaces one shipment's values of the fields `checked` names, in the caller's transaction. */
async function writeValues(
  tx: Database,
  workspaceId: string,
  mode: TrackingMode,
  subscriptionId: string,
  checked: CheckedValues,
): Promise<void> {
  if (!checked.length) return;
  await tx.delete(customFieldValues).where(
    and(
      eq(customFieldValues.subscriptionId, subscriptionId),
      inArray(
        customFieldValues.fieldId,
        checked.map(({ field }) => field.id),
      ),
    ),
  );
  const inserts = checked.flatMap(({ field, value }) =>
    rowsOfValue({ workspaceId, fieldId: field.id, mode, subscriptionId }, field, value),
  );
  if (inserts.length) await tx.insert(customFieldValues).values(inserts);
}

/**
 * The values given with each row of an intake (a bulk import, the intake API), checked in the
 * intake's transaction against the workspace's fields, which stay held until it ends: per row the
 * values to set, or why the row is refused (a bad value, another workspace's field). Values are
 * checked as a change of values is (numbers and multiple choices may come as a cell's text); an
 * empty one changes nothing, so a required field is never cleared.
 */
export async function checkIntakeCustomValues(
  tx: Database,
  workspaceId: string,
  rows: readonly (Record<string, unknown> | undefined)[],
): Promise<({ ok: true; checked: CheckedValues } | { ok: false; message: string })[]> {
  const fields = await workspaceFields(
    tx,
    workspaceId,
    rows.flatMap((values) => Object.keys(values ?? {})),
  );
  return rows.map((values) => checkValues(fields, values ?? {}, { fromText: true, emptyKeeps: true }));
}

/**
 * Sets the checked values on the shipments an intake added or found (`subscriptionId` null: refused),
 * in the intake's transaction; open pages then refetch the rows changed.
 */
export async function applyIntakeCustomValues(
  tx: Database,
  workspaceId: string,
  table: SubscriptionTable,
  rows: readonly { subscriptionId: string | null; checked: CheckedValues }[],
): Promise<void> {
  const mode = modeOfTable(table);
  const changed: string[] = [];
  for (const { subscriptionId, checked } of rows) {
    if (!subscriptionId || !checked.length) continue;
    await writeValues(tx, workspaceId, mode, subscriptionId, checked);
    changed.push(subscriptionId);
  }
  if (changed.length) await publishShipmentsChanged(tx, workspaceId, changed);
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
    const change = checkValues(fields, values, { fromText: false, emptyKeeps: false });
    if (!change.ok) throw new AppError('VALIDATION', change.message);
    await writeValues(tx, workspaceId, mode, shipmentId, change.checked);
    await publishShipmentsChanged(tx, workspaceId, [shipmentId]);
  });
  return getShipmentCustomValues(db, workspaceId, mode, shipmentId);
}
