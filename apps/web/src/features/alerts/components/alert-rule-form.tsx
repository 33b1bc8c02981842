import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CONDITION_LABELS,
  CONDITIONS_BY_MODE,
  type AlertCondition,
  type AlertConditionKind,
  type AlertRule,
  type AlertRulesResult,
  type SaveAlertRule,
} from '@tracklane/shared/alerts/alerts.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCompanies } from '../../../lib/shipment-references';
import { useCustomFields } from '../../../lib/custom-fields';
import { CustomFieldFiltersInput, isFilled } from './custom-field-filters-input';
import { MODE_LIST, MODES } from '../../../modes/registry';

interface AlertRuleFormProps {
  rule?: AlertRule;
  members: AlertRulesResult['members'];
  /** Admins choose recipients; anyone else's rule is heard by them alone. */
  managesWorkspaceRules: boolean;
  submitLabel: string;
  onSubmit: (values: SaveAlertRule) => Promise<void>;
  /** The workspace's tags in use per mode, suggested in the tag filter. */
  tagSuggestions?: Record<TrackingMode, string[]>;
}

/** The parameter each condition takes: days or hours, with its bounds (the shared schema's). */
const PARAMETER: Partial<
  Record<
    AlertConditionKind,
    { key: 'days' | 'hours'; label: string; min: number; max: number; initial: number }
  >
> = {
  lfd: { key: 'days', label: 'Days before the last free day', min: 0, max: 30, initial: 2 },
  eta_slip: { key: 'hours', label: 'Hours of slip', min: 1, max: 720, initial: 24 },
  not_picked_up: { key: 'days', label: 'Days after discharge or arrival', min: 0, max: 60, initial: 3 },
  stale: { key: 'days', label: 'Days without an update', min: 1, max: 60, initial: 2 },
  late: { key: 'hours', label: 'Hours late', min: 0, max: 720, initial: 12 },
};

function conditionOf(kind: AlertConditionKind, amount: number, against: 'first' | 'last'): AlertCondition {
  switch (kind) {
    case 'lfd':
    case 'not_picked_up':
    case 'stale':
      return { kind, days: amount };
    case 'late':
      return { kind, hours: amount };
    case 'eta_slip':
      return { kind, hours: amount, against };
    case 'rolled':
    case 'transshipment':
    case 'route_changed':
    case 'exception':
    case 'failed_attempt':
      return { kind };
  }
}

const amountOf = (condition: AlertCondition | undefined): number | null =>
  condition && 'days' in condition
    ? condition.days
    : condition && 'hours' in condition
      ? condition.hours
      : null;

/** Name, mode, condition with its threshold, filters and recipients of an alert rule. */
export function AlertRuleForm({
  rule,
  members,
  managesWorkspaceRules,
  submitLabel,
  onSubmit,
  tagSuggestions,
}: AlertRuleFormProps) {
  const [name, setName] = useState(rule?.name ?? '');
  const [mode, setMode] = useState<TrackingMode>(rule?.mode ?? MODE_LIST[0]!.mode);
  const [kind, setKind] = useState<AlertConditionKind>(rule?.condition.kind ?? 'lfd');
  const [amount, setAmount] = useState<number | string>(
    amountOf(rule?.condition) ?? PARAMETER[rule?.condition.kind ?? 'lfd']?.initial ?? 0,
  );
  const [against, setAgainst] = useState<'first' | 'last'>(
    rule?.condition.kind === 'eta_slip' ? rule.condition.against : 'first',
  );
  const [carriers, setCarriers] = useState<string[]>(rule?.filters.carriers ?? []);
  const [pol, setPol] = useState<string[]>(rule?.filters.pol ?? []);
  const [pod, setPod] = useState<string[]>(rule?.filters.pod ?? []);
  const [tags, setTags] = useState<string[]>(rule?.filters.tags ?? []);
  const workspaceCompanies = useCompanies();
  const [companies, setCompanies] = useState<string[]>(rule?.filters.companies ?? []);
  const companyOptions = (workspaceCompanies.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const [favoritesOnly, setFavoritesOnly] = useState(rule?.filters.favoritesOnly ?? false);
  const workspaceFields = useCustomFields();
  const fields = workspaceFields.data ?? [];
  const [customFields, setCustomFields] = useState(rule?.filters.customFields ?? []);
  const [allMembers, setAllMembers] = useState(rule?.recipients.allMembers ?? !rule);
  const [userIds, setUserIds] = useState<string[]>(rule?.recipients.userIds ?? []);
  const [emails, setEmails] = useState<string[]>(rule?.recipients.emails ?? []);
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const [exceptionOwnerId, setExceptionOwnerId] = useState<string | null>(rule?.exceptionOwnerId ?? null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const parameter = PARAMETER[kind];
  const kinds = CONDITIONS_BY_MODE[mode] as readonly AlertConditionKind[];
  const personal = !managesWorkspaceRules || rule?.scope === 'personal';

  const changeMode = (next: TrackingMode) => {
    setMode(next);
    const offered = CONDITIONS_BY_MODE[next] as readonly AlertConditionKind[];
    if (!offered.includes(kind)) changeKind(offered[0]!);
  };
  const changeKind = (next: AlertConditionKind) => {
    setKind(next);
    const p = PARAMETER[next];
    if (p) setAmount(p.initial);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError('Give the rule a name.');
      return;
    }
    const value = typeof amount === 'number' ? amount : Number(amount);
    if (parameter && (!Number.isInteger(value) || value < parameter.min || value > parameter.max)) {
      setError(
        `${parameter.label} must be a whole number from ${String(parameter.min)} to ${String(parameter.max)}.`,
      );
      return;
    }
    if (workspaceFields.data && customFields.some((f) => !fields.some((field) => field.id === f.fieldId))) {
      setError('Remove the filter on a deleted custom field first.');
      return;
    }
    if (!customFields.every(isFilled)) {
      setError('Give each custom field filter a value, or remove it.');
      return;
    }
    setPending(true);
    try {
      await onSubmit({
        name: name.trim(),
        mode,
        condition: conditionOf(kind, value, against),
        filters: {
          carriers,
          pol: MODES[mode].alerts.ports ? pol : [],
          pod: MODES[mode].alerts.ports ? pod : [],
          tags,
          // A company deleted since the rule was saved is no longer offered, nor sent.
          companies: companies.filter((id) => companyOptions.some((option) => option.value === id)),
          favoritesOnly,
          customFields,
        },
        recipients: { allMembers, userIds: allMembers ? [] : userIds, emails },
        enabled,
        // Sent when chosen, or to clear a choice made before.
        ...(exceptionOwnerId || rule?.exceptionOwnerId ? { exceptionOwnerId } : {}),
      });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="Alerts carry it, so say what matters: “LFD in 2 days, Rotterdam”."
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={80}
          required
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="rule-mode-label">
            Shipments
          </Text>
          <SegmentedControl
            aria-labelledby="rule-mode-label"
            value={mode}
            onChange={(value) => changeMode(value)}
            data={MODE_LIST.map((option) => ({ value: option.mode, label: option.alerts.optionLabel }))}
            fullWidth
          />
        </Stack>
        <Select
          label="Alert when"
          value={kind}
          onChange={(value) => value && changeKind(value)}
          data={kinds.map((k) => ({ value: k, label: CONDITION_LABELS[k] }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {parameter ? (
          <NumberInput
            label={parameter.label}
            value={amount}
            onChange={setAmount}
            min={parameter.min}
            max={parameter.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
          />
        ) : null}
        {kind === 'eta_slip' ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="rule-against-label">
              Compared with
            </Text>
            <SegmentedControl
              aria-labelledby="rule-against-label"
              value={against}
              onChange={(value) => setAgainst(value)}
              data={[
                { value: 'first', label: 'The first ETA' },
                { value: 'last', label: 'The previous ETA' },
              ]}
              fullWidth
            />
          </Stack>
        ) : null}

        <Text size="sm" fw={600} mt="xs">
          Only for (optional)
        </Text>
        <TagsInput
          label={MODES[mode].alerts.carriersLabel}
          placeholder={MODES[mode].alerts.carriersPlaceholder}
          value={carriers}
          onChange={setCarriers}
          maxTags={20}
          splitChars={[',', ' ']}
        />
        {MODES[mode].alerts.ports ? (
          <Group grow align="flex-start" gap="md" wrap="wrap">
            <TagsInput
              label="Ports of loading"
              placeholder="UN/LOCODE, e.g. CNSHA"
              value={pol}
              onChange={(values) => setPol(values.map((v) => v.toUpperCase()))}
              maxTags={20}
              splitChars={[',', ' ']}
              miw={200}
            />
            <TagsInput
              label="Ports of discharge"
              placeholder="UN/LOCODE, e.g. NLRTM"
              value={pod}
              onChange={(values) => setPod(values.map((v) => v.toUpperCase()))}
              maxTags={20}
              splitChars={[',', ' ']}
              miw={200}
            />
          </Group>
        ) : null}
        <TagsInput
          label="Tags"
          description="Shipments carrying any of these tags."
          placeholder="Choose or type a tag, then Enter"
          value={tags}
          onChange={setTags}
          data={tagSuggestions?.[mode] ?? []}
          maxTags={20}
          splitChars={[',']}
          comboboxProps={{ withinPortal: true }}
        />
        {companyOptions.length ? (
          <MultiSelect
            label="Companies"
            description="Shipments naming any of these as shipper, consignee, customer or forwarder."
            placeholder={companies.length ? undefined : 'Choose companies'}
            data={companyOptions}
            value={companies.filter((id) => companyOptions.some((option) => option.value === id))}
            onChange={setCompanies}
            searchable
            maxValues={20}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {fields.length || customFields.length ? (
          <CustomFieldFiltersInput value={customFields} onChange={setCustomFields} fields={fields} />
        ) : null}
        <Checkbox
          label="Favourites only"
          // Favourites are personal (ADR 0033): a rule watches the stars of the member who made it.
          description={
            rule
              ? `Shipments ${rule.ownerName ?? 'its maker'} starred: a rule watches the favourites of whoever made it.`
              : 'Shipments you starred: favourites are personal, and a rule watches its maker’s.'
          }
          checked={favoritesOnly}
          onChange={(event) => setFavoritesOnly(event.currentTarget.checked)}
        />

        <Text size="sm" fw={600} mt="xs">
          Who hears of it
        </Text>
        {personal ? (
          <Text size="sm" c="dimmed">
            {managesWorkspaceRules
              ? 'This is a member’s own rule: only they receive its alerts.'
              : 'Only you receive the alerts of your own rules, in the app and by e-mail as your notification settings say.'}
          </Text>
        ) : (
          <>
            <Checkbox
              label="Every member who may see shipments"
              checked={allMembers}
              onChange={(event) => setAllMembers(event.currentTarget.checked)}
            />
            {!allMembers ? (
              <MultiSelect
                label="Members"
                placeholder={userIds.length ? undefined : 'Choose members'}
                value={userIds}
                onChange={setUserIds}
                data={members.map((m) => ({ value: m.userId, label: m.name || m.email }))}
                searchable
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
            <TagsInput
              label="E-mail addresses outside the workspace"
              description="A customs broker, a haulier: they get an e-mail per alert."
              placeholder="name@example.com, then Enter"
              value={emails}
              onChange={setEmails}
              maxTags={20}
              splitChars={[',', ' ', ';']}
            />
          </>
        )}
        <Select
          label="Assign its exceptions to"
          description="Exceptions of this kind on the shipments this rule matches get this owner as they open."
          placeholder="Nobody"
          clearable
          value={exceptionOwnerId}
          onChange={setExceptionOwnerId}
          data={members.map((m) => ({ value: m.userId, label: m.name || m.email }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label="Rule on"
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
