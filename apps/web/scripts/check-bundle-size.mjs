// `npm test` runs this after the build: the JavaScript every page downloads before it can show anything
// (index.html's entry script and the chunks it preloads) must stay within the budget, gzip-compressed
// as served (the build writes the .gz files). Deterministic: the same build gives the same sizes.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Initial JavaScript ≤ 250 KiB gzip (about 182 KiB now), and not growing with features (pages are lazy). */
export const INITIAL_JS_BUDGET_BYTES = 250 * 1024;

const dist = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = await readFile(path.join(dist, 'index.html'), 'utf8').catch(() => {
  console.error(`No ${path.join(dist, 'index.html')}: run "npm run build" first.`);
  process.exit(1);
});

// <script type="module" src="/assets/x.js"> and <link rel="modulepreload" href="/assets/y.js">.
const initial = new Set();
for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
  const isScript = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
  const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
  const url = /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
  if ((isScript || isPreload) && url) initial.add(url.replace(/^\//, ''));
}
if (initial.size === 0) {
  console.error('index.html loads no JavaScript: the check cannot tell what a page downloads.');
  process.exit(1);
}

let total = 0;
const rows = [];
for (const file of [...initial].sort()) {
  const gz = path.join(dist, `${file}.gz`);
  if (!existsSync(gz)) {
    console.error(`${file}.gz is missing: the build must precompress its assets.`);
    process.exit(1);
  }
  const { size } = await stat(gz);
  total += size;
  rows.push(`  ${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`Initial JavaScript (gzip), ${String(initial.size)} files:\n${rows.join('\n')}`);
console.log(`  total ${kib(total)} of a ${kib(INITIAL_JS_BUDGET_BYTES)} budget`);
if (total > INITIAL_JS_BUDGET_BYTES) {
  console.error(
    `Initial JavaScript is ${kib(total)}, over the ${kib(INITIAL_JS_BUDGET_BYTES)} budget: load the new code with its screen (a lazy route in apps/web/src/app/router.tsx) or drop a dependency.`,
  );
  process.exit(1);
}
