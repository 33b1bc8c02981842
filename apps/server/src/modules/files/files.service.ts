import { and, eq, exists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { invitations } from '../../db/schema/invitations';
import {
  organizationMembers,
  organizations,
  workspaceMembers,
  workspaces,
} from '../../db/schema/organizations';
import { users, type UserRow } from '../../db/schema/users';
import { imageUrl, type ImageKind } from '../../lib/images';

/** Stored names are `<owner id>-<48 random bits>.<ext>` (lib/images.ts storeImage). */
const STORED_IMAGE_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-[0-9a-f]{12}\.(jpg|png|gif)$/;

const colleague = alias(organizationMembers, 'colleague');

type OwnerQuery = (db: Database, viewer: UserRow, ownerId: string, url: string) => Promise<unknown[]>;

/**
 * Per kind, the owner row whose current image is `url`, if `viewer` may see that owner where the app
 * shows the image. Each is one query scoped by the viewer.
 */
const visibleOwner: Record<ImageKind, OwnerQuery> = {
  // The user themself and anyone who shares an organization with them (member lists).
  avatars: (db, viewer, ownerId, url) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, ownerId),
          eq(users.avatarUrl, url),
          or(
            eq(users.id, viewer.id),
            exists(
              db
                .select({ one: sql`1` })
                .from(organizationMembers)
                .innerJoin(colleague, eq(colleague.organizationId, organizationMembers.organizationId))
                .where(and(eq(organizationMembers.userId, users.id), eq(colleague.userId, viewer.id))),
            ),
          ),
        ),
      ),
  // The workspace's members, and whoever holds a pending invitation to it (their invitation list
  // shows the image before they join).
  workspaces: (db, viewer, ownerId, url) =>
    db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(
        and(
          eq(workspaces.id, ownerId),
          eq(workspaces.imageUrl, url),
          or(
            exists(
              db
                .select({ one: sql`1` })
                .from(workspaceMembers)
                .where(
                  and(
                    eq(workspaceMembers.workspaceId, workspaces.id),
                    eq(workspaceMembers.userId, viewer.id),
                  ),
                ),
            ),
            exists(
              db
                .select({ one: sql`1` })
                .from(invitations)
                .where(
                  and(
                    eq(invitations.workspaceId, workspaces.id),
                    eq(invitations.status, 'pending'),
                    sql`lower(${invitations.email}) = ${viewer.email.trim().toLowerCase()}`,
                  ),
                ),
            ),
          ),
        ),
      ),
  // The organization's members.
  organizations: (db, viewer, ownerId, url) =>
    db
      .select({ id: organizations.id })
      .from(organizations)
      .where(
        and(
          eq(organizations.id, ownerId),
          eq(organizations.imageUrl, url),
          exists(
            db
              .select({ one: sql`1` })
              .from(organizationMembers)
              .where(
                and(
                  eq(organizationMembers.organizationId, organizations.id),
                  eq(organizationMembers.userId, viewer.id),
                ),
              ),
          ),
        ),
      ),
};

/**
 * Whether `viewer` may see the image stored as `kind/file`. It must be the image its owner has now (a
 * replaced file is nobody's) and the viewer must be allowed to see that owner, so a removed member loses
 * access the moment the membership row goes.
 */
export async function canSeeImage(
  db: Database,
  viewer: UserRow,
  kind: ImageKind,
  file: string,
): Promise<boolean> {
  const ownerId = STORED_IMAGE_NAME.exec(file)?.[1];
  if (!ownerId) return false;
  const rows = await visibleOwner[kind](db, viewer, ownerId, imageUrl(kind, file));
  return rows.length > 0;
}
