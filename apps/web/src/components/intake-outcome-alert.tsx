import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { FormAlert } from './form-alert';
import type { IntakeOutcome } from './intake-outcomes';

/** What a single-shipment form got back: the server's outcome, or why the request failed. */
export type IntakeResult<Outcome extends IntakeOutcome> =
  { kind: 'outcome'; outcome: Outcome } | { kind: 'error'; title?: string; message: string };

interface IntakeOutcomeAlertProps<Outcome extends IntakeOutcome> {
  result: IntakeResult<Outcome>;
  /** The number the reader typed, as the server took it. */
  numberOf: (outcome: Outcome) => string;
  /** Where the shipment's page is; null when the answer does not say. */
  detailHref: (outcome: Outcome) => string | null;
  /** What happens now with a new shipment: "The first check with the carrier is running; …". */
  createdText: (outcome: Outcome) => string;
  /** The list new shipments appear in. */
  listHref: string;
  /** Said when the server refused without a reason. */
  refusedText: string;
}

/** The answer under a single-shipment form: created, already tracked, or refused, with links onward. */
export function IntakeOutcomeAlert<Outcome extends IntakeOutcome>({
  result,
  numberOf,
  detailHref,
  createdText,
  listHref,
  refusedText,
}: IntakeOutcomeAlertProps<Outcome>) {
  if (result.kind === 'error') {
    return (
      <FormAlert tone="error" title={result.title} data-testid="single-outcome">
        {result.message}
      </FormAlert>
    );
  }
  const { outcome } = result;
  const number = numberOf(outcome);
  const href = detailHref(outcome);
  const open = href ? (
    <Anchor component={Link} to={href} fw={600}>
      Open {number}
    </Anchor>
  ) : null;
  if (outcome.outcome === 'created') {
    return (
      <FormAlert tone="success" title={`Now tracking ${number}`} data-testid="single-outcome">
        {createdText(outcome)} {open}
        {open ? ' · ' : null}
        <Anchor component={Link} to={listHref}>
          See the list
        </Anchor>
      </FormAlert>
    );
  }
  if (outcome.outcome === 'already_tracked') {
    return (
      <FormAlert tone="info" title={`${number} is already tracked here`} data-testid="single-outcome">
        {outcome.message ?? 'Already tracked'}. {open}
      </FormAlert>
    );
  }
  return (
    <FormAlert tone="error" title={`${number} was not added`} data-testid="single-outcome">
      {outcome.message ?? refusedText}
    </FormAlert>
  );
}
