import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CUSTOM_VALUE_MESSAGES } from '@tracklane/shared/custom-fields/custom-field-values';
import { SORT_TEXT_LENGTH } from '@tracklane/shared/tracking/column-sorts';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import type { Database } from '../../db/client';
import { customFields, customFieldValues } from '../../db/schema/custom-fields';
import { AppError } from '../../lib/app-error';
import type { CursorValueKind } from '../../lib/keyset-cursor';
import { inWorkspace } from '../../tenancy/scope';
import type { SubscriptionTable } from '../tracking/tracking-mode';
import { modeOfTable } from './custom-field-values.service';

export const SORT_FIELD_MESSAGE = `Sort: ${CUSTOM_VALUE_MESSAGES.unknownField}`;

/**
 * What a list sorts by for a custom field of the workspace (ADR 0054): the shipment's value as SQL
 * (null without one), in its type: a number, a day, or text (text, link, single choice; a multiple
 * choice's choices joined in their order), text cut to SORT_TEXT_LENGTH characters so that a cursor
 * stays short. Each is one look-up of the values table's primary key. Another workspace's field, or
 * an id that is no field's, is a 400.
 */
export async function customFieldSortValue(
  db: Database,
  workspaceId: string,
  table: SubscriptionTable,
  fieldId: string,
): Promise<{ value: SQL; kind: CursorValueKind }> {
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
  switch (field.type) {
    case 'number':
      return {
        value: sql`(SELECT ${v.numberValue} FROM ${v} WHERE ${of} AND ${v.ordinal} = 0)`,
        kind: 'number',
      };
    case 'date':
      return { value: sql`(SELECT ${v.dateValue} FROM ${v} WHERE ${of} AND ${v.ordinal} = 0)`, kind: 'day' };
    case 'multi_choice':
      return {
        value: sql`(SELECT left(string_agg(${v.textValue}, ', ' ORDER BY ${v.ordinal}), ${sql.raw(String(cut))}) FROM ${v} WHERE ${of})`,
        kind: 'text',
      };
    default:
      return {
        value: sql`(SELECT left(${v.textValue}, ${sql.raw(String(cut))}) FROM ${v} WHERE ${of} AND ${v.ordinal} = 0)`,
        kind: 'text',
      };
  }
}
