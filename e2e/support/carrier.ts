import { fakeCarrierURL, fakeTerminalURL } from '../playwright.config';

/** The fake carrier start-server.mjs runs (support/fake-carrier.mjs), with its test credentials. */
export const fakeCarrier = {
  eventsUrl: `${fakeCarrierURL}/v2/events`,
  subscriptionsUrl: `${fakeCarrierURL}/v2/event-subscriptions`,
  /** Sends a new event of a container to its subscribers (support/fake-carrier.mjs). */
  pushUrl: `${fakeCarrierURL}/_fake/push`,
  tokenUrl: `${fakeCarrierURL}/oauth/token`,
  apiKey: 'e2e-consumer-key-0001',
  clientId: 'e2e-client-0001',
  clientSecret: 'e2e-client-secret-0001',
  container: 'MSKU1234565',
  /** Discharged at Los Angeles: the first held by customs there, the second ready for delivery. */
  atLosAngeles: ['MSKU7000013', 'MSKU7000029'] as const,
  /** A bill of lading the fake carrier knows, and the three containers it names on it. */
  bill: 'MAEU240011223',
  billContainers: ['MSKU7000409', 'MSKU7000414', 'MSKU7000420'],
  /** Answered like `container`; `pushUrl` with `{ reference, eta }` announces a new arrival estimate. */
  liveEta: 'MSKU7800042',
};

/** The fake APM Terminals Import Availability API (support/fake-terminal.mjs), with its credentials. */
export const fakeTerminal = {
  availabilityUrl: `${fakeTerminalURL}/import-availability`,
  tokenUrl: `${fakeTerminalURL}/oauth/client_credential/accesstoken?grant_type=client_credentials`,
  clientId: 'e2e-apmt-consumer-key-0001',
  clientSecret: 'e2e-apmt-consumer-secret-0001',
};
