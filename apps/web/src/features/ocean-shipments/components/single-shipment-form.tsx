import { Button, Select, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconPlus } from '@tabler/icons-react';
import type { OceanIntakeOutcome } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { inferCarrierFromMbl } from '@tracklane/shared/tracking/carriers';
import {
  checkContainerNumber,
  checkMblNumber,
  normaliseContainerNumber,
} from '@tracklane/shared/validation/container-number';
import { useState, type FormEvent } from 'react';
import { IntakeOutcomeAlert, type IntakeResult } from '../../../components/intake-outcome-alert';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useCreateOceanShipments } from '../api/create-ocean-shipments';
import { CARRIER_OPTIONS, shortCarrierName } from '../utils/carriers';
import { CARRIER_REQUIRED_MESSAGE } from '../utils/intake-row';
import classes from './new-ocean-shipment.module.css';

const CONTAINER_LENGTH = 11;

interface SingleShipmentFormProps {
  detailHref: (shipment: { containerNo: string; mblNo: string }) => string;
}

type Result = IntakeResult<OceanIntakeOutcome>;

/**
 * One shipment: the container number is checked as it is typed (ISO 6346, down to the check digit), the
 * carrier is read from the bill of lading's prefix and can be changed, and is required when it cannot.
 */
export function SingleShipmentForm({ detailHref }: SingleShipmentFormProps) {
  const [container, setContainer] = useState('');
  const [mbl, setMbl] = useState('');
  const [chosenCarrier, setChosenCarrier] = useState<{ scac: string | null } | null>(null);
  const [touched, setTouched] = useState({ container: false, mbl: false });
  const [submitted, setSubmitted] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const create = useCreateOceanShipments();

  const containerCheck = checkContainerNumber(container);
  const mblCheck = checkMblNumber(mbl);
  const detected = mblCheck.valid ? inferCarrierFromMbl(mblCheck.value) : undefined;
  // The user's choice wins; until they make one, the carrier follows the bill's prefix.
  const carrier = chosenCarrier ? chosenCarrier.scac : (detected?.scac ?? null);

  const typedFullNumber = normaliseContainerNumber(container).length >= CONTAINER_LENGTH;
  // Live once a full number is typed (the check digit is the last character), else from the first blur.
  const showContainerError = submitted || (container.trim() !== '' && (touched.container || typedFullNumber));
  const containerError = !containerCheck.valid && showContainerError ? containerCheck.message : null;
  const mblError = !mblCheck.valid && (touched.mbl || submitted) ? mblCheck.message : null;
  const carrierError =
    mblCheck.valid && !carrier && (touched.mbl || submitted) ? CARRIER_REQUIRED_MESSAGE : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setResult(null);
    if (!containerCheck.valid || !mblCheck.valid || !carrier) return;
    try {
      const [outcome] = await create.mutateAsync([
        { containerNo: containerCheck.value, mblNo: mblCheck.value, carrierScac: carrier },
      ]);
      if (!outcome) return;
      setResult({ kind: 'outcome', outcome });
      if (outcome.outcome !== 'refused') {
        setContainer('');
        setMbl('');
        setChosenCarrier(null);
        setTouched({ container: false, mbl: false });
        setSubmitted(false);
      }
    } catch (error) {
      setResult({
        kind: 'error',
        message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
      });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add one shipment">
      <div className={classes.singleGrid}>
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
        <TextInput
          label="Master bill of lading"
          placeholder="MEDUXY123456"
          value={mbl}
          onChange={(event) => setMbl(event.currentTarget.value)}
          onBlur={() => setTouched((t) => ({ ...t, mbl: true }))}
          error={mblError}
          classNames={{ input: classes.mono }}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          required
        />
        <Select
          label="Carrier"
          placeholder={mblCheck.valid ? 'Choose the carrier' : 'Read from the bill of lading'}
          data={CARRIER_OPTIONS}
          value={carrier}
          onChange={(scac) => setChosenCarrier({ scac })}
          searchable
          clearable
          nothingFoundMessage="No such carrier"
          description={
            detected
              ? `Detected: ${shortCarrierName(detected.name)}`
              : 'Detected from the bill of lading prefix'
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={carrierError}
          required={mblCheck.valid && !detected}
        />
        <div className={classes.singleSubmit}>
          <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} />} fullWidth>
            Track shipment
          </Button>
        </div>
      </div>
      {result ? (
        <div className={classes.singleResult} aria-live="polite">
          <IntakeOutcomeAlert
            result={result}
            numberOf={(outcome) => outcome.containerNo}
            detailHref={detailHref}
            createdText={() =>
              'The first check with the carrier is running; milestones appear within moments.'
            }
            listHref={paths.shipments.oceanActive}
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
