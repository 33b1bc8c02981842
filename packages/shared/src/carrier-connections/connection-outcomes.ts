import { isTerminalKind, type ConnectionKind } from './connection-kinds';

/**
 * What "Test connection" found, in words. `works` also covers a carrier that answered properly that it
 * does not know the reference.
 */
export const TEST_OUTCOMES = [
  'works',
  'wrong_credentials',
  'not_allowed',
  'rate_limited',
  'unreachable',
  'not_dcsa',
] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

export const TEST_OUTCOME_LABELS: Record<TestOutcome, string> = {
  works: 'Works',
  wrong_credentials: 'Wrong credentials',
  not_allowed: 'Not allowed',
  rate_limited: 'Rate limited',
  unreachable: 'Carrier unreachable',
  not_dcsa: 'Answer not DCSA 2.2',
};

/** The same outcomes for a terminal connection: its answers are the terminal API's, not DCSA's. */
const TERMINAL_OUTCOME_LABELS: Partial<Record<TestOutcome, string>> = {
  unreachable: 'Terminal unreachable',
  not_dcsa: 'Answer not in the terminal API’s format',
};

/** A test outcome or health class in words, for a connection of this kind. */
export function testOutcomeLabel(outcome: TestOutcome, kind: ConnectionKind): string {
  return (
    (isTerminalKind(kind) ? TERMINAL_OUTCOME_LABELS[outcome] : undefined) ?? TEST_OUTCOME_LABELS[outcome]
  );
}

/** How a failed call is classed in the health view: the test outcomes but `works`. */
export const ERROR_CLASSES = TEST_OUTCOMES.filter((o): o is Exclude<TestOutcome, 'works'> => o !== 'works');
export type ErrorClass = Exclude<TestOutcome, 'works'>;
