import { fakeCarrierURL } from '../playwright.config';

/** The fake carrier start-server.mjs runs (support/fake-carrier.mjs), with its test credentials. */
export const fakeCarrier = {
  eventsUrl: `${fakeCarrierURL}/v2/events`,
  tokenUrl: `${fakeCarrierURL}/oauth/token`,
  apiKey: 'e2e-consumer-key-0001',
  clientId: 'e2e-client-0001',
  clientSecret: 'e2e-client-secret-0001',
  container: 'MSKU1234565',
  /** A bill of lading the fake carrier knows, and the three containers it names on it. */
  bill: 'MAEU240011223',
  billContainers: ['MSKU7000013', 'MSKU7000029', 'MSKU7000034'],
};
