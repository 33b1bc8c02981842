import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  MAX_TIERS,
  type ClockTerms,
  type DayCount,
  type FreeTimeTerms,
} from '@tracklane/shared/free-time/free-time.schema';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import classes from './free-time.module.css';

type TierDraft = { days: number | string; rate: number | string };
type ClockDraft = { freeDays: number | string; dayCount: DayCount; tiers: TierDraft[] };

const draftOf = (terms: ClockTerms): ClockDraft => ({
  freeDays: terms.freeDays,
  dayCount: terms.dayCount,
  tiers: terms.tiers.map((t) => ({ days: t.days ?? '', rate: t.rate })),
});

/** The draft as terms, or the first thing wrong with it. */
function termsOf(draft: ClockDraft, what: string): ClockTerms | string {
  const freeDays = Number(draft.freeDays);
  if (draft.freeDays === '' || !Number.isInteger(freeDays) || freeDays < 0 || freeDays > 60)
    return `${what}: free days must be a whole number from 0 to 60.`;
  const tiers = [];
  for (const [i, tier] of draft.tiers.entries()) {
    const last = i === draft.tiers.length - 1;
    const rate = Number(tier.rate);
    if (tier.rate === '' || !(rate >= 0)) return `${what}: give each tier a daily rate of 0 or more.`;
    const days = tier.days === '' ? null : Number(tier.days);
    if (!last && (days === null || !Number.isInteger(days) || days < 1))
      return `${what}: every tier but the last needs a number of days.`;
    tiers.push({ days: last ? null : days, rate });
  }
  return { freeDays, dayCount: draft.dayCount, tiers };
}

function ClockFields({
  title,
  hint,
  draft,
  onChange,
}: {
  title: string;
  hint: string;
  draft: ClockDraft;
  onChange: (draft: ClockDraft) => void;
}) {
  const setTier = (i: number, tier: Partial<TierDraft>) =>
    onChange({ ...draft, tiers: draft.tiers.map((t, j) => (j === i ? { ...t, ...tier } : t)) });
  // Where each tier starts: day 1, then after the days of the tiers before it.
  const lengthOf = (tier: TierDraft) => {
    const days = Number(tier.days);
    return Number.isInteger(days) && days > 0 ? days : 1;
  };
  const starts = draft.tiers.map(
    (_, i) => 1 + draft.tiers.slice(0, i).reduce((sum, t) => sum + lengthOf(t), 0),
  );
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{title}</legend>
      <Text size="xs" c="dimmed" mb="sm">
        {hint}
      </Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <NumberInput
          label="Free days"
          value={draft.freeDays}
          onChange={(freeDays) => onChange({ ...draft, freeDays })}
          min={0}
          max={60}
          allowDecimal={false}
          allowNegative={false}
          w={120}
        />
        <SegmentedControl
          aria-label={`${title}: how free days are counted`}
          value={draft.dayCount}
          onChange={(value) => onChange({ ...draft, dayCount: value })}
          data={[
            { value: 'calendar', label: 'Calendar days' },
            { value: 'working', label: 'Working days' },
          ]}
        />
      </Group>
      <Stack gap="xs" mt="sm">
        {draft.tiers.map((tier, i) => {
          const last = i === draft.tiers.length - 1;
          const from = starts[i]!;
          const label = last
            ? `From day ${String(from)} on`
            : `Days ${String(from)}–${String(from + lengthOf(tier) - 1)}`;
          return (
            <Group key={i} gap="sm" align="flex-end" wrap="nowrap" className={classes.tier}>
              <Text size="sm" className={classes.tierLabel}>
                {label}
              </Text>
              {!last ? (
                <NumberInput
                  label="Days"
                  value={tier.days}
                  onChange={(value) => setTier(i, { days: value })}
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  w={80}
                />
              ) : null}
              <NumberInput
                label="Per day"
                value={tier.rate}
                onChange={(value) => setTier(i, { rate: value })}
                min={0}
                decimalScale={2}
                allowNegative={false}
                w={110}
              />
              {draft.tiers.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove tier ${String(i + 1)} of ${title}`}
                  onClick={() => onChange({ ...draft, tiers: draft.tiers.filter((_, j) => j !== i) })}
                  mb={4}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              ) : null}
            </Group>
          );
        })}
        {draft.tiers.length < MAX_TIERS ? (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              onChange({
                ...draft,
                // A new tier goes before the open-ended last one.
                tiers: [
                  ...draft.tiers.slice(0, -1),
                  { days: 4, rate: draft.tiers.at(-1)?.rate ?? 0 },
                  draft.tiers.at(-1)!,
                ],
              })
            }
            className={classes.addTier}
          >
            Add a tier
          </Button>
        ) : null}
      </Stack>
    </fieldset>
  );
}

interface TermsFormProps {
  initial: FreeTimeTerms;
  /** A carrier's SCAC field, for a new carrier's terms. */
  askCarrier?: boolean;
  submitLabel: string;
  onSubmit: (terms: FreeTimeTerms, carrierScac: string | null) => Promise<void>;
  extraActions?: React.ReactNode;
}

/**
 * Currency, and per clock the free days, how they are counted and the daily rates in tiers; or, when
 * the terms merge them, one pool for both clocks.
 */
export function TermsForm({
  initial,
  askCarrier = false,
  submitLabel,
  onSubmit,
  extraActions,
}: TermsFormProps) {
  const [currency, setCurrency] = useState(initial.currency);
  const [carrier, setCarrier] = useState('');
  const [demurrage, setDemurrage] = useState(draftOf(initial.demurrage));
  const [detention, setDetention] = useState(draftOf(initial.detention));
  // Merged free time starts from the demurrage terms: most merged tariffs extend the terminal's.
  const [combined, setCombined] = useState(initial.combined ? draftOf(initial.combined) : null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (askCarrier && !/^[A-Za-z]{2,4}$/.test(carrier.trim())) {
      setError('Name the carrier by its SCAC, 2 to 4 letters (e.g. MAEU).');
      return;
    }
    if (!/^[A-Za-z]{3}$/.test(currency.trim())) {
      setError('Currency must be a three-letter ISO code such as USD.');
      return;
    }
    // Merged: the two clocks' own terms are kept as they were, for a return to separate counting.
    const pool = combined ? termsOf(combined, 'Combined free time') : undefined;
    const dem = termsOf(demurrage, 'Demurrage');
    const det = termsOf(detention, 'Detention');
    if (typeof pool === 'string' || typeof dem === 'string' || typeof det === 'string') {
      setError([pool, dem, det].find((t) => typeof t === 'string') ?? null);
      return;
    }
    setPending(true);
    try {
      await onSubmit(
        {
          currency: currency.trim().toUpperCase(),
          demurrage: dem,
          detention: det,
          ...(pool ? { combined: pool } : {}),
        },
        askCarrier ? carrier.trim().toUpperCase() : null,
      );
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          {askCarrier ? (
            <TextInput
              label="Carrier (SCAC)"
              value={carrier}
              onChange={(event) => setCarrier(event.currentTarget.value)}
              maxLength={4}
              w={140}
              data-autofocus
            />
          ) : null}
          <TextInput
            label="Currency"
            value={currency}
            onChange={(event) => setCurrency(event.currentTarget.value)}
            maxLength={3}
            w={110}
          />
        </Group>
        <SegmentedControl
          aria-label="How free time is counted"
          value={combined ? 'combined' : 'separate'}
          onChange={(value) => setCombined(value === 'combined' ? (combined ?? demurrage) : null)}
          data={[
            { value: 'separate', label: 'Demurrage and detention apart' },
            { value: 'combined', label: 'Combined (merged D&D)' },
          ]}
          fullWidth
        />
        {combined ? (
          <ClockFields
            title="Combined free time"
            hint="One pool of free days from the day of discharge to the empty return. After it, days at the terminal are charged as demurrage and days outside as detention, at these rates."
            draft={combined}
            onChange={setCombined}
          />
        ) : (
          <>
            <ClockFields
              title="Demurrage"
              hint="At the terminal: from the day of discharge to the full gate-out. Rates count the days after the free days."
              draft={demurrage}
              onChange={setDemurrage}
            />
            <ClockFields
              title="Detention"
              hint="Outside: from the full gate-out to the empty return. Rates count the days after the free days."
              draft={detention}
              onChange={setDetention}
            />
          </>
        )}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {extraActions}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
