import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  AUTH_TYPE_LABELS,
  AUTH_TYPES,
  CONNECTION_LABEL_MAX,
  CONNECTION_URL_MAX,
  CONNECTION_TERMINALS_MAX,
  DEFAULT_PER_DAY,
  DEFAULT_PER_MINUTE,
  isTerminalKind,
  type AuthType,
  type ConnectionKind,
  type CarrierConnection,
  type CreateConnectionRequest,
  type UpdateConnectionRequest,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { subscriptionsUrlFor } from '@tracklane/shared/carrier-connections/carrier-push.schema';
import {
  CARRIER_PRESETS,
  presetFor,
  TERMINAL_PRESETS,
  terminalPresetFor,
} from '@tracklane/shared/carrier-connections/presets';
import { APMT_FACILITIES } from '@tracklane/shared/terminal-availability/terminal-availability';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { AuthFields, type HeaderRow, type OAuthValue } from './auth-fields';
import { PushDeliveryFields, type PushDeliveryValue } from './push-delivery-fields';

const OTHER = 'other';
/** Terminal presets are chosen by their key, apart from the carriers' SCACs. */
const TERMINAL = 'terminal:';

/** The published APM Terminals facilities, and any other a connection already names. */
const facilityOptions = (chosen: readonly string[]) => [
  ...APMT_FACILITIES.map((f) => ({ value: f.code, label: `${f.name} (${f.code})` })),
  ...chosen
    .filter((code) => !APMT_FACILITIES.some((f) => f.code === code))
    .map((code) => ({ value: code, label: code })),
];

interface ConnectionFormProps {
  /** Editing this connection; creating when absent. */
  connection?: CarrierConnection;
  submitLabel: string;
  onCreate?: (input: CreateConnectionRequest) => Promise<void>;
  onUpdate?: (input: UpdateConnectionRequest) => Promise<void>;
}

/**
 * A carrier or terminal connection: a preset (or "Other DCSA 2.2 endpoint") fills in the URL and the
 * auth type; the fields follow the auth type, and a terminal connection names its terminals where a
 * carrier's has a SCAC. Secrets are typed in, never shown back: editing shows their last four
 * characters, and a secret left empty keeps the saved one.
 */
export function ConnectionForm({ connection, submitLabel, onCreate, onUpdate }: ConnectionFormProps) {
  const editing = connection !== undefined;
  const [presetKey, setPresetKey] = useState<string>(
    connection
      ? isTerminalKind(connection.kind)
        ? `${TERMINAL}${connection.carrier}`
        : (presetFor(connection.carrier)?.carrier ?? OTHER)
      : '',
  );
  const preset = presetKey.startsWith(TERMINAL)
    ? terminalPresetFor(presetKey.slice(TERMINAL.length))
    : presetKey && presetKey !== OTHER
      ? presetFor(presetKey)
      : undefined;
  const kind: ConnectionKind =
    connection?.kind ?? (presetKey.startsWith(TERMINAL) ? 'apmt-import-availability' : 'dcsa-tnt-2.2');
  const terminalKind = isTerminalKind(kind);
  const [terminals, setTerminals] = useState<string[]>(connection?.terminals ?? []);
  const [carrier, setCarrier] = useState(connection?.carrier ?? '');
  const [label, setLabel] = useState(connection?.label ?? '');
  const [baseUrl, setBaseUrl] = useState(connection?.baseUrl ?? '');
  const [authType, setAuthType] = useState<AuthType>(connection?.auth.type ?? 'headers');
  const [headers, setHeaders] = useState<HeaderRow[]>(
    connection?.auth.type === 'headers'
      ? connection.auth.headers.map((h) => ({ name: h.name, value: '', last4: h.last4 }))
      : [{ name: '', value: '', last4: null }],
  );
  const storedOAuth = connection?.auth.type === 'oauth2-client-credentials' ? connection.auth : null;
  const [oauth, setOAuth] = useState<OAuthValue>({
    tokenUrl: storedOAuth?.tokenUrl ?? '',
    clientId: '',
    clientSecret: '',
    scope: storedOAuth?.scope ?? '',
  });
  const { tokenUrl, clientId, clientSecret, scope } = oauth;
  const [perMinute, setPerMinute] = useState<number | string>(connection?.perMinute ?? DEFAULT_PER_MINUTE);
  const [perDay, setPerDay] = useState<number | string>(connection?.perDay ?? DEFAULT_PER_DAY);
  const [enabled, setEnabled] = useState(connection?.enabled ?? true);
  const [push, setPush] = useState<PushDeliveryValue>({
    delivery: connection?.delivery ?? 'poll',
    // A set endpoint shows as typed; the one found beside the events endpoint stays implicit.
    subscriptionsUrl:
      connection?.push.subscriptionsUrl &&
      connection.push.subscriptionsUrl !== subscriptionsUrlFor(connection.baseUrl)
        ? connection.push.subscriptionsUrl
        : '',
  });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const choosePreset = (key: string | null) => {
    setPresetKey(key ?? '');
    const terminalPreset = key?.startsWith(TERMINAL)
      ? terminalPresetFor(key.slice(TERMINAL.length))
      : undefined;
    if (terminalPreset) {
      setCarrier(terminalPreset.carrier);
      setBaseUrl(terminalPreset.baseUrl);
      setAuthType(terminalPreset.authType);
      setOAuth((o) => ({ ...o, tokenUrl: terminalPreset.tokenUrl }));
      setTerminals(terminalPreset.terminals);
      return;
    }
    const chosen = key && key !== OTHER ? presetFor(key) : undefined;
    if (!chosen) return;
    setCarrier(chosen.carrier);
    setBaseUrl(chosen.baseUrl);
    setAuthType(chosen.authType);
    if (chosen.authType === 'headers')
      setHeaders(
        chosen.headerNames.length
          ? chosen.headerNames.map((name) => ({ name, value: '', last4: null }))
          : [{ name: '', value: '', last4: null }],
      );
  };

  // A stored secret of the same auth type can be kept; after a switch of type everything must be given.
  const sameType = connection?.auth.type === authType;

  const authInput = () => {
    if (authType === 'headers') {
      const rows = headers.filter((h) => h.name.trim() || h.value);
      return {
        type: 'headers' as const,
        headers: Object.fromEntries(
          rows.map((h) => [h.name.trim(), h.value === '' && sameType && h.last4 !== null ? null : h.value]),
        ),
      };
    }
    if (authType === 'oauth2-client-credentials')
      return {
        type: 'oauth2-client-credentials' as const,
        tokenUrl: tokenUrl.trim(),
        clientId: clientId === '' && sameType ? null : clientId,
        clientSecret: clientSecret === '' && sameType ? null : clientSecret,
        ...(scope.trim() ? { scope: scope.trim() } : {}),
      };
    return { type: 'none' as const };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!editing && !terminalKind && !/^[A-Za-z]{4}$/.test(carrier.trim())) {
      setError('Enter the carrier’s 4-letter SCAC, e.g. MAEU');
      return;
    }
    if (terminalKind && terminals.length === 0) {
      setError('Choose at least one terminal');
      return;
    }
    if (!baseUrl.trim()) {
      setError(
        terminalKind
          ? 'Enter the terminal’s availability endpoint'
          : preset && !preset.baseUrl
            ? `Enter ${preset.name}’s events URL: ${preset.hint}`
            : 'Enter the carrier’s DCSA events endpoint',
      );
      return;
    }
    setPending(true);
    try {
      const common = {
        baseUrl: baseUrl.trim(),
        label: label.trim(),
        enabled,
        perMinute: Number(perMinute),
        perDay: Number(perDay),
      };
      const endpoint = push.subscriptionsUrl.trim();
      if (editing)
        await onUpdate?.({
          ...common,
          auth: authInput(),
          ...(terminalKind
            ? { terminals }
            : {
                delivery: push.delivery,
                ...(push.delivery === 'push' ? { subscriptionsUrl: endpoint || null } : {}),
              }),
        });
      else {
        const auth = authInput() as CreateConnectionRequest['auth'];
        await onCreate?.(
          terminalKind
            ? { ...common, kind, terminals, auth }
            : {
                ...common,
                carrier: carrier.trim().toUpperCase(),
                auth,
                ...(push.delivery === 'push'
                  ? { delivery: 'push' as const, ...(endpoint ? { subscriptionsUrl: endpoint } : {}) }
                  : {}),
              },
        );
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {!editing ? (
          <Select
            label="Carrier"
            placeholder="Choose a carrier or a terminal"
            data={[
              {
                group: 'Carrier events (DCSA Track & Trace 2.2)',
                items: [
                  ...CARRIER_PRESETS.map((p) => ({ value: p.carrier, label: `${p.name} (${p.carrier})` })),
                  { value: OTHER, label: 'Other DCSA 2.2 endpoint' },
                ],
              },
              {
                group: 'Terminal availability',
                items: TERMINAL_PRESETS.map((p) => ({ value: `${TERMINAL}${p.key}`, label: p.name })),
              },
            ]}
            value={presetKey || null}
            onChange={choosePreset}
            allowDeselect={false}
            data-autofocus
          />
        ) : null}
        {preset ? (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} />} p="sm">
            <Text size="sm">{preset.hint}</Text>
          </Alert>
        ) : null}
        {presetKey || editing ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {terminalKind ? null : (
                <TextInput
                  label="SCAC"
                  description="The carrier’s 4-letter code"
                  value={carrier}
                  maxLength={4}
                  disabled={editing || Boolean(preset)}
                  onChange={(event) => setCarrier(event.currentTarget.value.toUpperCase())}
                />
              )}
              <TextInput
                label="Label"
                description="Optional: which account this is"
                value={label}
                maxLength={CONNECTION_LABEL_MAX}
                onChange={(event) => setLabel(event.currentTarget.value)}
              />
            </SimpleGrid>
            {terminalKind ? (
              <MultiSelect
                label="Terminals"
                description="Your containers discharged at these terminals are asked about"
                placeholder={terminals.length ? undefined : 'Choose terminals'}
                data={facilityOptions(terminals)}
                value={terminals}
                onChange={setTerminals}
                maxValues={CONNECTION_TERMINALS_MAX}
                searchable
                hidePickedOptions
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
            <TextInput
              label={terminalKind ? 'Availability endpoint' : 'Events endpoint'}
              description={
                terminalKind
                  ? 'The terminal’s Import Availability URL (https)'
                  : 'The carrier’s DCSA Track & Trace 2.2 events URL (https)'
              }
              placeholder={
                terminalKind
                  ? 'https://api.apmterminals.com/import-availability'
                  : 'https://api.carrier.example/v2/events'
              }
              value={baseUrl}
              maxLength={CONNECTION_URL_MAX}
              onChange={(event) => setBaseUrl(event.currentTarget.value)}
            />
            <Select
              label="Authentication"
              data={AUTH_TYPES.map((t) => ({ value: t, label: AUTH_TYPE_LABELS[t] }))}
              value={authType}
              onChange={(value) => value && setAuthType(value)}
              allowDeselect={false}
            />
            <AuthFields
              authType={authType}
              headers={headers}
              setHeaders={setHeaders}
              oauth={oauth}
              setOAuth={setOAuth}
              storedOAuth={storedOAuth}
              sameType={sameType}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput
                label="Calls per minute"
                min={1}
                allowDecimal={false}
                value={perMinute}
                onChange={setPerMinute}
              />
              <NumberInput
                label="Calls per day"
                min={1}
                allowDecimal={false}
                value={perDay}
                onChange={setPerDay}
              />
            </SimpleGrid>
            <PushDeliveryFields
              kind={kind}
              baseUrl={baseUrl}
              value={push}
              onChange={setPush}
              callbackUrl={connection?.push.callbackUrl ?? null}
            />
            <Switch
              label="Enabled: the tracking engine uses it"
              checked={enabled}
              onChange={(event) => setEnabled(event.currentTarget.checked)}
            />
          </>
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={pending} disabled={!presetKey && !editing}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
