import type pg from 'pg';
import type { Database } from '../db/client';
import { organizations, workspaces } from '../db/schema/organizations';
import { AppError } from './app-error';
import { withTransaction, type Transaction } from './transaction';
import { theOrganization, theWorkspace } from '../tenancy/scope';

/*
 * Limits of the "at most N per workspace / per organization" kind. Counting and then inserting in two
 * steps lets concurrent requests all count the same free room and all insert: 40 parallel key
 * creations left 40 keys under a cap of 25. Here the owner's row is locked first, inside the creating
 * transaction, so creations under one owner take turns from their count to their commit.
 */

/** The row that owns what a cap counts. */
export type CapOwner = { workspaceId: string } | { organizationId: string };

export interface Cap {
  owner: CapOwner;
  /** How many the owner holds now, counted inside the transaction that holds the owner's lock. */
  count(tx: Database): Promise<number>;
  max: number;
  /** What a creation beyond the cap is told (409). */
  message: string;
}

/**
 * Locks the owner's row until the transaction ends. FOR NO KEY UPDATE: two cap checks of one owner
 * wait for each other, while inserts that only reference the owner (their foreign key takes FOR KEY
 * SHARE) go on. Also what {@link lockOrganization}'s FOR UPDATE waits for.
 */
export async function lockCapOwner(tx: Database, owner: CapOwner): Promise<void> {
  const [row] =
    'workspaceId' in owner
      ? await tx
          .select({ id: workspaces.id })
          .from(workspaces)
          .where(theWorkspace(owner))
          .for('no key update')
      : await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(theOrganization(owner))
          .for('no key update');
  if (!row)
    throw new AppError(
      'NOT_FOUND',
      'workspaceId' in owner ? 'Workspace not found.' : 'Organization not found.',
    );
}

/**
 * Refuses (409, the cap's message) when `adding` more would take the owner past the cap. Call it
 * inside the transaction that then inserts: the owner stays locked until that transaction ends.
 */
export async function assertUnderCap(tx: Database, cap: Cap, adding = 1): Promise<void> {
  await lockCapOwner(tx, cap.owner);
  if ((await cap.count(tx)) + adding > cap.max) throw new AppError('CONFLICT', cap.message);
}

/** Runs `create` in a transaction of its own once {@link assertUnderCap} let one more through. */
export async function createUnderCap<T>(
  pool: pg.Pool,
  cap: Cap,
  create: (t: Transaction) => Promise<T>,
): Promise<T> {
  return withTransaction(pool, async (t) => {
    await assertUnderCap(t.tx, cap);
    return create(t);
  });
}
