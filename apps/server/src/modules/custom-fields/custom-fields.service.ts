import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import {
  CUSTOM_FIELD_MESSAGES,
  MAX_CUSTOM_FIELDS_PER_WORKSPACE,
  hasChoices,
  type CreateCustomField,
  type CustomField,
  type UpdateCustomField,
} from '@tracklane/shared/custom-fields/custom-fields.schema';
import type { Database } from '../../db/client';
import { customFields, customFieldValues } from '../../db/schema/custom-fields';
import { AppError } from '../../lib/app-error';
import { assertUnderCap, lockCapOwner, type Cap } from '../../lib/caps';
import { isUniqueViolation } from '../../lib/unique-violation';
import { inWorkspace } from '../../tenancy/scope';
import { publishShipmentsChanged } from '../live-pages/live-publish';

/*
 * A workspace's custom field definitions (ADR 0051): its admins add, change, reorder and delete them;
 * every member who may see shipments reads them. Deleting a field deletes its values (foreign key);
 * a choice removed leaves the shipments that had it. Every change tells the workspace's open
 * pages (lists, details, the settings page) to refetch.
 */

const isNameTaken = (error: unknown) => isUniqueViolation(error, 'custom_fields_workspace_name_idx');

const fieldColumns = {
  id: customFields.id,
  name: customFields.name,
  type: customFields.type,
  choices: customFields.choices,
  required: customFields.required,
  position: customFields.position,
};

/** At most MAX_CUSTOM_FIELDS_PER_WORKSPACE fields, counted under the workspace's lock. */
const fieldsCap = (workspaceId: string): Cap => ({
  owner: { workspaceId },
  max: MAX_CUSTOM_FIELDS_PER_WORKSPACE,
  message: CUSTOM_FIELD_MESSAGES.tooManyFields,
  count: async (tx) =>
    (await tx.select({ n: count() }).from(customFields).where(inWorkspace({ workspaceId }, customFields)))[0]!
      .n,
});

/** The workspace's fields in their order. */
export async function listCustomFields(db: Database, workspaceId: string): Promise<CustomField[]> {
  return db
    .select(fieldColumns)
    .from(customFields)
    .where(inWorkspace({ workspaceId }, customFields))
    .orderBy(asc(customFields.position), asc(customFields.createdAt), asc(customFields.id));
}

/** One field of the workspace; another workspace's (or no) field is not found. */
export async function getCustomField(
  db: Database,
  workspaceId: string,
  fieldId: string,
): Promise<CustomField> {
  if (!isUuid(fieldId)) throw new AppError('NOT_FOUND', CUSTOM_FIELD_MESSAGES.notFound);
  const [row] = await db
    .select(fieldColumns)
    .from(customFields)
    .where(and(inWorkspace({ workspaceId }, customFields), eq(customFields.id, fieldId)));
  if (!row) throw new AppError('NOT_FOUND', CUSTOM_FIELD_MESSAGES.notFound);
  return row;
}

/** Adds a field at the end (409 when the name is taken but for case, or the workspace is at the cap). */
export async function createCustomField(
  db: Database,
  workspaceId: string,
  field: CreateCustomField,
): Promise<CustomField> {
  try {
    return await db.transaction(async (tx) => {
      await assertUnderCap(tx, fieldsCap(workspaceId));
      const [last] = await tx
        .select({ max: sql<number | null>`max(${customFields.position})` })
        .from(customFields)
        .where(inWorkspace({ workspaceId }, customFields));
      const [row] = await tx
        .insert(customFields)
        .values({
          workspaceId,
          name: field.name,
          type: field.type,
          choices: hasChoices(field.type) ? (field.choices ?? []) : [],
          required: field.required ?? false,
          position: (last?.max ?? -1) + 1,
        })
        .returning(fieldColumns);
      await publishShipmentsChanged(tx, workspaceId, []);
      return row!;
    });
  } catch (error) {
    if (isNameTaken(error)) throw new AppError('CONFLICT', CUSTOM_FIELD_MESSAGES.nameTaken);
    throw error;
  }
}

/**
 * Changes a field's name, required flag or choices. Choices only for choice types; a choice left out
 * is removed from the shipments that had it.
 */
export async function updateCustomField(
  db: Database,
  workspaceId: string,
  fieldId: string,
  change: UpdateCustomField,
): Promise<CustomField> {
  if (!isUuid(fieldId)) throw new AppError('NOT_FOUND', CUSTOM_FIELD_MESSAGES.notFound);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select(fieldColumns)
        .from(customFields)
        .where(and(inWorkspace({ workspaceId }, customFields), eq(customFields.id, fieldId)))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', CUSTOM_FIELD_MESSAGES.notFound);
      const values: Partial<typeof customFields.$inferInsert> = {};
      if (change.name !== undefined) values.name = change.name;
      if (change.required !== undefined) values.required = change.required;
      if (change.choices !== undefined) {
        if (!hasChoices(current.type))
          throw new AppError('VALIDATION', CUSTOM_FIELD_MESSAGES.choicesNotAllowed);
        if (!change.choices.length) throw new AppError('VALIDATION', CUSTOM_FIELD_MESSAGES.choicesNeeded);
        values.choices = change.choices;
        await keepValuesOfChoices(tx, fieldId, current.choices, change.choices);
      }
      const [row] = Object.keys(values).length
        ? await tx
            .update(customFields)
            .set(values)
            .where(eq(customFields.id, fieldId))
            .returning(fieldColumns)
        : [current];
      await publishShipmentsChanged(tx, workspaceId, []);
      return row!;
    });
  } catch (error) {
    if (isNameTaken(error)) throw new AppError('CONFLICT', CUSTOM_FIELD_MESSAGES.nameTaken);
    throw error;
  }
}

/**
 * A choice list changed: values of a choice kept (its text the same but for case) follow its new
 * spelling; values of a choice left out are deleted.
 */
async function keepValuesOfChoices(
  tx: Database,
  fieldId: string,
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const afterByLower = new Map(after.map((c) => [c.toLowerCase(), c]));
  const gone = before.filter((c) => !afterByLower.has(c.toLowerCase()));
  if (gone.length)
    await tx
      .delete(customFieldValues)
      .where(and(eq(customFieldValues.fieldId, fieldId), inArray(customFieldValues.textValue, gone)));
  for (const old of before) {
    const kept = afterByLower.get(old.toLowerCase());
    if (kept !== undefined && kept !== old)
      await tx
        .update(customFieldValues)
        .set({ textValue: kept })
        .where(and(eq(customFieldValues.fieldId, fieldId), eq(customFieldValues.textValue, old)));
  }
}

/** Puts the workspace's fields in this order: every field id once (400 otherwise). */
export async function reorderCustomFields(
  db: Database,
  workspaceId: string,
  ids: readonly string[],
): Promise<CustomField[]> {
  await db.transaction(async (tx) => {
    await lockCapOwner(tx, { workspaceId });
    const present = await tx
      .select({ id: customFields.id })
      .from(customFields)
      .where(inWorkspace({ workspaceId }, customFields));
    const known = new Set(present.map((f) => f.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
      throw new AppError('VALIDATION', CUSTOM_FIELD_MESSAGES.orderIncomplete);
    for (const [position, id] of ids.entries())
      await tx
        .update(customFields)
        .set({ position })
        .where(and(inWorkspace({ workspaceId }, customFields), eq(customFields.id, id)));
    await publishShipmentsChanged(tx, workspaceId, []);
  });
  return listCustomFields(db, workspaceId);
}

/** Deletes a field and, through its foreign key, every shipment's value of it. */
export async function deleteCustomField(db: Database, workspaceId: string, fieldId: string): Promise<void> {
  if (!isUuid(fieldId)) throw new AppError('NOT_FOUND', CUSTOM_FIELD_MESSAGES.notFound);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(customFields)
      .where(and(inWorkspace({ workspaceId }, customFields), eq(customFields.id, fieldId)))
      .returning({ id: customFields.id });
    if (!deleted.length) throw new AppError('NOT_FOUND', CUSTOM_FIELD_MESSAGES.notFound);
    await publishShipmentsChanged(tx, workspaceId, []);
  });
}
