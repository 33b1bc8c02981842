import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '@tracklane/shared/validation/database-ranges';
import {
  MAX_COMPANIES_PER_WORKSPACE,
  REFERENCE_MESSAGES,
  type Company,
} from '@tracklane/shared/references/references.schema';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { AppError } from '../../lib/app-error';
import { assertUnderCap, type Cap } from '../../lib/caps';
import { isUniqueViolation } from '../../lib/unique-violation';
import { inWorkspace } from '../../tenancy/scope';
import { publishShipmentsChanged } from '../live-pages/live-publish';

/*
 * A workspace's list of companies, the parties its shipments name. Members who may change shipments
 * keep it; every member reads it. Deleting a company clears it from the shipments that named it (the
 * foreign keys set it null). Every change tells the workspace's open pages (the list, the lists and
 * references that show party names) to refetch.
 */

const NOT_FOUND = 'That company is not in this workspace’s list.';
const isNameTaken = (error: unknown) => isUniqueViolation(error, 'companies_workspace_name_idx');

/** At most MAX_COMPANIES_PER_WORKSPACE companies, counted under the workspace's lock. */
const companiesCap = (workspaceId: string): Cap => ({
  owner: { workspaceId },
  max: MAX_COMPANIES_PER_WORKSPACE,
  message: REFERENCE_MESSAGES.tooManyCompanies,
  count: async (tx) =>
    (await tx.select({ n: count() }).from(companies).where(inWorkspace({ workspaceId }, companies)))[0]!.n,
});

/** The workspace's companies, alphabetically. */
export async function listCompanies(db: Database, workspaceId: string): Promise<Company[]> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inWorkspace({ workspaceId }, companies))
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id));
}

/** Adds a company (409 when the name is taken but for case, or the workspace holds the most it may). */
export async function createCompany(db: Database, workspaceId: string, name: string): Promise<Company> {
  try {
    return await db.transaction(async (tx) => {
      await assertUnderCap(tx, companiesCap(workspaceId));
      const [row] = await tx
        .insert(companies)
        .values({ workspaceId, name })
        .returning({ id: companies.id, name: companies.name });
      await publishShipmentsChanged(tx, workspaceId, []);
      return row!;
    });
  } catch (error) {
    if (isNameTaken(error)) throw new AppError('CONFLICT', REFERENCE_MESSAGES.companyTaken);
    throw error;
  }
}

/** Renames a company: every shipment that names it shows the new name. */
export async function renameCompany(
  db: Database,
  workspaceId: string,
  companyId: string,
  name: string,
): Promise<Company> {
  if (!isUuid(companyId)) throw new AppError('NOT_FOUND', NOT_FOUND);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(companies)
        .set({ name })
        .where(and(inWorkspace({ workspaceId }, companies), eq(companies.id, companyId)))
        .returning({ id: companies.id, name: companies.name });
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      await publishShipmentsChanged(tx, workspaceId, []);
      return row;
    });
  } catch (error) {
    if (isNameTaken(error)) throw new AppError('CONFLICT', REFERENCE_MESSAGES.companyTaken);
    throw error;
  }
}

/** Deletes a company; the shipments that named it keep their other references. */
export async function deleteCompany(db: Database, workspaceId: string, companyId: string): Promise<void> {
  if (!isUuid(companyId)) throw new AppError('NOT_FOUND', NOT_FOUND);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(companies)
      .where(and(inWorkspace({ workspaceId }, companies), eq(companies.id, companyId)))
      .returning({ id: companies.id });
    if (!deleted.length) throw new AppError('NOT_FOUND', NOT_FOUND);
    await publishShipmentsChanged(tx, workspaceId, []);
  });
}

/**
 * The ids of these company names in the workspace's list, by lower-cased name (names match without
 * case), adding those it lacks in the caller's transaction within the list's cap (409 beyond it).
 */
export async function companiesNamed(
  tx: Database,
  workspaceId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  const wanted = new Map(names.map((name) => [name.toLowerCase(), name]));
  if (!wanted.size) return new Map();
  const find = async () =>
    new Map(
      (
        await tx
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(
            and(
              inWorkspace({ workspaceId }, companies),
              inArray(sql`lower(${companies.name})`, [...wanted.keys()]),
            ),
          )
      ).map((c) => [c.name.toLowerCase(), c.id]),
    );
  const found = await find();
  const missing = [...wanted].filter(([key]) => !found.has(key)).map(([, name]) => name);
  if (!missing.length) return found;
  await assertUnderCap(tx, companiesCap(workspaceId), missing.length);
  // Another request may have added one of them meanwhile: the unique name index keeps one.
  await tx
    .insert(companies)
    .values(missing.map((name) => ({ workspaceId, name })))
    .onConflictDoNothing();
  return find();
}

/**
 * Refuses (400) an id that is not one of the workspace's companies; locks those that are against
 * deletion until the caller's transaction ends.
 */
export async function assertCompaniesOfWorkspace(
  tx: Database,
  workspaceId: string,
  ids: readonly string[],
): Promise<void> {
  const named = [...new Set(ids)];
  if (!named.length) return;
  if (!named.every(isUuid)) throw new AppError('VALIDATION', REFERENCE_MESSAGES.companyUnknown);
  const found = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(inWorkspace({ workspaceId }, companies), inArray(companies.id, named)))
    .for('key share');
  if (found.length !== named.length) throw new AppError('VALIDATION', REFERENCE_MESSAGES.companyUnknown);
}
