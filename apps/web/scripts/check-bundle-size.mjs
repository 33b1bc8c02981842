// `npm test` runs this after the build: the JavaScript every page downloads before it can show anything
// (index.html's entry script and the chunks it preloads) must stay within the budget, and so must what
// the sign-in page (the prerendered /auth/sign-in, the first page of most visits) loads before its form
// answers, gzip-compressed as served (the build writes the .gz files). Deterministic: the same build
// gives the same sizes.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Initial JavaScript ≤ 250 KiB gzip (about 152 KiB now), and not growing with features (pages are lazy). */
export const INITIAL_JS_BUDGET_BYTES = 250 * 1024;
/**
 * The sign-in page's JavaScript ≤ 175 KiB gzip (about 168 KiB now): every KiB is about 6 ms on a slow 4G
 * phone before the form answers, which has 0.05 s to spare (docs/performance.md).
 */
export const SIGN_IN_JS_BUDGET_BYTES = 175 * 1024;
/**
 * Code the sign-in page must not carry (ADR 0060), by its source path in the chunks' source maps:
 * classic zod (the first screen's schemas are zod/mini).
 */
const NOT_ON_SIGN_IN = [
  { source: /node_modules\/zod\/v4\/classic\//, what: 'classic zod (write its schemas with zod/mini)' },
  {
    source: /node_modules\/@mantine\/notifications\/esm\/Notifications\.mjs$/,
    what: "the toasts' host (it renders around the signed-in screens, ADR 0061)",
  },
];
/** V8's compile hint, the first line of every chunk the first screen runs (vite.config.ts, ADR 0061). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/** Smaller files are the entry's stub and Rolldown's runtime, which have no hint to carry. */
const HINTED_FROM_BYTES = 4 * 1024;
/** Chunk groups of the signed-in pages (apps/web/vite.config.ts), which the sign-in page must not load. */
const SIGNED_IN_CHUNKS = /^assets\/(pages-shared|signed-in-app|pages-auth)-/;

const dist = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = await readFile(path.join(dist, 'index.html'), 'utf8').catch(() => {
  console.error(`No ${path.join(dist, 'index.html')}: run "npm run build" first.`);
  process.exit(1);
});

/** The JavaScript a page's HTML loads: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
function javascriptOf(page) {
  const files = new Set();
  for (const [tag] of page.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isScript = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && url) files.add(url.replace(/^\//, ''));
  }
  return files;
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** Prints what `files` weigh (gzip) and fails the check when they pass `budget`. */
async function checkBudget(what, files, budget, advice) {
  if (files.size === 0) {
    console.error(`${what} loads no JavaScript: the check cannot tell what a page downloads.`);
    process.exit(1);
  }
  let total = 0;
  const rows = [];
  for (const file of [...files].sort()) {
    const gz = path.join(dist, `${file}.gz`);
    if (!existsSync(gz)) {
      console.error(`${file}.gz is missing: the build must precompress its assets.`);
      process.exit(1);
    }
    const { size } = await stat(gz);
    total += size;
    rows.push(`  ${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
  }
  console.log(`${what} (gzip), ${String(files.size)} files:\n${rows.join('\n')}`);
  console.log(`  total ${kib(total)} of a ${kib(budget)} budget`);
  if (total > budget) {
    console.error(`${what} is ${kib(total)}, over the ${kib(budget)} budget: ${advice}`);
    process.exit(1);
  }
}

await checkBudget(
  'Initial JavaScript',
  javascriptOf(html),
  INITIAL_JS_BUDGET_BYTES,
  'load the new code with its screen (a lazy route in apps/web/src/app/router.tsx) or drop a dependency.',
);

const signInFile = path.join(dist, 'prerendered/auth/sign-in.html');
const signIn = await readFile(signInFile, 'utf8').catch(() => {
  console.error(`No ${signInFile}: the build prerenders the sign-in page (scripts/prerender.mjs).`);
  process.exit(1);
});
const signInJs = javascriptOf(signIn);
const signedIn = [...signInJs].filter((file) => SIGNED_IN_CHUNKS.test(file));
if (signedIn.length > 0) {
  console.error(
    `The sign-in page loads ${signedIn.join(', ')}, which the other pages need: keep what only they run out of the entry's static imports and of pages-sign-in (vite.config.ts).`,
  );
  process.exit(1);
}
// Rolldown writes no map for the entry's stub and its runtime (no module of ours or a library's).
let mapped = 0;
for (const file of signInJs) {
  const code = await readFile(path.join(dist, file), 'utf8');
  if (code.length >= HINTED_FROM_BYTES && !code.startsWith(COMPILE_HINT)) {
    console.error(
      `${file} does not start with V8's compile hint: add its chunk group to compileHints (vite.config.ts).`,
    );
    process.exit(1);
  }
  const mapFile = path.join(dist, `${file}.map`);
  if (!existsSync(mapFile)) continue;
  mapped += 1;
  const { sources } = JSON.parse(await readFile(mapFile, 'utf8'));
  for (const { source, what } of NOT_ON_SIGN_IN) {
    const found = sources.find((s) => source.test(s));
    if (found) {
      console.error(`The sign-in page loads ${what}: ${found} in ${file}.`);
      process.exit(1);
    }
  }
}
if (mapped === 0) {
  console.error("The sign-in page's chunks have no source maps: the build must write them (vite.config.ts).");
  process.exit(1);
}
await checkBudget(
  "The sign-in page's JavaScript",
  signInJs,
  SIGN_IN_JS_BUDGET_BYTES,
  'what the form does not need before it answers belongs in a lazy import (the entry runs on every page).',
);
