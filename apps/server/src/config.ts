import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseDcsaCarriers, type DcsaCarrierConfig } from './integrations/tracking/dcsa/dcsa-config';
import type { S3Settings } from './integrations/storage/file-storage';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Names @fastify/proxy-addr understands for whole address ranges (loopback: 127.0.0.1/8 and ::1). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry) || net.isIP(entry) !== 0) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address || !bits || !/^\d{1,3}$/.test(bits)) return false;
  const family = net.isIP(address);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Which peers may tell us the client address: a hop count, or the proxies' addresses. Never "everyone":
 * trusting every hop takes the first X-Forwarded-For entry, which the client writes itself.
 */
const trustProxySchema = z
  .string()
  .trim()
  .superRefine((v, issue) => {
    const lower = v.toLowerCase();
    if (lower === 'true' || lower === 'yes') {
      issue.addIssue({
        code: 'custom',
        message:
          '"true" would trust a client-written X-Forwarded-For; write the number of proxies in front of Tracklane (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)',
      });
    } else if (!['false', 'no', '0'].includes(lower) && !/^\d{1,2}$/.test(v)) {
      const bad = v
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => !isAddressOrCidr(entry));
      if (bad.length > 0)
        issue.addIssue({
          code: 'custom',
          message: `must be false, a number of proxies (e.g. 1) or comma-separated proxy addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8); not understood: ${bad.join(', ')}`,
        });
    }
  })
  .transform((v): TrustProxy => {
    const lower = v.toLowerCase();
    if (['false', 'no', '0'].includes(lower)) return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v.split(',').map((entry) => entry.trim());
  });

/** false: the socket peer is the client. A number: that many proxies in front. A list: trusted proxies. */
export type TrustProxy = false | number | string[];

const urlWithProtocols = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL such as ${example}` },
    );

/**
 * Every setting Tracklane reads from the environment. This is the one list: the README documents it,
 * and nothing else in the server reads `process.env`.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be between 0 and 65535' })
    .max(65535, { message: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().trim().min(1, { message: 'must not be empty' }).default('0.0.0.0'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://track.example.com').optional(),
  DATA_DIR: z.string().trim().min(1, { message: 'must not be empty' }).default('./.data'),
  DATABASE_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'postgres://user:pass@host:5432/tracklane',
  ).optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(200, { message: 'must be at most 200' })
    .default(10),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587').optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be an S3 bucket name, e.g. tracklane-files',
    })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'https://minio.example.com:9000').optional(),
  S3_FORCE_PATH_STYLE: booleanFromString.optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, { message: 'must be a folder path ending in /, e.g. tracklane/' })
    .default(''),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, { message: 'must be an address such as "Tracklane <no-reply@example.com>"' })
    .default('Tracklane <no-reply@tracklane.local>'),
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .pipe(z.email({ message: 'must be an e-mail address such as support@example.com' }))
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { message: 'must be a Stripe secret key (sk_live_… or sk_test_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\w+$/, { message: 'must be a Stripe webhook signing secret (whsec_…)' })
    .optional(),
  STRIPE_API_URL: urlWithProtocols(['http:', 'https:'], 'http://localhost:12111').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySchema.optional(),
  SEED_DEMO: booleanFromString.optional(),
  DCSA_CARRIERS: z.string().optional(),
  SECRETS_KEY: z.string().trim().optional(),
  SECRETS_KEY_PREVIOUS: z.string().trim().optional(),
  CARRIER_CONNECTIONS_ALLOW_LOCAL: booleanFromString.optional(),
  DEMO_CARRIERS: booleanFromString.optional(),
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, {
      message: 'must be a mail domain such as in.track.example.com',
    })
    .optional(),
  INBOUND_SMTP_PORT: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be between 1 and 65535' })
    .max(65535, { message: 'must be between 1 and 65535' })
    .optional(),
  INBOUND_EMAIL_SECRET: z.string().trim().min(32, { message: 'must be at least 32 characters' }).optional(),
  KARRIO_URL: urlWithProtocols(['http:', 'https:'], 'https://karrio.example.com').optional(),
  KARRIO_API_KEY: z.string().trim().min(1, { message: 'must not be empty' }).optional(),
  TRACKING_NOT_FOUND_ATTEMPTS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(50, { message: 'must be at most 50' })
    .default(6),
  AUTH_RSA_PRIVATE_KEY: z
    .string()
    .refine((v) => v.includes('PRIVATE KEY'), {
      message: 'must be a PEM private key (-----BEGIN PRIVATE KEY-----...)',
    })
    .optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(10, { message: 'must be at least 10' })
    .default(1000),
  SESSION_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .min(0, { message: 'must be between 0 and 60' })
    .max(60, { message: 'must be between 0 and 60' })
    .default(5),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(100_000, { message: 'must be at most 100000' })
    .default(120),
  SHARE_LINK_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(100_000, { message: 'must be at most 100000' })
    .default(60),
  CARRIER_CALLBACK_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(100_000, { message: 'must be at most 100000' })
    .default(600),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFromString.optional(),
  SERVE_WEB: booleanFromString.optional(),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where users reach the app; used in e-mail links and to decide on Secure cookies. */
  publicUrl: string;
  dataDir: string;
  /** Unset: start the embedded PostgreSQL under `dataDir/postgres`. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  /** Uploaded files in an S3-compatible bucket; null: on the local disk under `dataDir/uploads`. */
  s3: S3Settings | null;
  mailFrom: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Where feedback is e-mailed (and the address the web app offers when sending fails); null: stored only. */
  supportEmail: string | null;
  /** Stripe Checkout, customer portal and webhooks; null: company admins change plans directly. */
  stripe: StripeConfig | null;
  /** PEM of the RSA key passwords are encrypted with; unset: generated once into DATA_DIR. */
  authRsaPrivateKey: string | undefined;
  /** Requests per minute and client address, across the whole API (a flood guard). */
  rateLimitPerMinute: number;
  /** Requests per minute of one API key on /api/v1/ (429 with Retry-After beyond it). */
  apiKeyRateLimitPerMinute: number;
  /** Requests per minute and client address to a public share link (429 beyond it). */
  shareLinkRateLimitPerMinute: number;
  /** Callbacks per minute a carrier may make to one connection's callback URL (429 beyond it). */
  carrierCallbackRateLimitPerMinute: number;
  /**
   * Let webhook endpoints resolve to private, loopback or link-local addresses (an installation
   * whose receivers live on its own network). Off: such endpoints are refused, at registration and
   * again at every delivery.
   */
  webhookAllowPrivateTargets: boolean;
  /**
   * Carriers reached through their DCSA Track & Trace 2.2 API for every organization (the fallback
   * after an organization's own connection; ADR 0035).
   */
  dcsaCarriers: DcsaCarrierConfig[];
  /**
   * The demo carriers answer for every organization's shipments that have no real data source
   * (DEMO_CARRIERS=true). Off (the default): only the demo account's organization gets demo data, and
   * other shipments without a source show "No connection".
   */
  demoCarriers: boolean;
  /** A Karrio server that tracks parcels for every organization; unset: no shared parcel source. */
  karrio: KarrioConfig | null;
  /**
   * E-mail intake: the domain of workspaces' intake addresses (null: intake off), the port of the
   * built-in SMTP listener (null: not listening) and the secret signing POST /api/inbound/email
   * (null: that endpoint answers 404).
   */
  inboundEmail: { domain: string | null; smtpPort: number | null; secret: string | null };
  /**
   * The AES-256-GCM keys carrier connections' secrets are encrypted under: `current` encrypts, and
   * `previous` (during a rotation) still decrypts. Null: no key, so no connection can be created.
   */
  secretsKeys: SecretsKeys | null;
  /**
   * Let carrier connections use http and this machine's addresses (localhost, 127.0.0.1, ::1): a fake
   * carrier in tests and development. Off in production unless set.
   */
  carrierAllowLocal: boolean;
  /**
   * Answers of "unknown" in a row (asked over about a day) before a shipment no provider knows moves
   * to not found, where it is still asked daily.
   */
  trackingNotFoundAttempts: number;
  /** Create the demo account with a dozen demo containers and parcels on first start. */
  seedDemo: boolean;
  /** Behind reverse proxies: which of them may name the client in X-Forwarded-For. */
  trustProxy: TrustProxy;
  /**
   * How long a process trusts a session, its user and tenant it resolved for a read (0: never). Changes
   * reach every process at once through the realtime hub; this bounds only what nobody announced.
   */
  sessionCacheMs: number;
  /** Serve the built web app (static files + SPA fallback) from this process. */
  serveWeb: boolean;
  webDistDir: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API endpoint than api.stripe.com (stripe-mock, or a stand-in in tests). */
  apiUrl: string | null;
}

export interface SecretsKeys {
  current: Buffer;
  previous: Buffer | null;
}

export interface KarrioConfig {
  url: string;
  apiKey: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment once. A bad value throws a {@link ConfigError} whose message names
 * every offending variable, so start-up stops with something a person can act on.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  // An empty variable (FOO=) means "unset", as in most twelve-factor tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // One without the other is a half-done set-up: better to stop than to track parcels with demo data.
  if ((e.KARRIO_URL === undefined) !== (e.KARRIO_API_KEY === undefined)) {
    const missing = e.KARRIO_URL === undefined ? 'KARRIO_URL' : 'KARRIO_API_KEY';
    throw new ConfigError(
      `Invalid environment configuration:\n  ${missing}: must be set together with ${missing === 'KARRIO_URL' ? 'KARRIO_API_KEY' : 'KARRIO_URL'}`,
    );
  }
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
    const missing = e.STRIPE_SECRET_KEY === undefined ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET';
    const other = missing === 'STRIPE_SECRET_KEY' ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    // Without the webhook secret a paid checkout would never change the plan.
    throw new ConfigError(
      `Invalid environment configuration:\n  ${missing}: must be set together with ${other}`,
    );
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    const other = missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(
      `Invalid environment configuration:\n  ${missing}: must be set together with ${other}`,
    );
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID))
    throw new ConfigError(
      'Invalid environment configuration:\n  S3_BUCKET: must be set to keep files in S3 (the other S3_ settings name its service and keys)',
    );
  const secretsKeys = parseSecretsKeys(e.SECRETS_KEY, e.SECRETS_KEY_PREVIOUS);
  const port = e.PORT;
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    nodeEnv: e.NODE_ENV,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${displayHost}:${String(port)}`).replace(/\/+$/, ''),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          // Services other than AWS name the bucket in the path unless told otherwise.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          prefix: e.S3_PREFIX,
        }
      : null,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    supportEmail: e.SUPPORT_EMAIL ?? null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL?.replace(/\/+$/, '') ?? null,
          }
        : null,
    trustProxy: e.TRUST_PROXY ?? false,
    dcsaCarriers: parseDcsaCarriersOrFail(e.DCSA_CARRIERS),
    demoCarriers: e.DEMO_CARRIERS ?? false,
    karrio:
      e.KARRIO_URL && e.KARRIO_API_KEY
        ? { url: e.KARRIO_URL.replace(/\/+$/, ''), apiKey: e.KARRIO_API_KEY }
        : null,
    inboundEmail: {
      domain: e.INBOUND_EMAIL_DOMAIN?.toLowerCase() ?? null,
      smtpPort: e.INBOUND_SMTP_PORT ?? null,
      secret: e.INBOUND_EMAIL_SECRET ?? null,
    },
    secretsKeys,
    carrierAllowLocal: e.CARRIER_CONNECTIONS_ALLOW_LOCAL ?? e.NODE_ENV !== 'production',
    trackingNotFoundAttempts: e.TRACKING_NOT_FOUND_ATTEMPTS,
    // On by default only with the embedded database: a shared server is nobody's demo.
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'test'),
    authRsaPrivateKey: e.AUTH_RSA_PRIVATE_KEY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    sessionCacheMs: Math.round(e.SESSION_CACHE_SECONDS * 1000),
    apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    shareLinkRateLimitPerMinute: e.SHARE_LINK_RATE_LIMIT_PER_MINUTE,
    carrierCallbackRateLimitPerMinute: e.CARRIER_CALLBACK_RATE_LIMIT_PER_MINUTE,
    webhookAllowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false,
    serveWeb: e.SERVE_WEB ?? e.NODE_ENV === 'production',
    webDistDir: path.resolve(cwd, e.WEB_DIST_DIR ?? defaultWebDistDir()),
  };
}

function defaultWebDistDir(): string {
  // src/config.ts and dist/main.js both sit one level under apps/server.
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
}

function parseDcsaCarriersOrFail(raw: string | undefined): DcsaCarrierConfig[] {
  try {
    return parseDcsaCarriers(raw);
  } catch (err) {
    throw new ConfigError(
      `Invalid environment configuration:\n  ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** A 32-byte key written as 64 hex digits or as base64 (44 characters with padding), else null. */
export function parseSecretsKey(raw: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(raw) || /^[A-Za-z0-9_-]{43}$/.test(raw)) {
    const key = Buffer.from(raw, raw.includes('-') || raw.includes('_') ? 'base64url' : 'base64');
    if (key.length === 32) return key;
  }
  return null;
}

const KEY_FORMAT =
  'must be 32 random bytes as 64 hex digits or base64 (e.g. the output of `openssl rand -base64 32`)';

function parseSecretsKeys(current: string | undefined, previous: string | undefined): SecretsKeys | null {
  const problems: string[] = [];
  const currentKey = current === undefined ? null : parseSecretsKey(current);
  const previousKey = previous === undefined ? null : parseSecretsKey(previous);
  // Never echo the value: it is the key.
  if (current !== undefined && !currentKey) problems.push(`  SECRETS_KEY: ${KEY_FORMAT}`);
  if (previous !== undefined && !previousKey) problems.push(`  SECRETS_KEY_PREVIOUS: ${KEY_FORMAT}`);
  if (previous !== undefined && current === undefined)
    problems.push('  SECRETS_KEY_PREVIOUS: must be set together with SECRETS_KEY (the new key)');
  if (problems.length > 0)
    throw new ConfigError(`Invalid environment configuration:\n${problems.join('\n')}`);
  if (!currentKey) return null;
  return {
    current: currentKey,
    previous: previousKey && !previousKey.equals(currentKey) ? previousKey : null,
  };
}
