import { Button, Group, Radio, Select, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { billName } from '@tracklane/shared/tracking/ocean/ocean-bills';
import type { OceanIntakeOutcome } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import { inferCarrierFromMbl } from '@tracklane/shared/tracking/ocean/carriers';
import {
  checkBookingNumber,
  checkContainerNumber,
  checkMblNumber,
  normaliseContainerNumber,
} from '@tracklane/shared/validation/container-number';
import { useState, type FormEvent } from 'react';
import { IntakeOutcomeAlert, type IntakeResult } from '../../../components/intake-outcome-alert';
import { OCEAN_PATHS } from '../paths';
import { errorMessage } from '../../../lib/api-client';
import { useCreateOceanShipments } from '../api/create-ocean-shipments';
import { CARRIER_OPTIONS, shortCarrierName } from '../utils/carriers';
import { billListHref } from '../utils/detail-href';
import { BOOKING_CARRIER_REQUIRED_MESSAGE, CARRIER_REQUIRED_MESSAGE } from '../utils/intake-row';
import classes from './new-ocean-shipment.module.css';

const CONTAINER_LENGTH = 11;

/** What the user has to go on: a container with its bill, or a bill of lading or booking alone. */
export type IntakeChoice = 'container' | 'bl' | 'booking';

const CHOICES: { value: IntakeChoice; label: string }[] = [
  { value: 'container', label: 'A container and its bill of lading' },
  { value: 'bl', label: 'A bill of lading only' },
  { value: 'booking', label: 'A booking number only' },
];

interface SingleShipmentFormProps {
  detailHref: (shipment: { containerNo: string; mblNo: string }) => string;
}

type Result = IntakeResult<OceanIntakeOutcome>;

/** The number an answer is about, as people say it: a container, or a bill or booking followed alone. */
const numberOf = (outcome: OceanIntakeOutcome) =>
  outcome.kind === 'container'
    ? outcome.containerNo
    : outcome.bookingNo
      ? billName('booking', outcome.bookingNo)
      : billName('bl', outcome.mblNo);

/**
 * One shipment: a container on its bill of lading, or a bill of lading or booking alone (every container
 * the carrier names on it is added, ADR 0037), chosen first. The container number is checked as it is
 * typed (ISO 6346, down to the check digit), the carrier is read from the bill of lading's prefix and can
 * be changed, and is required when it cannot.
 */
export function SingleShipmentForm({ detailHref }: SingleShipmentFormProps) {
  const [choice, setChoice] = useState<IntakeChoice>('container');
  const [container, setContainer] = useState('');
  const [reference, setReference] = useState('');
  const [chosenCarrier, setChosenCarrier] = useState<{ scac: string | null } | null>(null);
  const [touched, setTouched] = useState({ container: false, reference: false });
  const [submitted, setSubmitted] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const create = useCreateOceanShipments();

  const withContainer = choice === 'container';
  const booking = choice === 'booking';
  const containerCheck = checkContainerNumber(container);
  const referenceCheck = booking ? checkBookingNumber(reference) : checkMblNumber(reference);
  const detected = referenceCheck.valid ? inferCarrierFromMbl(referenceCheck.value) : undefined;
  // The user's choice wins; until they make one, the carrier follows the bill's prefix.
  const carrier = chosenCarrier ? chosenCarrier.scac : (detected?.scac ?? null);

  const typedFullNumber = normaliseContainerNumber(container).length >= CONTAINER_LENGTH;
  // Live once a full number is typed (the check digit is the last character), else from the first blur.
  const showContainerError = submitted || (container.trim() !== '' && (touched.container || typedFullNumber));
  const containerError = !containerCheck.valid && showContainerError ? containerCheck.message : null;
  const referenceError =
    !referenceCheck.valid && (touched.reference || submitted) ? referenceCheck.message : null;
  const carrierError =
    referenceCheck.valid && !carrier && (touched.reference || submitted)
      ? booking
        ? BOOKING_CARRIER_REQUIRED_MESSAGE
        : CARRIER_REQUIRED_MESSAGE
      : null;

  const reset = () => {
    setContainer('');
    setReference('');
    setChosenCarrier(null);
    setTouched({ container: false, reference: false });
    setSubmitted(false);
  };

  const choose = (value: string) => {
    const next = value as IntakeChoice;
    // A bill of lading typed with a container is still the bill alone; a booking number is not one.
    if ((next === 'booking') !== booking) setReference('');
    setChoice(next);
    setResult(null);
    setSubmitted(false);
    setTouched({ container: false, reference: false });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setResult(null);
    if ((withContainer && !containerCheck.valid) || !referenceCheck.valid || !carrier) return;
    const item = withContainer
      ? { containerNo: containerCheck.value, mblNo: referenceCheck.value, carrierScac: carrier }
      : booking
        ? { bookingNo: referenceCheck.value, carrierScac: carrier }
        : { mblNo: referenceCheck.value, carrierScac: carrier };
    try {
      const [outcome] = await create.mutateAsync([item]);
      if (!outcome) return;
      setResult({ kind: 'outcome', outcome });
      if (outcome.outcome !== 'refused') reset();
    } catch (error) {
      setResult({
        kind: 'error',
        message: errorMessage(error),
      });
    }
  };

  const outcome = result?.kind === 'outcome' ? result.outcome : null;
  const billId = outcome?.kind === 'bill' ? outcome.billId : null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add one shipment">
      <Radio.Group
        label="What do you have?"
        value={choice}
        onChange={choose}
        mb="md"
        description={
          withContainer
            ? null
            : `Tracklane asks the carrier which containers travel on this ${
                booking ? 'booking' : 'bill of lading'
              } and adds each of them, those that join later too.`
        }
      >
        <Group gap="lg" mt="xs" className={classes.choices}>
          {CHOICES.map((c) => (
            <Radio key={c.value} value={c.value} label={c.label} />
          ))}
        </Group>
      </Radio.Group>
      <div className={withContainer ? classes.singleGrid : classes.billGrid}>
        {withContainer ? (
          <TextInput
            label="Container number"
            placeholder="MSCU1234566"
            value={container}
            onChange={(event) => setContainer(event.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, container: true }))}
            error={containerError}
            classNames={{ input: classes.mono }}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            required
            rightSection={
              containerCheck.valid ? (
                <IconCircleCheck
                  size={18}
                  color="var(--mantine-color-teal-7)"
                  aria-label="Valid container number"
                />
              ) : null
            }
          />
        ) : null}
        <TextInput
          // A new field for each kind of number: what was typed for one is not taken for the other.
          key={booking ? 'booking' : 'bl'}
          label={booking ? 'Booking number' : 'Master bill of lading'}
          placeholder={booking ? '241100123' : 'MEDUXY123456'}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          onBlur={() => setTouched((t) => ({ ...t, reference: true }))}
          error={referenceError}
          classNames={{ input: classes.mono }}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          required
        />
        <Select
          label="Carrier"
          placeholder={
            referenceCheck.valid
              ? 'Choose the carrier'
              : booking
                ? 'Choose the carrier'
                : 'Read from the bill of lading'
          }
          data={CARRIER_OPTIONS}
          value={carrier}
          onChange={(scac) => setChosenCarrier({ scac })}
          searchable
          clearable
          nothingFoundMessage="No such carrier"
          description={
            detected
              ? `Detected: ${shortCarrierName(detected.name)}`
              : booking
                ? 'The carrier that took the booking'
                : 'Detected from the bill of lading prefix'
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={carrierError}
          required={booking || (referenceCheck.valid && !detected)}
        />
        <div className={classes.singleSubmit}>
          <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} />} fullWidth>
            {withContainer ? 'Track shipment' : 'Track its containers'}
          </Button>
        </div>
      </div>
      {result ? (
        <div className={classes.singleResult} aria-live="polite">
          <IntakeOutcomeAlert
            result={result}
            numberOf={numberOf}
            detailHref={(o) => (o.kind === 'container' ? detailHref(o) : null)}
            createdText={(o) =>
              o.kind === 'container'
                ? 'The first check with the carrier is running; milestones appear within moments.'
                : 'The carrier is being asked which containers travel on it: each appears in the list, grouped under it, as the carrier names it.'
            }
            listHref={billId ? billListHref(billId) : OCEAN_PATHS.lists.active}
            refusedText="The server refused this shipment."
          />
        </div>
      ) : null}
      <Text size="xs" c="dimmed" mt="xs">
        Spaces and dashes are ignored; letters may be typed in lower case.
      </Text>
    </form>
  );
}
