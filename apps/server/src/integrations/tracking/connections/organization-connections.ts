import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  isContainerNumber,
  isTerminalKind,
  TERMINAL_KINDS,
  TERMINAL_OPERATORS,
  type TestConnectionResult,
} from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { carrierCallbackUrl } from '@tracklane/shared/carrier-connections/carrier-push.schema';
import {
  carrierConnections,
  type CarrierConnectionRow,
  type ConnectionSecrets,
} from '../../../db/schema/carrier-connections';
import { organizationMembers, organizations } from '../../../db/schema/organizations';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../lib/app-error';
import { createSecretBox } from '../../../lib/secret-box';
import { withTransaction } from '../../../lib/transaction';
import { connectionFailingMail } from '../../mail/carrier-connection-template';
import { queueMail } from '../../mail/mailer';
import {
  CarrierRateLimitedError,
  dcsaConnection,
  DCSA_SOURCE,
  DcsaError,
  fetchDcsaEvents,
  trackDcsaBill,
  trackDcsaContainer,
  type DcsaFilters,
  type HeaderSource,
} from '../dcsa/dcsa-provider';
import { createDcsaSubscription, deleteDcsaSubscription } from '../dcsa/dcsa-subscriptions';
import { type OceanProvider, type TerminalConnection, type TerminalProvider } from '../provider';
import { createApmtProvider, fetchImportAvailability } from '../terminals/apmt-provider';
import { BudgetSpentError, holdCalls, spendCall } from './budget';
import { createTokenCache, type TokenCache } from './oauth2-tokens';
import { inOrganization } from '../../../tenancy/scope';
import {
  classify,
  withCheckDigit,
  subscriptionsUrlOf,
  type CarrierConnections,
  type CarrierConnectionsDeps,
} from './connections-contract';

export const NO_SECRETS_KEY =
  'Carrier connections need a SECRETS_KEY on this installation to keep credentials encrypted, and it has none. Ask the operator to set SECRETS_KEY (see the README) and restart Tracklane.';

const CREDENTIALS_HINT = 'check its credentials under Carrier connections in the workspace settings';

/** How a connection is named in errors, logs and the health view's words. */
const labelOf = (row: Pick<CarrierConnectionRow, 'kind' | 'carrier'>) =>
  isTerminalKind(row.kind) ? TERMINAL_OPERATORS[row.kind].name : `DCSA ${row.carrier}`;

/** Asked for by a test without a reference: a well-formed container number no carrier has. */
export const PROBE_CONTAINER = withCheckDigit('TLNU000000');

/** Health is written once a call is done; one a day without success e-mails the admins once. */
const FAILING_MAIL_AFTER = sql`interval '1 day'`;

/** Connections of organizations, as providers of ocean events (see {@link CarrierConnectionsDeps}). */
export function createOrganizationConnections(deps: CarrierConnectionsDeps): CarrierConnections {
  const tokens: TokenCache = createTokenCache({
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  const box = deps.config.secretsKeys ? createSecretBox(deps.config.secretsKeys) : null;
  const secretBox = () => {
    if (!box) throw new AppError('CONFLICT', NO_SECRETS_KEY);
    return box;
  };

  const nameOf = (row: CarrierConnectionRow) => `${row.carrier}${row.label ? ` (${row.label})` : ''}`;

  const secretsOf = (row: CarrierConnectionRow): ConnectionSecrets => {
    if (!row.secrets) return {};
    if (!box) throw new Error(`carrier connection ${row.id}: its secrets cannot be read without SECRETS_KEY`);
    return JSON.parse(box.open(row.secrets, row.id)) as ConnectionSecrets;
  };

  /** Every request first takes a call from the budget, then its credentials. */
  const headerSource = (row: CarrierConnectionRow): HeaderSource => {
    const label = labelOf(row);
    const budget = { connectionId: row.id, perMinute: row.perMinute, perDay: row.perDay };
    const auth = row.auth;
    const secrets = secretsOf(row);
    if (auth.type !== 'oauth2-client-credentials')
      return {
        async headers() {
          await spendCall(deps.pool, budget, label);
          return auth.type === 'headers' ? { ...secrets.headers } : {};
        },
      };
    const credentials = {
      tokenUrl: auth.tokenUrl,
      clientId: secrets.clientId ?? '',
      clientSecret: secrets.clientSecret ?? '',
      scope: auth.scope,
    };
    return {
      async headers() {
        await spendCall(deps.pool, budget, label);
        return { authorization: `Bearer ${await tokens.token(row.id, credentials, label)}` };
      },
      async renew(refused) {
        tokens.invalidate(row.id, refused.authorization?.replace(/^Bearer /, ''));
        await tokens.token(row.id, credentials, label);
      },
    };
  };

  const connectionFor = (row: CarrierConnectionRow) =>
    dcsaConnection({
      scac: row.carrier,
      eventsUrl: row.baseUrl,
      auth: headerSource(row),
      credentialsHint: CREDENTIALS_HINT,
      logger: deps.logger,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.maxBodyBytes ? { maxBodyBytes: deps.maxBodyBytes } : {}),
    });

  const recordSuccess = async (row: CarrierConnectionRow) => {
    await deps.db
      .update(carrierConnections)
      .set({ lastSuccessAt: sql`now()`, failingSince: null, failureMailedAt: null })
      .where(eq(carrierConnections.id, row.id));
  };

  /** The failure's class and words in the health view; the admins' e-mail once it has lasted a day. */
  const recordFailure = async (row: CarrierConnectionRow, error: unknown) => {
    const { errorClass, message } = classify(error);
    await withTransaction(deps.pool, async (t) => {
      const [updated] = await t.tx
        .update(carrierConnections)
        .set({
          lastErrorAt: sql`now()`,
          lastErrorClass: errorClass,
          lastErrorMessage: message,
          failingSince: sql`coalesce(${carrierConnections.failingSince}, now())`,
          failureMailedAt: sql`CASE WHEN ${carrierConnections.failureMailedAt} IS NULL AND ${carrierConnections.failingSince} <= now() - ${FAILING_MAIL_AFTER} THEN now() ELSE ${carrierConnections.failureMailedAt} END`,
        })
        .where(eq(carrierConnections.id, row.id))
        .returning({
          mailNow: sql<boolean>`${carrierConnections.failureMailedAt} = now()`,
          failingSince: carrierConnections.failingSince,
        });
      if (!updated?.mailNow) return;
      const admins = await t.tx
        .select({ email: users.email, firstName: users.firstName, organizationName: organizations.name })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(
          and(
            inOrganization(row, organizationMembers),
            eq(organizationMembers.role, 'company_admin'),
            eq(users.enabled, true),
          ),
        );
      for (const admin of admins)
        await queueMail(
          t,
          deps.jobs,
          connectionFailingMail(admin.email, {
            firstName: admin.firstName,
            organizationName: admin.organizationName,
            connectionName: nameOf(row),
            since: updated.failingSince ?? new Date(),
            lastError: message,
            settingsUrl: `${deps.config.publicUrl}/workspace-settings/carrier-connections`,
          }),
        );
    });
  };

  /** Runs one use of the connection, writing its health: a spent budget is no failure of the carrier. */
  const observed = async <T>(row: CarrierConnectionRow, work: () => Promise<T>): Promise<T> => {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (!(error instanceof BudgetSpentError))
        await recordFailure(row, error).catch((err: unknown) =>
          deps.logger.warn({ err, connectionId: row.id }, 'could not record a carrier connection failure'),
        );
      // A 429 holds every call of the connection, not only this container's, until its Retry-After.
      if (error instanceof CarrierRateLimitedError)
        await holdCalls(deps.pool, row.id, error.retryAt).catch((err: unknown) =>
          deps.logger.warn({ err, connectionId: row.id }, 'could not hold a rate-limited connection'),
        );
      throw error;
    }
    await recordSuccess(row).catch((err: unknown) =>
      deps.logger.warn({ err, connectionId: row.id }, 'could not record a carrier connection success'),
    );
    return result;
  };

  const providerFor = (row: CarrierConnectionRow): OceanProvider => ({
    source: DCSA_SOURCE,
    track: (query, now) => observed(row, () => trackDcsaContainer(connectionFor(row), query, now)),
    bill: (query, now) => observed(row, () => trackDcsaBill(connectionFor(row), query, now)),
  });

  /** A terminal connection's API (APM Terminals' Import Availability), through the same budget and health. */
  const terminalOptionsFor = (row: CarrierConnectionRow) => ({
    url: row.baseUrl,
    auth: headerSource(row),
    label: labelOf(row),
    credentialsHint: CREDENTIALS_HINT,
    logger: deps.logger,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.maxBodyBytes ? { maxBodyBytes: deps.maxBodyBytes } : {}),
  });

  const terminalProviderFor = (row: CarrierConnectionRow): TerminalProvider => {
    const api = createApmtProvider(terminalOptionsFor(row));
    return {
      ...api,
      availability: (facility, containerNos, now) =>
        observed(row, () => api.availability(facility, containerNos, now)),
    };
  };

  /** Asks the terminal about one container (or one nobody has) at the connection's first terminal. */
  const testTerminal = async (
    row: CarrierConnectionRow,
    reference: string | undefined,
    now: Date,
  ): Promise<TestConnectionResult> => {
    if (reference && !isContainerNumber(reference))
      throw new AppError('VALIDATION', 'Enter a container number to test a terminal connection.');
    const facility = row.terminals[0];
    if (!facility) throw new AppError('VALIDATION', 'This terminal connection names no terminal.');
    const box = reference ?? PROBE_CONTAINER;
    try {
      const answer = await observed(row, () =>
        fetchImportAvailability(terminalOptionsFor(row), facility, [box], now),
      );
      if (!reference)
        return {
          outcome: 'works',
          message: `The terminal accepted the credentials and answered for ${facility} (asked for ${PROBE_CONTAINER}, a container that does not exist).`,
          events: 0,
        };
      return answer.has(box)
        ? { outcome: 'works', message: `The terminal answered for ${box} at ${facility}.`, events: 1 }
        : {
            outcome: 'works',
            message: `The terminal accepted the credentials; it does not know ${box} at ${facility}.`,
            events: 0,
          };
    } catch (error) {
      const { errorClass, message } = classify(error);
      return { outcome: errorClass, message, events: 0 };
    }
  };

  return {
    secretBox,

    async oceanProvider(organizationId, carrierScac, db = deps.db) {
      const [row] = await db
        .select()
        .from(carrierConnections)
        .where(
          and(
            inOrganization({ organizationId }, carrierConnections),
            eq(carrierConnections.carrier, carrierScac.toUpperCase()),
            eq(carrierConnections.kind, 'dcsa-tnt-2.2'),
            eq(carrierConnections.enabled, true),
          ),
        )
        .limit(1);
      return row ? providerFor(row) : null;
    },

    async terminalConnections(organizationIds): Promise<TerminalConnection[]> {
      if (organizationIds.length === 0) return [];
      const rows = await deps.db
        .select()
        .from(carrierConnections)
        .where(
          and(
            inArray(carrierConnections.organizationId, [...organizationIds]),
            inArray(carrierConnections.kind, [...TERMINAL_KINDS]),
            eq(carrierConnections.enabled, true),
          ),
        );
      return rows.map((row) => ({
        organizationId: row.organizationId,
        connectionId: row.id,
        terminals: row.terminals,
        provider: terminalProviderFor(row),
      }));
    },

    async test(row, reference, now = new Date()) {
      const ref = reference?.replace(/[\s-]/g, '').toUpperCase() || undefined;
      if (isTerminalKind(row.kind)) return testTerminal(row, ref, now);
      const filters: DcsaFilters = !ref
        ? { equipmentReference: PROBE_CONTAINER }
        : isContainerNumber(ref)
          ? { equipmentReference: ref }
          : { transportDocumentReference: ref };
      try {
        const answer = await observed(row, () => fetchDcsaEvents(connectionFor(row), filters, now));
        if (!ref)
          return {
            outcome: 'works',
            message: `The carrier accepted the credentials and answered in DCSA Track & Trace 2.2 (asked for ${PROBE_CONTAINER}, a container that does not exist).`,
            events: 0,
          };
        if (answer.status === 'not_found')
          return {
            outcome: 'works',
            message: `The carrier accepted the credentials; it has no events for ${ref}.`,
            events: 0,
          };
        return {
          outcome: 'works',
          message: `The carrier answered with ${String(answer.events.length)} event${answer.events.length === 1 ? '' : 's'} for ${ref}.`,
          events: answer.events.length,
        };
      } catch (error) {
        const { errorClass, message } = classify(error);
        return { outcome: errorClass, message, events: 0 };
      }
    },

    subscriber(row) {
      const subscriptionsUrl = subscriptionsUrlOf(row);
      const callbackUrl = carrierCallbackUrl(deps.config.publicUrl, row.id);
      const endpoint = () => {
        if (!subscriptionsUrl)
          throw new DcsaError(
            `DCSA ${row.carrier}: the connection has no event-subscriptions endpoint`,
            'not_allowed',
          );
        return subscriptionsUrl;
      };
      return {
        subscriptionsUrl,
        callbackUrl,
        create: (request, now) =>
          observed(row, () =>
            createDcsaSubscription(
              connectionFor(row),
              { ...request, subscriptionsUrl: endpoint(), callbackUrl },
              now,
            ),
          ),
        remove: (subscriptionId, now) =>
          observed(row, () => deleteDcsaSubscription(connectionFor(row), endpoint(), subscriptionId, now)),
      };
    },

    async changed(row) {
      tokens.forget(row.id);
      try {
        if (isTerminalKind(row.kind)) await deps.onTerminalsChanged?.(row.organizationId);
        else await deps.onChanged?.(row.organizationId, row.carrier);
      } catch (err) {
        deps.logger.warn(
          { err, connectionId: row.id },
          'the tracking engine could not re-route after a connection change',
        );
      }
    },
  };
}
