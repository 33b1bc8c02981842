import { Button, Select, TextInput } from '@mantine/core';
import { IconCircleCheck, IconPlus } from '@tabler/icons-react';
import {
  PARCEL_CARRIER_CODES,
  type ParcelCarrierCode,
} from '@tracklane/shared/tracking/express/parcel-carriers';
import {
  detectParcelCarriers,
  PARCEL_NUMBER_MESSAGES,
  validateParcelNumberInput,
  type ParcelNumberCheck,
} from '@tracklane/shared/tracking/express/parcel-number';
import type { ExpressIntakeOutcome } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { IntakeOutcomeAlert, type IntakeResult } from '../../../components/intake-outcome-alert';
import { EXPRESS_PATHS, expressDetailPath } from '../paths';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCreateExpressShipments } from '../api/create-express-shipments';
import { carrierOptions, parcelCarrierLabel } from '../utils/carriers';
import classes from './new-express-shipment.module.css';

type Result = IntakeResult<ExpressIntakeOutcome>;

const isCarrierCode = (code: string): code is ParcelCarrierCode =>
  (PARCEL_CARRIER_CODES as readonly string[]).includes(code);

type Failure = 'empty' | 'implausible' | 'unrecognised' | 'checkDigit';

function failureOf(check: Extract<ParcelNumberCheck, { ok: false }>): Failure {
  if (check.message === PARCEL_NUMBER_MESSAGES.empty) return 'empty';
  if (check.message === PARCEL_NUMBER_MESSAGES.implausible) return 'implausible';
  if (check.message === PARCEL_NUMBER_MESSAGES.unrecognised) return 'unrecognised';
  return 'checkDigit';
}

function errorResult(error: unknown): Result {
  if (isApiError(error) && error.status === 403) {
    return { kind: 'error', title: 'You cannot add shipments in this workspace', message: error.message };
  }
  return {
    kind: 'error',
    message: errorMessage(error),
  };
}

/**
 * One parcel: the carrier and service are recognised from the tracking number as it is typed (check
 * digit included) and can be changed; a number no known format fits is tracked with the carrier the
 * user chooses.
 */
export function SingleParcelForm({ disabled = false }: { disabled?: boolean }) {
  const [input, setInput] = useState('');
  // The user's choice wins; until they make one, the carrier follows the number.
  const [chosenCarrier, setChosenCarrier] = useState<ParcelCarrierCode | null>(null);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const create = useCreateExpressShipments();

  const matches = useMemo(() => detectParcelCarriers(input), [input]);
  const check = validateParcelNumberInput(input, chosenCarrier ?? undefined);
  const detected = matches[0];
  const carrier = chosenCarrier ?? detected?.carrier ?? null;
  const options = useMemo(() => carrierOptions(matches.map((match) => match.carrier)), [matches]);

  const failure = check.ok ? null : failureOf(check);
  const settled = touched || submitted;
  // A wrong check digit is known the moment the number is complete; the rest waits for a blur.
  const showError =
    failure === 'checkDigit' ||
    (failure === 'empty' && submitted) ||
    ((failure === 'implausible' || failure === 'unrecognised') && settled);
  const numberError = !check.ok && showError ? check.message : null;

  let hint: ReactNode = 'Spaces and dashes are ignored; letters may be typed in lower case.';
  if (check.ok) {
    const match = matches.find((candidate) => candidate.carrier === check.carrier);
    hint = match ? (
      <span className={classes.detected} data-testid="parcel-detection">
        <IconCircleCheck size={14} stroke={2} aria-hidden />
        {match.carrierName} · {match.service}
      </span>
    ) : (
      <span data-testid="parcel-detection">
        Tracked with {parcelCarrierLabel(check.carrier)}; the number’s format is not checked.
      </span>
    );
  } else if (failure === 'unrecognised') {
    hint = <span data-testid="parcel-detection">{check.message}</span>;
  }

  const reset = () => {
    setInput('');
    setChosenCarrier(null);
    setTouched(false);
    setSubmitted(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    setSubmitted(true);
    setResult(null);
    if (!check.ok) return;
    try {
      const [outcome] = await create.mutateAsync([{ trackingNo: check.trackingNo, carrier: check.carrier }]);
      if (!outcome) return;
      setResult({ kind: 'outcome', outcome });
      if (outcome.outcome !== 'refused') reset();
    } catch (error) {
      setResult(errorResult(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add one parcel">
      <div className={classes.singleGrid}>
        <TextInput
          label="Tracking number"
          placeholder="1Z5R89390357567127"
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
          onBlur={() => setTouched(input.trim() !== '')}
          error={numberError}
          description={numberError ? undefined : hint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          classNames={{ input: classes.mono, description: classes.hint }}
          autoComplete="off"
          spellCheck={false}
          maxLength={60}
          disabled={disabled}
          required
        />
        <Select
          label="Carrier"
          placeholder={detected ? detected.carrierName : 'Choose the carrier'}
          data={options}
          value={carrier}
          onChange={(code) => setChosenCarrier(code && isCarrierCode(code) ? code : null)}
          searchable
          clearable={chosenCarrier !== null}
          nothingFoundMessage="No such carrier"
          description={detected ? 'Recognised from the number' : 'Needed when the number is not recognised'}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={disabled}
          required={!detected && input.trim() !== ''}
        />
        <div className={classes.singleSubmit}>
          <Button
            type="submit"
            loading={create.isPending}
            disabled={disabled}
            leftSection={<IconPlus size={16} />}
            fullWidth
          >
            Track parcel
          </Button>
        </div>
      </div>
      {result ? (
        <div className={classes.singleResult} aria-live="polite">
          <IntakeOutcomeAlert
            result={result}
            numberOf={(outcome) => outcome.trackingNo}
            detailHref={(outcome) =>
              outcome.expressOrderId ? expressDetailPath(outcome.expressOrderId, outcome.trackingNo) : null
            }
            createdText={(outcome) =>
              `The first check with ${parcelCarrierLabel(outcome.carrier)} is running; scans appear within moments.`
            }
            listHref={EXPRESS_PATHS.lists.active}
            refusedText="The server refused this parcel."
          />
        </div>
      ) : null}
    </form>
  );
}
