import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_TUTORIAL_STATUSES,
  tutorialStatusesSchema,
  type TutorialStatuses,
} from '@tracklane/shared/user-journey/user-journey.schema';
import type { Database } from '../../db/client';
import { userPreferences } from '../../db/schema/tracking';

/** The user preference that holds the tutorial flags (spec §3 Tutorial status). */
export const TUTORIALS_KEY = 'tutorials';

/** The user's tutorial flags; every tutorial shows until turned off. */
export async function readTutorials(db: Database, userId: string): Promise<TutorialStatuses> {
  const [row] = await db
    .select({ value: userPreferences.value })
    .from(userPreferences)
    .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, TUTORIALS_KEY)));
  const parsed = tutorialStatusesSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_TUTORIAL_STATUSES;
}

/** Turns every tutorial off: for an account that already follows shipments (the demo). */
export async function hideTutorials(db: Database, userId: string): Promise<void> {
  const value: TutorialStatuses = {
    singleShipment: { display: false },
    multipleShipments: { display: false },
  };
  await db
    .insert(userPreferences)
    .values({ userId, key: TUTORIALS_KEY, value })
    .onConflictDoUpdate({
      target: [userPreferences.userId, userPreferences.key],
      set: { value, updatedAt: new Date() },
    });
}
