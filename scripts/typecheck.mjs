// `npm run typecheck`: TypeScript over the root config and every workspace's, as many at once as the
// machine has cores. Each `tsc` is one thread, and the checks are independent programs: one after another,
// a two-core machine left a core idle for the whole step. Each check's output is printed whole when it
// ends; the step fails when any check does.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = (dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));

// Every workspace with a `typecheck` script runs it (as `npm run typecheck --workspaces` did), then the
// root config's own check. Last workspace first: the apps' large programs start before the small ones,
// which then fill in beside them.
const checks = [
  ...manifest('.')
    .workspaces.filter((dir) => manifest(dir).scripts?.typecheck)
    .reverse()
    .map((dir) => ({
      name: dir,
      command: ['npm', 'run', '--silent', 'typecheck'],
      cwd: path.join(root, dir),
    })),
  { name: 'tsconfig.json', command: ['npx', '--no-install', 'tsc', '-p', 'tsconfig.json'], cwd: root },
];

function run({ name, command: [file, ...args], cwd }) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`typecheck ${name}: ${code === 0 ? 'ok' : 'failed'}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
const lanes = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    let passed = true;
    for (let check = queue.shift(); check; check = queue.shift()) passed = (await run(check)) && passed;
    return passed;
  }),
);
if (!lanes.every(Boolean)) process.exitCode = 1;
