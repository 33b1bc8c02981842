import { sql, type SQL } from 'drizzle-orm';
import { allModeFeatures } from '../../modes';
import type { ModeFeatures } from './tracking-mode';

/**
 * One query over every mode: `branch` is a SELECT over one mode's subscriptions (each giving the same
 * columns in one order), joined by UNION ALL. Used as a LATERAL subquery whose branches each probe
 * their table's index, a row's other modes cost nothing: a condition on the outer row's mode is a
 * one-time filter that skips the branch.
 */
export const overEveryMode = (branch: (mode: ModeFeatures) => SQL): SQL =>
  sql.join(
    allModeFeatures().map((mode) => sql`(${branch(mode)})`),
    sql` UNION ALL `,
  );
