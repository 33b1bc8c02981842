// `npm run test:bundle` runs this after the build: the app imports Mantine's CSS per component
// (apps/web/src/app/mantine-entry.css and mantine-app.css), so a component added to a page without its
// stylesheet would render unstyled. Every Mantine class (`m_…`) the built JavaScript names must be styled
// by the built CSS, and those of the first screens (the entry and the /auth screens, which render before
// any other chunk's CSS has loaded) by the entry's own stylesheet. Deterministic: reads the build only.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The /auth screens' chunks (chunk groups of apps/web/vite.config.ts): they must need nothing but the entry's CSS. */
const AUTH_CHUNKS = ['pages-sign-in', 'pages-auth'];

const dist = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const assets = path.join(dist, 'assets');
const html = await readFile(path.join(dist, 'index.html'), 'utf8').catch(() => {
  console.error(`No ${path.join(dist, 'index.html')}: run "npm run build" first.`);
  process.exit(1);
});
const files = await readdir(assets);
const read = (file) => readFile(path.join(assets, file), 'utf8');

/**
 * Mantine's CSS-module names: `m_` and hex digits, quoted in JS; in CSS a class (`.m_…`) or a keyframes
 * animation (`@keyframes m_…`), which the module maps name too.
 */
const classesIn = (js) => new Set([...js.matchAll(/["'`](m_[0-9a-f]{6,8})["'`]/g)].map((m) => m[1]));
const styledBy = (css) =>
  new Set([...css.matchAll(/(?:\.|@keyframes\s+)(m_[0-9a-f]{6,8})(?![0-9a-f])/g)].map((m) => m[1]));

/** A chunk and every chunk it imports statically (what runs before it can). */
async function staticGraph(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = await read(file);
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
    await staticGraph(m[1], seen);
  return seen;
}

async function classesOf(chunks) {
  const all = new Set();
  for (const chunk of chunks) for (const c of classesIn(await read(chunk))) all.add(c);
  return all;
}

const entry = /<script\b[^>]*\bsrc="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
const entryCss = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/g)].map(
  (m) => m[1],
);
if (!entry || entryCss.length === 0) {
  console.error('index.html names no entry script or stylesheet: the check cannot tell what loads first.');
  process.exit(1);
}

const styledFirst = new Set();
for (const css of entryCss) for (const c of styledBy(await read(css))) styledFirst.add(c);
const styledAnywhere = new Set(styledFirst);
for (const css of files.filter((f) => f.endsWith('.css')))
  for (const c of styledBy(await read(css))) styledAnywhere.add(c);

const problems = [];
const firstScreens = await staticGraph(entry);
for (const name of AUTH_CHUNKS) {
  const chunk = files.find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
  if (!chunk) problems.push(`no chunk named ${name}-*.js: update AUTH_CHUNKS in this script`);
  else await staticGraph(chunk, firstScreens);
}
const unstyledFirst = [...(await classesOf(firstScreens))].filter((c) => !styledFirst.has(c));
if (unstyledFirst.length)
  problems.push(
    `the entry or an /auth screen uses Mantine classes the entry's CSS lacks (${unstyledFirst.join(', ')}): add the component's file to apps/web/src/app/mantine-entry.css`,
  );
const everything = await classesOf(files.filter((f) => f.endsWith('.js')));
const unstyled = [...everything].filter((c) => !styledAnywhere.has(c));
if (unstyled.length)
  problems.push(
    `chunks use Mantine classes no CSS of the build styles (${unstyled.join(', ')}): add the component's file to apps/web/src/app/mantine-app.css`,
  );

if (problems.length) {
  console.error(`Mantine CSS:\n- ${problems.join('\n- ')}`);
  console.error(
    'Find the component of a class with: grep -l <class> node_modules/@mantine/core/styles/*.css',
  );
  process.exit(1);
}
console.log(
  `Mantine CSS: the ${String(everything.size)} classes the chunks use are styled; the first screens' ${String(firstScreens.size)} chunks need only the entry's stylesheet.`,
);
