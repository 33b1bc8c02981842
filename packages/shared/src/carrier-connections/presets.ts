import type { AuthType, ConnectionKind } from './carrier-connections.schema';

/**
 * Carriers that publish DCSA Track & Trace 2.x, as a starting point for a connection. `baseUrl` is set
 * only where the carrier's events endpoint could be confirmed from public material; otherwise it is
 * empty and the hint says where to copy it from. Any other DCSA 2.2 endpoint can be entered by hand.
 */
export interface CarrierPreset {
  carrier: string;
  name: string;
  /** The DCSA T&T events endpoint, or '' when it could not be confirmed. */
  baseUrl: string;
  authType: AuthType;
  /** The header names a `headers` connection sends (values are the admin's credentials). */
  headerNames: string[];
  /** One line on how to obtain credentials (and, where unconfirmed, where to find the URL). */
  hint: string;
}

export const CARRIER_PRESETS: readonly CarrierPreset[] = [
  {
    carrier: 'MAEU',
    name: 'Maersk',
    baseUrl: 'https://api.maersk.com/track-and-trace-private/events',
    authType: 'headers',
    headerNames: ['Consumer-Key'],
    hint: 'Create an app with the Track & Trace Events product on developer.maersk.com; its Consumer Key goes in Consumer-Key.',
  },
  {
    carrier: 'HLCU',
    name: 'Hapag-Lloyd',
    baseUrl: 'https://api.hlag.com/hlag/external/v2/events',
    authType: 'headers',
    headerNames: ['X-IBM-Client-Id', 'X-IBM-Client-Secret'],
    hint: 'Register on api-portal.hlag.com, create an application and subscribe it to Track & Trace; use its Client ID and Client Secret.',
  },
  {
    carrier: 'CMDU',
    name: 'CMA CGM',
    baseUrl: 'https://apis.cma-cgm.net/operation/trackandtrace/v1/events',
    authType: 'headers',
    headerNames: ['KeyId'],
    hint: 'Request access to the Track & Trace API on the CMA CGM API portal (api-portal.cma-cgm.com); the API key goes in KeyId.',
  },
  {
    carrier: 'MSCU',
    name: 'MSC',
    baseUrl: '',
    authType: 'headers',
    headerNames: [],
    hint: 'Apply for the Track & Trace API at msc.com (Digital solutions → APIs); the events URL and the key header come with access (neither is published: not confirmed here).',
  },
  {
    carrier: 'ONEY',
    name: 'ONE',
    baseUrl: '',
    authType: 'headers',
    headerNames: [],
    hint: 'Apply on ONE’s API portal for the DCSA Track & Trace API; the events URL and the key header come with access (not confirmed here).',
  },
  {
    carrier: 'EGLV',
    name: 'Evergreen',
    baseUrl: '',
    authType: 'oauth2-client-credentials',
    headerNames: [],
    hint: 'Ask Evergreen (ShipmentLink) for partner API access to DCSA Track & Trace; the events and token URLs come with it (not confirmed here).',
  },
  {
    carrier: 'ZIMU',
    name: 'ZIM',
    baseUrl: '',
    authType: 'headers',
    headerNames: ['Ocp-Apim-Subscription-Key'],
    hint: 'Sign up on api.zim.com and subscribe to the Track & Trace product; copy the events URL and subscription key from there (URL not confirmed here).',
  },
  {
    carrier: 'HDMU',
    name: 'HMM',
    baseUrl: '',
    authType: 'headers',
    headerNames: [],
    hint: 'Request DCSA Track & Trace access from HMM’s API programme; the events URL and the key header come with it (not confirmed here).',
  },
  {
    carrier: 'YMLU',
    name: 'Yang Ming',
    baseUrl: '',
    authType: 'headers',
    headerNames: [],
    hint: 'Request DCSA Track & Trace access from Yang Ming’s e-service API team; the events URL and the key header come with it (not confirmed here).',
  },
];

/**
 * Terminal availability connections (ADR 0039), stored under their operator's code. Each preset is
 * chosen by its `key`; production and sandbox share the operator.
 */
export interface TerminalPreset extends CarrierPreset {
  key: string;
  kind: Exclude<ConnectionKind, 'dcsa-tnt-2.2'>;
  /** The OAuth2 token URL, when the terminal issues tokens. */
  tokenUrl: string;
  /** Terminals to start with (the sandbox's test facility). */
  terminals: string[];
}

export const TERMINAL_PRESETS: readonly TerminalPreset[] = [
  {
    key: 'APMT',
    carrier: 'APMT',
    name: 'APM Terminals',
    kind: 'apmt-import-availability',
    baseUrl: 'https://api.apmterminals.com/import-availability',
    authType: 'oauth2-client-credentials',
    tokenUrl:
      'https://api.apmterminals.com/oauth/client_credential/accesstoken?grant_type=client_credentials',
    headerNames: [],
    terminals: [],
    hint: 'Sign up on developer.apmterminals.com, accept a plan and register an app with Import Availability: its Consumer Key and Consumer Secret are the client ID and secret (tokens last 30 minutes).',
  },
  {
    key: 'APMT-SANDBOX',
    carrier: 'APMT',
    name: 'APM Terminals sandbox',
    kind: 'apmt-import-availability',
    baseUrl: 'https://api-sandbox.apmterminals.com/import-availability',
    authType: 'none',
    tokenUrl: '',
    headerNames: [],
    terminals: ['USLAX'],
    hint: 'Test data only, at USLAX: try WFHU5080179, EGHU9044403, TRLU7641472, HMCU9188157 or MRKU2121896. If the sandbox asks for credentials, use your app’s OAuth2 client ID and secret.',
  },
];

export function terminalPresetFor(key: string): TerminalPreset | undefined {
  return TERMINAL_PRESETS.find((p) => p.key === key.toUpperCase());
}

/** A carrier's preset, or a terminal operator's (its production one) by the code it is stored under. */
export function presetFor(carrier: string): CarrierPreset | undefined {
  const code = carrier.toUpperCase();
  return CARRIER_PRESETS.find((p) => p.carrier === code) ?? TERMINAL_PRESETS.find((p) => p.carrier === code);
}
