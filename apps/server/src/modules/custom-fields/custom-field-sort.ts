import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CUSTOM_VALUE_MESSAGES } from '@tracklane/shared/custom-fields/custom-field-values';
import { SORT_TEXT_LENGTH } from '@tracklane/shared/tracking/column-sorts';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import type { Database } from '../../db/client';
import { customFields, customFieldValues } from '../../db/schema/custom-fields';
import { AppError } from '../../lib/app-error';
import type { CursorValueKind, KeysetWalk } from '../../lib/keyset-cursor';
import { sortText } from '../../db/schema/tracked-items';
import { inWorkspace } from '../../tenancy/scope';
import type { SubscriptionTable } from '../tracking/tracking-mode';
import { modeOfTable } from './custom-field-values.service';

/** The values table as a sort's walk reads it, under its own name beside the filters' look-ups. */
const SORT_VALUES = `"${getTableName(customFieldValues)}" AS "sort_value"`;
const sortValues = (column: string) => sql.raw(`"sort_value"."${column}"`);

export const SORT_FIELD_MESSAGE = `Sort: ${CUSTOM_VALUE_MESSAGES.unknownField}`;

/**
 * What a list sorts by for a custom field of the workspace (ADR 0054): the shipment's value as SQL
 * (null without one), in its type: a number, a day, or text (text, link, single choice; a multiple
 * choice's choices joined in their order), text cut to SORT_TEXT_LENGTH characters so that a cursor
 * stays short. Each is one look-up of the values table's primary key. But for a multiple choice, the
 * field's `walk` reads a page's rows with a value from the values' index on the field in order
 * (walkedPage). Another workspace's field, or an id that is no field's, is a 400.
 */
export async function customFieldSortValue(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  fieldId: string,
): Promise<{ value: SQL; kind: CursorValueKind; walk?: KeysetWalk }> {
  const [field] = isUuid(fieldId)
    ? await db
        .select({ type: customFields.type })
        .from(customFields)
        .where(and(inWorkspace({ workspaceId }, customFields), eq(customFields.id, fieldId)))
    : [];
  if (!field) throw new AppError('VALIDATION', SORT_FIELD_MESSAGE);
  const v = customFieldValues;
  const of = sql`${v.fieldId} = ${fieldId} AND ${v.mode} = ${modeOfTable(table)} AND ${v.subscriptionId} = ${table.id}`;
  const cut = SORT_TEXT_LENGTH;
  // The walk (list-sort.ts, walkedPage): the field's rows of the mode, from the values' index on the
  // field, the value (as the sort computes it) and the subscription.
  const walk = (value: SQL, column: AnyPgColumn): KeysetWalk => ({
    from: (list) =>
      sql`${sql.raw(SORT_VALUES)} JOIN (${list}) ON ${table.id} = ${sortValues('subscription_id')}`,
    where: sql`${sortValues('field_id')} = ${fieldId} AND ${sortValues('mode')} = ${modeOfTable(table)} AND ${sortValues('workspace_id')} = ${workspaceId} AND ${sortValues('ordinal')} = 0`,
    value,
    id: sortValues('subscription_id'),
    missing: sql`NOT EXISTS (SELECT FROM ${v} WHERE ${of} AND ${v.ordinal} = 0 AND ${column} IS NOT NULL)`,
  });
  switch (field.type) {
    case 'number':
      return {
        value: sql`(SELECT ${v.numberValue} FROM ${v} WHERE ${of} AND ${v.ordinal} = 0)`,
        kind: 'number',
        walk: walk(sortValues('number_value'), v.numberValue),
      };
    case 'date':
      return {
        value: sql`(SELECT ${v.dateValue} FROM ${v} WHERE ${of} AND ${v.ordinal} = 0)`,
        kind: 'day',
        walk: walk(sortValues('date_value'), v.dateValue),
      };
    case 'multi_choice':
      return {
        value: sql`(SELECT left(string_agg(${v.textValue}, ', ' ORDER BY ${v.ordinal}), ${sql.raw(String(cut))}) FROM ${v} WHERE ${of})`,
        kind: 'text',
      };
    default:
      return {
        value: sql`(SELECT ${sortText(v.textValue)} FROM ${v} WHERE ${of} AND ${v.ordinal} = 0)`,
        kind: 'text',
        walk: walk(sortText(sortValues('text_value')), v.textValue),
      };
  }
}
