import { and, eq, isNull, sql } from 'drizzle-orm';
import { SHARING_MESSAGES } from '@tracklane/shared/sharing/sharing.schema';
import type { Database } from '../../db/client';
import {
  shareLinks,
  shipmentShares,
  type ShareLinkRow,
  type ShipmentShareRow,
} from '../../db/schema/sharing';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { isUuid } from '@tracklane/shared/validation/database-ranges';

/** A link token as {@link newToken} makes it: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The live share named `shareId` (the path's overallId) addressed to this user's e-mail address, for the `share:recipient`
 * level. Another user's share, a revoked one or an id that is not one are all simply not found.
 */
export async function findShareFor(db: Database, user: UserRow, shareId: unknown): Promise<ShipmentShareRow> {
  if (!isUuid(shareId)) throw new AppError('NOT_FOUND', SHARING_MESSAGES.shareNotFound);
  const [share] = await db
    .select()
    .from(shipmentShares)
    .where(
      and(
        eq(shipmentShares.id, shareId),
        eq(shipmentShares.email, sql`lower(${user.email})`),
        isNull(shipmentShares.revokedAt),
      ),
    );
  if (!share) throw new AppError('NOT_FOUND', SHARING_MESSAGES.shareNotFound);
  return share;
}

/**
 * The public link a token opens, for the `share:link` level: an unknown (guessed, altered) token is
 * not found; a revoked or expired one is gone (410), so the page can say the link expired.
 */
export async function resolveShareLink(
  db: Database,
  token: unknown,
  now = new Date(),
): Promise<ShareLinkRow> {
  if (typeof token !== 'string' || !TOKEN.test(token))
    throw new AppError('NOT_FOUND', SHARING_MESSAGES.linkNotFound);
  const [link] = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, hashToken(token)));
  if (!link) throw new AppError('NOT_FOUND', SHARING_MESSAGES.linkNotFound);
  if (link.revokedAt || (link.expiresAt && link.expiresAt <= now))
    throw new AppError('LINK_EXPIRED', SHARING_MESSAGES.linkExpired);
  return link;
}
