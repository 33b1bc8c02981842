import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { canDefineAlertRules } from '@tracklane/shared/alerts/alerts.policy';
import { WORKSPACE_HEADER } from '@tracklane/shared/api/workspace-header';
import {
  canCreateShipments,
  canManageOrganization,
  canViewShipments,
} from '@tracklane/shared/organizations/organizations.policy';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema/users';
import type { ShareLinkRow, ShipmentShareRow } from '../db/schema/sharing';
import { findShareFor, resolveShareLink } from '../modules/sharing/share-access';
import type {
  CarrierCallbackGate,
  CarrierCallbackPrincipal,
} from '../modules/ocean-shipments/carrier-connections/carrier-callback-access';
import { AppError } from '../lib/app-error';
import {
  publishedInRequest,
  type RealtimeEvent,
  type RealtimeHub,
} from '../integrations/realtime/realtime-hub';
import { loadTenant, type Tenant } from '../tenancy/tenant';
import { ensureTenant, SelectionChangedError } from '../tenancy/selection';
import {
  clearSessionCookies,
  resolveSessionAndTenant,
  SESSION_COOKIE,
  sessionTokenHash,
  type ResolvedSession,
} from './session';
import { createSessionCache } from './session-cache';
import { authenticateApiKey, type ApiKeyPrincipal } from './api-key-auth';

/**
 * Who may call a route. Every route declares one; there is no default.
 * - `public`: anyone.
 * - `user`: a signed-in user with a live session.
 * - `self`: a signed-in user acting on their own data: the `userId` the call names (query or body,
 *   as spec §7 sends it) must be theirs; another user's id is refused with 403.
 * - `member`: a user working in a workspace they belong to (the session's server-side selection).
 * - `admin`: a member who is company_admin of that workspace's organization.
 * - `shipments:view`: a member whose shipmentPermission lets them see shipments (spec §6: 0 or 1).
 * - `shipments:change`: a member who may add and change shipments (spec §6: 0).
 * - `alerts`: a member who may define alert rules: a company admin (the workspace's rules), or a
 *   member who may add and change shipments (their own rules only; the service scopes them).
 * - `key:read`: an API key (`Authorization: Bearer`) of any scope, whose workspace it acts in; its
 *   creator must still be an admin there who may see shipments. Only under `/api/v1/`.
 * - `key:write`: a read-write API key whose creator may add and change shipments. Only under `/api/v1/`.
 * - `share:recipient`: a signed-in user to whom the live share named by the `overallId` path parameter
 *   is addressed (their e-mail address); any other share, or a revoked one, is not found. In no workspace.
 * - `share:link`: anyone holding a live public share link (the `token` path parameter), no session read:
 *   an unknown token is not found, a revoked or expired one gone (410). Rate limited per route.
 * - `carrier:callback`: a carrier delivering pushed events to a connection's callback URL (the
 *   `connectionId` path parameter), no cookie read: a connection that is unknown, disabled or not set
 *   to push is not found; calls are rate limited per connection; a POST's raw body must carry DCSA's
 *   `Notification-Signature` under the secret of the subscription named in `Subscription-ID` (401
 *   otherwise), checked before the handler runs. The HEAD check carries no body and needs none.
 *
 * Cookies and keys never mix: key levels read only the Authorization header, every other level only
 * the session cookie, and `/api/v1/` routes must declare a key level (checked at boot).
 */
export const ACCESS_LEVELS = [
  'public',
  'user',
  'self',
  'member',
  'admin',
  'shipments:view',
  'shipments:change',
  'alerts',
  'key:read',
  'key:write',
  'share:recipient',
  'share:link',
  'carrier:callback',
] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
/** Levels an API key passes, never a session. */
export const KEY_ACCESS_LEVELS = ['key:read', 'key:write'] as const satisfies readonly Access[];
export type KeyAccess = (typeof KEY_ACCESS_LEVELS)[number];
const isKeyAccess = (access: Access): access is KeyAccess =>
  (KEY_ACCESS_LEVELS as readonly string[]).includes(access);
/** The versioned public API: keys only. */
export const PUBLIC_API_PREFIX = '/api/v1/';
/** Levels that need a signed-in user: their handlers get a non-null `request.user`. */
export type SignedInAccess = Exclude<Access, 'public' | 'share:link' | 'carrier:callback'>;
/** Levels of a browser session: their handlers get a non-null `request.sessionId`. */
export type SessionAccess = Exclude<SignedInAccess, KeyAccess>;
/** Levels that work in the session's workspace: their handlers get a non-null `request.tenant`. */
export type TenantAccess = Exclude<SignedInAccess, 'user' | 'self' | 'share:recipient'>;

export const NO_SHIPMENT_ACCESS = 'You do not have access to shipments in this workspace.';
export const VIEW_ONLY_SHIPMENTS =
  'You can view shipments but not add them. Ask a company admin for permission.';
export const NO_ALERT_RULES =
  'Only company admins and members who may add shipments can set up alert rules. Ask a company admin.';
const NOT_YOURS = 'You can only read and change your own notifications and settings.';
const NO_WORKSPACE = 'You are not a member of any workspace. Ask an admin for an invitation.';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  // Same type parameters as Fastify's own declaration (merging requires identical ones, used or not):
  // the route's `config` decides whether `user` and `tenant` can be null in its handler, so a handler
  // neither checks for them nor can forget to.
  /* eslint-disable @typescript-eslint/no-unused-vars */
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<
      TypeProvider,
      SchemaCompiler,
      RouteGeneric
    >,
  > {
    /** The signed-in user (for a key: the admin who made it); set for every level but `public`. */
    user: ContextConfig extends { access: SignedInAccess } ? UserRow : UserRow | null;
    sessionId: ContextConfig extends { access: SessionAccess } ? string : string | null;
    /** When the session ends by itself (open sockets are closed then). */
    sessionExpiresAt: ContextConfig extends { access: SessionAccess } ? Date : Date | null;
    /** The API key of a key-level route. */
    apiKey: ContextConfig extends { access: KeyAccess } ? ApiKeyPrincipal : ApiKeyPrincipal | null;
    /** The workspace the session had selected when the request arrived (not yet checked). */
    currentWorkspaceId: string | null;
    /** Organization, workspace, role and shipmentPermission; set for every level of {@link TenantAccess}. */
    tenant: ContextConfig extends { access: TenantAccess } ? Tenant : Tenant | null;
    /** The share of a `share:recipient` route, addressed to the signed-in user. */
    share: ContextConfig extends { access: 'share:recipient' } ? ShipmentShareRow : ShipmentShareRow | null;
    /** The live public link of a `share:link` route. */
    shareLink: ContextConfig extends { access: 'share:link' } ? ShareLinkRow : ShareLinkRow | null;
    /** The connection (and, for a POST, the subscription that signed the body) of a `carrier:callback` route. */
    carrierCallback: ContextConfig extends { access: 'carrier:callback' }
      ? CarrierCallbackPrincipal
      : CarrierCallbackPrincipal | null;
  }
  /* eslint-enable @typescript-eslint/no-unused-vars */
}

export interface AccessOptions {
  db: Database;
  realtime: RealtimeHub;
  /** How long a process trusts a session it resolved (0: never), between changes it hears of. */
  sessionCacheMs: number;
  /** Requests per minute each API key may make. */
  apiKeyRatePerMinute: number;
  /** Finds and checks the caller of a `carrier:callback` route. */
  carrierCallbacks: CarrierCallbackGate;
}

export class MissingAccessError extends Error {
  override name = 'MissingAccessError';
}

/** Why this tenant may not use a route of this level (the message the UI shows), or null when it may. */
function refusalFor(access: TenantAccess, tenant: Tenant): string | null {
  switch (access) {
    case 'member':
      return null;
    case 'admin':
      return canManageOrganization(tenant.role) ? null : 'Only company admins can do this.';
    case 'shipments:view':
      return canViewShipments(tenant.shipmentPermission) ? null : NO_SHIPMENT_ACCESS;
    case 'shipments:change':
      if (canCreateShipments(tenant.shipmentPermission)) return null;
      return canViewShipments(tenant.shipmentPermission) ? VIEW_ONLY_SHIPMENTS : NO_SHIPMENT_ACCESS;
    case 'alerts':
      return canDefineAlertRules(tenant.role, tenant.shipmentPermission) ? null : NO_ALERT_RULES;
    case 'key:read':
    case 'key:write':
      return null;
  }
}

/** Why this key may not use a route of this level, or null when it may (its creator's rights cap it). */
function keyRefusalFor(access: KeyAccess, key: ApiKeyPrincipal, tenant: Tenant): string | null {
  if (!canManageOrganization(tenant.role)) return KEY_CREATOR_NOT_ADMIN;
  if (access === 'key:read')
    return canViewShipments(tenant.shipmentPermission) ? null : KEY_CREATOR_NO_SHIPMENTS;
  if (key.scope !== 'read_write') return READ_ONLY_KEY;
  return canCreateShipments(tenant.shipmentPermission) ? null : KEY_CREATOR_NO_SHIPMENTS;
}

const READ_ONLY_KEY = 'This API key is read-only. Create a read-write key to add or archive shipments.';
const KEY_CREATOR_NOT_ADMIN =
  'The admin who created this API key is no longer an admin of its workspace. Create a new key.';
const KEY_CREATOR_NO_SHIPMENTS =
  'The admin who created this API key may no longer work with shipments here. Create a new key.';
const KEY_ON_SESSION_ROUTE = 'API keys work only under /api/v1/. This route needs a signed-in session.';

/** The workspace the calling page shows ({@link WORKSPACE_HEADER}), or null when the caller sent none. */
function workspaceShown(request: FastifyRequest): string | null {
  const value = request.headers[WORKSPACE_HEADER.toLowerCase()];
  if (value === undefined || value === '') return null;
  return Array.isArray(value) ? value.join(',') : value;
}

const publishedBy = new WeakMap<FastifyRequest, RealtimeEvent[]>();

/**
 * Deny by default: a route registered without `config.access` stops the server from starting,
 * and the declared level is checked before any handler runs.
 */
export const accessPlugin = fp(
  (app: FastifyInstance, opts: AccessOptions) => {
    const cache = createSessionCache(opts.realtime, opts.sessionCacheMs);
    app.addHook('onClose', () => cache.close());

    /**
     * Reads go through the cache; writes always read the database, so a change is never made on the
     * strength of a copy, and they never wait for a notification of their own.
     */
    const resolve = async (request: FastifyRequest): Promise<ResolvedSession | null> => {
      const tokenHash = sessionTokenHash(request);
      if (!tokenHash) return null;
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (read) {
        const cached = cache.get(tokenHash);
        if (cached) return cached;
      }
      const ticket = cache.ticket();
      const session = await resolveSessionAndTenant(opts.db, tokenHash);
      if (session && read) cache.set(tokenHash, session, ticket);
      return session;
    };

    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('sessionExpiresAt', null);
    app.decorateRequest('tenant', null);
    app.decorateRequest('currentWorkspaceId', null);
    app.decorateRequest('apiKey', null);
    app.decorateRequest('share', null);
    app.decorateRequest('shareLink', null);
    app.decorateRequest('carrierCallback', null);

    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access || !(ACCESS_LEVELS as readonly string[]).includes(access)) {
        const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
        throw new MissingAccessError(
          `Route ${methods} ${route.url} declares no access level (config.access must be one of ${ACCESS_LEVELS.join(', ')}).`,
        );
      }
      if (isKeyAccess(access) !== route.url.startsWith(PUBLIC_API_PREFIX)) {
        throw new MissingAccessError(
          `Route ${route.url}: key levels are for ${PUBLIC_API_PREFIX} routes only, and those routes take keys only.`,
        );
      }
    });

    /**
     * Where a session's request works. Each tab works in the workspace it shows (ADR 36), checked
     * against the user's memberships; the session's selection is where a tab without one starts. A
     * page showing a workspace the user no longer belongs to is told so (409), whatever it may do here.
     */
    const tenantOf = async (request: FastifyRequest, session: ResolvedSession): Promise<Tenant> => {
      const shown = workspaceShown(request);
      if (shown !== null) {
        if (shown === session.tenant?.workspaceId) return session.tenant;
        const tenant = z.uuid().safeParse(shown).success
          ? await loadTenant(opts.db, session.user.id, shown)
          : null;
        if (!tenant) throw new AppError('SELECTION_CHANGED');
        return tenant;
      }
      const write = request.method !== 'GET' && request.method !== 'HEAD';
      const selected =
        session.tenant ??
        (await ensureTenant(opts.db, { ...session, userId: session.user.id }, { write }).catch(
          (err: unknown) => {
            if (err instanceof SelectionChangedError) throw new AppError('SELECTION_CHANGED');
            throw err;
          },
        ));
      if (!selected) throw new AppError('FORBIDDEN', NO_WORKSPACE);
      return selected;
    };

    // onRequest: anonymous callers are turned away before their body is even parsed.
    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.access;
      // `undefined` only for the not-found handler, which has no route.
      // A share link is resolved in preHandler, after the route's rate limit (a route-level onRequest
      // hook, which runs after this one) has counted the attempt: guessing tokens is throttled.
      if (access === 'public' || access === 'share:link' || access === undefined) return;
      // Before the body is read: a flood to a connection is counted and refused without parsing it.
      if (access === 'carrier:callback') {
        const connection = await opts.carrierCallbacks.admit(
          (request.params as { connectionId?: unknown }).connectionId,
        );
        request.carrierCallback = { connection, subscription: null };
        return;
      }

      if (isKeyAccess(access)) {
        const { key, user, tenant } = await authenticateApiKey(opts.db, request, opts.apiKeyRatePerMinute);
        const refusal = keyRefusalFor(access, key, tenant);
        if (refusal) throw new AppError('FORBIDDEN', refusal);
        request.apiKey = key;
        request.user = user;
        request.tenant = tenant;
        return;
      }

      const session = await resolve(request);
      if (!session) {
        // A cookie that no live session matches goes, with its hint: the next page then knows at once.
        if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookies(reply);
        throw new AppError(
          'UNAUTHENTICATED',
          /^bearer\s/i.test(request.headers.authorization ?? '') ? KEY_ON_SESSION_ROUTE : undefined,
        );
      }
      request.user = session.user;
      request.sessionId = session.sessionId;
      request.sessionExpiresAt = session.expiresAt;
      request.currentWorkspaceId = session.currentWorkspaceId;
      if (access === 'user' || access === 'self') return;
      if (access === 'share:recipient') {
        request.share = await findShareFor(
          opts.db,
          session.user,
          (request.params as { overallId?: unknown }).overallId,
        );
        return;
      }

      const tenant = await tenantOf(request, session);
      const refusal = refusalFor(access, tenant);
      if (refusal) throw new AppError('FORBIDDEN', refusal);
      request.tenant = tenant;
    });

    // What a request publishes (see `publish`) is collected here and applied to this process's cache
    // once the handler is done, so after its transaction committed and before the caller hears back.
    // preValidation, not onRequest: reading a body would leave the asynchronous context behind.
    app.addHook('preValidation', (request, _reply, done) => {
      const published: RealtimeEvent[] = [];
      publishedBy.set(request, published);
      publishedInRequest.run(published, done);
    });
    app.addHook('onSend', async (request) => {
      for (const event of publishedBy.get(request) ?? []) cache.apply(event);
    });

    // preHandler: a body is parsed and validated by then (the query already was at onRequest).
    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.config.access === 'share:link') {
        request.shareLink = await resolveShareLink(opts.db, (request.params as { token?: unknown }).token);
        return;
      }
      if (request.routeOptions.config.access === 'carrier:callback') {
        const principal = request.carrierCallback;
        if (principal && request.method === 'POST')
          principal.subscription = await opts.carrierCallbacks.verify(
            principal.connection,
            request.headers,
            request.body,
          );
        return;
      }
      if (request.routeOptions.config.access !== 'self') return;
      const named = (source: unknown) =>
        typeof source === 'object' && source !== null && 'userId' in source ? source.userId : undefined;
      const userId = named(request.body) ?? named(request.query);
      if (userId !== request.user?.id) throw new AppError('FORBIDDEN', NOT_YOURS);
    });
  },
  { name: 'access', dependencies: ['errors'] },
);
