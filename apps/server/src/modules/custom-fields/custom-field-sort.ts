import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CUSTOM_VALUE_MESSAGES } from '@tracklane/shared/custom-fields/custom-field-values';
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
 * stays short. Each is one look-up of the values table's primary key (a multiple choice's joined
 * text is kept on its first row, `joined_choices`). The field's `walk` reads a page's rows with a
 * value from the values' index on the field in order (walkedPage). Another workspace's field, or an
 * id that is no field's, is a 400.
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
  // The walk (list-sort.ts, walkedPage): the field's rows of the mode, from the values' index on the
  // field, the value (as the sort computes it) and the subscription. The value is on the first row
  // (ordinal 0), a multiple choice's joined text on whichever row carries it.
  const walk = (value: SQL, column: AnyPgColumn, first = true): KeysetWalk => ({
    from: (list) =>
      sql`${sql.raw(SORT_VALUES)} JOIN (${list}) ON ${table.id} = ${sortValues('subscription_id')}`,
    where: sql`${sortValues('field_id')} = ${fieldId} AND ${sortValues('mode')} = ${modeOfTable(table)} AND ${sortValues('workspace_id')} = ${workspaceId}${
      first ? sql` AND ${sortValues('ordinal')} = 0` : sql``
    }`,
    value,
    id: sortValues('subscription_id'),
    missing: sql`NOT EXISTS (SELECT FROM ${v} WHERE ${of}${first ? sql` AND ${v.ordinal} = 0` : sql``} AND ${column} IS NOT NULL)`,
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
      // Kept cut already (migration 0040: left(string_agg(text_value, ', ' ORDER BY ordinal), 100)).
      return {
        value: sql`(SELECT ${v.joinedChoices} FROM ${v} WHERE ${of} AND ${v.joinedChoices} IS NOT NULL)`,
        kind: 'text',
        walk: walk(sortValues('joined_choices'), v.joinedChoices, false),
      };
    default:
      return {
        value: sql`(SELECT ${sortText(v.textValue)} FROM ${v} WHERE ${of} AND ${v.ordinal} = 0)`,
        kind: 'text',
        walk: walk(sortText(sortValues('text_value')), v.textValue),
      };
  }
}
