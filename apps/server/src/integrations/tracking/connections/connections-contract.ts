// What the organization connections offer their callers,  the helpers those callers share.
import type pg from 'pg';
import type { Logger } from 'pino';
import {
  type ErrorClass,
  type TestConnectionResult,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { subscriptionsUrlFor } from '@tracklane/shared/carrier-connections/carrier-push.schema';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { type CarrierConnectionRow } from '../../../db/schema/carrier-connections';
import type { JobQueue } from '../../../jobs/queue';
import { type SecretBox } from '../../../lib/secret-box';
import { DcsaError } from '../dcsa/dcsa-provider';
import { type SubscriptionRequest } from '../dcsa/dcsa-subscriptions';
import { ProviderDeferredError, type OrganizationConnections } from '../provider';
import { BudgetSpentError } from './budget';

export interface CarrierConnectionsDeps {
  db: Database;
  pool: pg.Pool;
  jobs: JobQueue;
  config: Pick<Config, 'secretsKeys' | 'publicUrl'>;
  logger: Pick<Logger, 'warn' | 'info'>;
  fetch?: typeof fetch;
  /** Per request to the carrier (and to its token URL). */
  timeoutMs?: number;
  maxBodyBytes?: number;
  /**
   * Told after a connection of an organization was created, changed, enabled, disabled or deleted
   * (once committed), so that the tracking engine can re-route that organization's containers of the
   * carrier. Its failure is logged, never the caller's.
   */
  onChanged?: (organizationId: string, carrierScac: string) => void | Promise<void>;
  /**
   * Told after a terminal connection of an organization changed (once committed): its terminal data
   * is recomputed and its containers at those terminals asked soon. Its failure is logged too.
   */
  onTerminalsChanged?: (organizationId: string) => void | Promise<void>;
}

/** The organization connections the tracking engine asks, and what the settings routes need besides. */
export interface CarrierConnections extends OrganizationConnections {
  /** The secret box of SECRETS_KEY; a clear 409 when the installation has none. */
  secretBox(): SecretBox;
  /** Asks the carrier for one reference (or a container that does not exist) and says how it went. */
  test(row: CarrierConnectionRow, reference: string | undefined, now?: Date): Promise<TestConnectionResult>;
  /** After a change committed: drops this process's token and tells the engine. */
  changed(row: Pick<CarrierConnectionRow, 'id' | 'organizationId' | 'carrier' | 'kind'>): Promise<void>;
  /** The connection's DCSA event subscriptions at its carrier (push delivery). */
  subscriber(row: CarrierConnectionRow): ConnectionSubscriber;
}

/**
 * A connection's DCSA 2.2 event subscriptions: every call takes one from the connection's budget (a
 * spent budget throws BudgetSpentError) and writes its health, as a poll does.
 */
export interface ConnectionSubscriber {
  /** The carrier's `/event-subscriptions` endpoint: the one set, else the one beside the events URL. */
  subscriptionsUrl: string | null;
  /** Where the carrier sends the events: PUBLIC_URL's callback path for this connection. */
  callbackUrl: string;
  /** Creates a subscription for one reference with its secret (base64): the carrier's subscription id. */
  create(
    request: Pick<SubscriptionRequest, 'secret' | 'referenceType' | 'reference'>,
    now: Date,
  ): Promise<string>;
  remove(subscriptionId: string, now: Date): Promise<'deleted' | 'gone'>;
}

/** The `/event-subscriptions` endpoint a connection uses: the one set, else the one beside its events URL. */
export function subscriptionsUrlOf(row: Pick<CarrierConnectionRow, 'subscriptionsUrl' | 'baseUrl'>) {
  return row.subscriptionsUrl ?? subscriptionsUrlFor(row.baseUrl);
}

/** A failure's class and the words the health view and the test show (never a credential). */
export function classify(error: unknown): { errorClass: ErrorClass; message: string } {
  const words = (e: Error) => e.message.replace(/^(DCSA [A-Z]{4}|APM Terminals): /, '');
  if (error instanceof BudgetSpentError) return { errorClass: 'rate_limited', message: words(error) };
  if (error instanceof ProviderDeferredError) return { errorClass: 'rate_limited', message: words(error) };
  if (error instanceof DcsaError) return { errorClass: error.errorClass, message: words(error) };
  return {
    errorClass: 'unreachable',
    message: error instanceof Error ? words(error) : 'the call failed for an unknown reason',
  };
}

/** ISO 6346: the check digit of an owner code, category and serial number (10 characters). */
export function withCheckDigit(first10: string): string {
  const value = (c: string) => {
    if (/\d/.test(c)) return Number(c);
    // Letters count from 10, skipping multiples of 11.
    let v = 10;
    for (let code = 'A'.charCodeAt(0); code < c.charCodeAt(0); code++) {
      v++;
      if (v % 11 === 0) v++;
    }
    return v;
  };
  const sum = [...first10].reduce((total, c, i) => total + value(c) * 2 ** i, 0);
  return `${first10}${String((sum % 11) % 10)}`;
}
