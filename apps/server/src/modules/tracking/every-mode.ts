import { sql, type SQL } from 'drizzle-orm';
import { TRACKING_MODES } from '@tracklane/shared/tracking/tracking-modes';
import { modePresentation } from '../../mode-presentations';
import type { ModePresentation } from './mode-presentation';

/** Every mode's presentation, in the order the modes are listed: what a query over all modes loops over. */
export const everyModePresentation = (): ModePresentation[] => TRACKING_MODES.map(modePresentation);

/**
 * One query over every mode: `branch` is a SELECT over one mode's subscriptions (each giving the same
 * columns in one order), joined by UNION ALL. Used as a LATERAL subquery whose branches each probe
 * their table's index, a row's other modes cost nothing: a condition on the outer row's mode is a
 * one-time filter that skips the branch.
 */
export const overEveryMode = (branch: (presentation: ModePresentation) => SQL): SQL =>
  sql.join(
    everyModePresentation().map((presentation) => sql`(${branch(presentation)})`),
    sql` UNION ALL `,
  );
