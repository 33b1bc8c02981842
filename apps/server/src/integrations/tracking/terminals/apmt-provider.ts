import type { Logger } from 'pino';
import type { ErrorClass } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import type { TerminalFacts } from '@tracklane/shared/terminal-availability/terminal-availability';
import {
  CarrierRateLimitedError,
  DcsaError,
  DEFAULT_MAX_BODY_BYTES,
  getWithCredentials,
  type HeaderSource,
} from '../dcsa/dcsa-provider';
import type { TerminalProvider } from '../provider';
import { containerKey, describeApmtIssues, parseApmtAnswer, toTerminalFacts } from './apmt-schema';

/**
 * A call to a terminal that failed, with the class the health view and "Test connection" show (the
 * classes carrier connections have: one health view for both). Never contains a credential.
 */
export class TerminalError extends DcsaError {
  override name = 'TerminalError';
}

/** The published API takes several containers per call; integrators report 50 as the most it serves. */
export const APMT_BATCH_SIZE = 50;
/** An answer for 50 containers is some 50 KB; anything near this is not one. */
const MAX_BODY_BYTES = Math.min(DEFAULT_MAX_BODY_BYTES, 2 * 1024 * 1024);

export interface ApmtOptions {
  /** The Import Availability endpoint, e.g. https://api.apmterminals.com/import-availability. */
  url: string;
  /** Credentials per request (an OAuth2 token, 30 minutes at APM Terminals), after the budget. */
  auth: HeaderSource;
  /** Named in errors and logs. */
  label: string;
  credentialsHint: string;
  logger: Pick<Logger, 'warn'>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

/**
 * APM Terminals' Import Availability API as a terminal provider: `GET <url>?assetId=A,B&facilityCode=X`
 * with a Bearer token. An answer is validated whole before anything of it is returned, so a partly
 * broken answer keeps nothing; a container it leaves out is one it does not know.
 */
export function createApmtProvider(options: ApmtOptions): TerminalProvider {
  return {
    source: 'apmt',
    batchSize: APMT_BATCH_SIZE,
    availability: (facility, containerNos, now) =>
      fetchImportAvailability(options, facility, containerNos, now),
  };
}

export async function fetchImportAvailability(
  options: ApmtOptions,
  facility: string,
  containerNos: readonly string[],
  now: Date,
): Promise<Map<string, TerminalFacts>> {
  const { label, logger } = options;
  const fail = (reason: string, errorClass: ErrorClass, cause?: unknown) =>
    new TerminalError(`${label}: ${reason.replace(/^the carrier\b/, 'the terminal')}`, errorClass, { cause });
  const refuse = (reason: string) => {
    logger.warn(
      { terminal: label, facility, reason },
      'terminal answer refused: not the Import Availability shape',
    );
    return fail(`the terminal's answer is not APM Terminals Import Availability (${reason})`, 'not_dcsa');
  };
  const asked = new Map(containerNos.map((c) => [containerKey(c), c]));
  const url = new URL(options.url);
  url.searchParams.set('assetId', [...asked.keys()].join(','));
  url.searchParams.set('facilityCode', facility);
  const connection = {
    fixed: new Headers({ accept: 'application/json' }),
    auth: options.auth,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
  };
  const response = await getWithCredentials(connection, url, fail, refuse, now);

  if (response.status === 401 || response.status === 403)
    throw fail(
      `the terminal connection's credentials were refused (HTTP ${String(response.status)}); ${options.credentialsHint}`,
      response.status === 401 ? 'wrong_credentials' : 'not_allowed',
    );
  if (response.status === 429)
    throw new CarrierRateLimitedError(
      `${label}: the terminal is rate-limiting us (HTTP 429); asking again after ${response.retryAt.toISOString()}`,
      response.retryAt,
    );
  // The API's own 400 is a request it will not serve: a facility it does not know, say.
  if (response.status === 400)
    throw fail(
      `the terminal refused the request for ${facility} (HTTP 400): check the terminals`,
      'not_allowed',
    );
  // Its 404 is "Bad URL", not "unknown container": a container it does not know is left out of a 200.
  if (response.status === 404)
    throw fail('the terminal answered HTTP 404 (bad URL): check the endpoint', 'unreachable');
  if (response.status >= 300 && response.status < 400)
    throw fail(
      `the terminal redirects elsewhere (HTTP ${String(response.status)}); update the endpoint`,
      'unreachable',
    );
  if (response.status !== 200)
    throw fail(`the terminal answered HTTP ${String(response.status)}`, 'unreachable');

  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    throw refuse('the body is not JSON');
  }
  const parsed = parseApmtAnswer(body);
  if (!parsed.success) throw refuse(describeApmtIssues(parsed.error));
  const records = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const answered = new Map<string, TerminalFacts>();
  for (const record of records) {
    const key = containerKey(record.containerId);
    const containerNo = asked.get(key);
    if (containerNo === undefined) throw refuse(`it answered for ${key}, which it was not asked about`);
    const facts = toTerminalFacts(record, facility);
    const earlier = answered.get(containerNo);
    if (earlier && JSON.stringify(earlier) !== JSON.stringify(facts))
      throw refuse(`it answered twice for ${key}, differently`);
    answered.set(containerNo, facts);
  }
  return answered;
}
