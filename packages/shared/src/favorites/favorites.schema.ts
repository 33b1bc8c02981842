import { z } from 'zod';

/*
 * Favourites are each member's own (ADR 0033): one member's star is nobody else's. The wire keeps the
 * field names it always had (`favorite` on a shipment, `?favorite=` on a list).
 */

/** A shipment's star as its reader sees it. */
export const favoriteFieldSchema = z.boolean().meta({
  description:
    'Whether you starred it: favourites are personal. An API key answers as the member who created it; webhooks, which go to the workspace, say false.',
});

/** A list's favourites filter: only the reader's favourites (`true`), or all but them (`false`). */
export const favoriteFilterSchema = z
  .enum(['true', 'false'])
  .optional()
  .meta({ description: 'Only your favourites (true), or only the others (false).' });
