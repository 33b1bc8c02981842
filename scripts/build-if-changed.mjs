// `npm start` runs this first: it builds (npm run build) only when the build's inputs changed since the
// last successful build, or an output is missing. The inputs are the sources the web and server builds
// read, the package manifests and the lockfile; their SHA-256 is kept beside the server's output.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = path.join(root, 'apps/server/dist/build-inputs.sha256');
const OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/web/dist/prerendered/auth/sign-in.html',
  'apps/web/dist-server/entry-server.js',
  'apps/server/dist/main.js',
];

/** Directories whose files the builds read, and single files. Tests are not inputs. */
const INPUT_DIRS = [
  'apps/web/src',
  'apps/web/public',
  // The web build's second step (prerender.mjs) renders pages to HTML.
  'apps/web/scripts',
  'apps/server/src',
  'apps/server/scripts',
  'packages/shared/src',
];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'apps/web/package.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/tsconfig.json',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/shared/package.json',
];
const NOT_INPUT = /(?:\.test\.tsx?$|(?:^|\/)test\/)/;

async function inputsHash() {
  const files = [...INPUT_FILES];
  for (const dir of INPUT_DIRS) {
    if (!existsSync(path.join(root, dir))) continue;
    for (const entry of await readdir(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (!NOT_INPUT.test(file)) files.push(file);
    }
  }
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    const content = await readFile(path.join(root, file)).catch(() => null);
    if (content === null) continue;
    hash.update(`${file}\0${String(content.length)}\0`).update(content);
  }
  return hash.digest('hex');
}

const before = await inputsHash();
const stamp = await readFile(STAMP, 'utf8').catch(() => '');
if (stamp.trim() === before && OUTPUTS.every((f) => existsSync(path.join(root, f)))) {
  console.log('Build is up to date (no source changed since the last build).');
} else {
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Taken before the build: a file edited while it ran makes the next start build again.
  await writeFile(STAMP, `${before}\n`);
}
