// The second step of `npm run build --workspace @tracklane/web`, after `vite build`: renders the pages
// listed in src/prerender.tsx to HTML (issue #17), so that a visitor's first page paints before its
// JavaScript has arrived: the sign-in page, and the frame of signed-in pages. Each page is index.html with
// - the page's markup in #root, marked `data-prerendered="<path>"` (signed out) or `data-frame="<path>"`
//   (a signed-in page's frame) for main.tsx, which hydrates it; a frame is followed by its inline script
//   (`FRAME_SCRIPT`: the stored sidebar preference and the reader's time zone, before the first paint);
// - the entry's CSS and the page's chunks' CSS inlined in a <style> where the entry's stylesheet link
//   was (nothing render-blocking left to fetch);
// - the entry's script and its and the page's chunks requested by an inline script once the HTML has
//   painted (`loaderScript`), not from the head;
// - its title, and Mantine's light colour scheme on <html> (MantineProvider sets it only once it runs).
// Written to dist/prerendered/<path>.html (signed out) or dist/prerendered-frames/<path>.html (signed in)
// with brotli and gzip copies; apps/server/src/plugins/web-app.ts
// serves them. The build fails when the page uses a class its inlined CSS does not style, requests more
// than FIRST_SCREEN_FILES files, or when a lazy chunk would ask Vite's preload helper for the entry's.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
const serverBuild = path.join(webRoot, 'node_modules/.cache/prerender');

const manifest = JSON.parse(
  await readFile(manifestFile, 'utf8').catch(() => {
    throw new Error(`prerender: no ${manifestFile}: it runs right after "vite build" (npm run build).`);
  }),
);
const template = await readFile(path.join(dist, 'index.html'), 'utf8');

await build({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: serverBuild,
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
    copyPublicDir: false,
  },
});
const { prerenderedPages, renderPage, FRAME_SCRIPT, loaderScript } = await import(
  pathToFileURL(path.join(serverBuild, 'prerender.js')).href
);

/** A chunk's CSS and JS with those of the chunks it imports statically, imports first (as Vite links them). */
function assetsOf(key, css = [], js = [], seen = new Set()) {
  if (seen.has(key)) return { css, js };
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`prerender: ${key} is not in the build's manifest (moved? update src/prerender.tsx)`);
  for (const imported of chunk.imports ?? []) assetsOf(imported, css, js, seen);
  for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
  if (!js.includes(chunk.file)) js.push(chunk.file);
  return { css, js };
}

const entryChunks = new Set();
const entry = assetsOf('index.html', [], [], entryChunks);
const entryCssLink = /<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/;
const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/;
const entryPreload = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;
const entryFile = entryScript.exec(template)?.[1];
if (!entryCssLink.test(template) || !entryFile || !template.includes('<div id="root"></div>'))
  throw new Error('prerender: index.html has no entry stylesheet link, no entry script or no empty #root');
const entryPreloads = [...template.matchAll(entryPreload)].map((m) => m[1]);
// A prerendered page loads the entry and every chunk from the loader script after its first paint.
// The entry's stylesheets (one a chunk of the entry) give way to one inlined <style>, where the first was.
const entryCssLinks = new RegExp(`\\s*${entryCssLink.source}`, 'g');
const bareTemplate = template
  .replace(entryScript, '')
  .replace(entryPreload, '')
  .replace(entryCssLink, '<style></style>')
  .replace(entryCssLinks, '');
const entryScripts = [...entryPreloads, entryFile];
if (entryScripts.length > 5)
  throw new Error(
    `prerender: the entry is ${String(entryScripts.length)} files: with the favicon, more than the six connections HTTP/1.1 opens at once (vite.config.ts)`,
  );

/**
 * The most files a prerendered page may request after its first paint (the entry's, the page's chunks
 * and stylesheets): over HTTP/1.1's six connections, every six are one more round trip before the page
 * works, half a second each on a slow mobile network (vite.config.ts groups the chunks).
 */
const FIRST_SCREEN_FILES = 25;

// A prerendered page runs the entry's scripts from its loader and inlines its stylesheets, so Vite's
// preload helper, which looks for <link> elements, must not be asked for them (vite.config.ts
// `entryFilesNotPreloaded`): it would link the stylesheets again after the page's own.
const entryFiles = new Set([...entry.js, ...entry.css]);
for (const file of await readdir(path.join(dist, 'assets'))) {
  if (!file.endsWith('.js')) continue;
  const code = await readFile(path.join(dist, 'assets', file), 'utf8');
  const list = /m\.f=(\[[^\]]*\])/.exec(code)?.[1];
  const named = list ? JSON.parse(list) : [];
  for (const [, indices] of code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]/g))
    for (const index of indices.split(',').filter(Boolean))
      if (entryFiles.has(named[Number(index)]))
        throw new Error(`prerender: assets/${file} preloads the entry's ${named[Number(index)]}`);
}

/** Class names whose styles come from CSS: Mantine's (`m_…`) and our CSS modules' (`_name_hash_line`). */
const scopedClasses = (text) =>
  new Set(text.match(/\b(?:m_[0-9a-f]{6,8}|_[A-Za-z][\w-]*_[a-z0-9]{5}_\d+)\b/g));

for (const page of prerenderedPages) {
  const pageCss = [...entry.css];
  const pageJs = [];
  // What index.html loads already is left out.
  const seen = new Set(entryChunks);
  for (const module of page.modules) {
    const { css, js } = assetsOf(module, [], [], seen);
    pageCss.push(...css.filter((f) => !pageCss.includes(f)));
    pageJs.push(...js);
  }
  // What the app loads before it takes the HTML over but the HTML does not show (a frame's page): its
  // JavaScript is preloaded and its CSS linked after the first paint (inlined, it would delay it).
  const laterCss = [];
  for (const module of page.preload ?? []) {
    const { css, js } = assetsOf(module, [], [], seen);
    pageJs.push(...js);
    laterCss.push(...css.filter((f) => !pageCss.includes(f) && !laterCss.includes(f)));
  }
  const css = (await Promise.all(pageCss.map((file) => readFile(path.join(dist, file), 'utf8')))).join('\n');
  if (/<\/style/i.test(css)) throw new Error('prerender: a stylesheet contains "</style"');
  const markup = await renderPage(page);

  const styled = scopedClasses(css.replace(/\/\*[\s\S]*?\*\//g, ''));
  const classAttributes = [...markup.matchAll(/\bclass="([^"]*)"/g)].map((m) => m[1]).join(' ');
  const unstyled = [...scopedClasses(classAttributes)].filter((c) => !styled.has(c));
  if (unstyled.length)
    throw new Error(
      `prerender: ${page.path} uses classes its inlined CSS does not style (${unstyled.join(', ')}): list the module that imports their CSS in src/prerender.tsx`,
    );

  // The entry's files and the page's chunks run in this order, a task each; they are requested in this
  // order too, the page's stylesheets after the entry's files (the session check leaves once those ran).
  const pageScripts = pageJs.map((file) => `/${file}`);
  const requests = [...entryScripts, ...laterCss.map((file) => `/${file}`), ...pageScripts];
  const loader = loaderScript([...entryScripts, ...pageScripts], requests);
  if (requests.length > FIRST_SCREEN_FILES)
    throw new Error(
      `prerender: ${page.path} requests ${String(requests.length)} files after its first paint, more than ${String(FIRST_SCREEN_FILES)}: group its chunks (vite.config.ts)`,
    );
  // The signed-in shell is not a signed-out visitor's to download (vite.config.ts's "auth" group keeps
  // what the /auth screens share with it out of it).
  if (page.kind !== 'frame' && pageScripts.some((file) => /\/signed-in-/.test(file)))
    throw new Error(`prerender: ${page.path} loads the signed-in shell's chunk`);
  const html = bareTemplate
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('<style></style>', () => `<style>${css}</style>`)
    .replace('<div id="root"></div>', () =>
      page.kind === 'frame'
        ? `<div id="root" data-frame="${escapeHtml(page.path)}">${markup}</div>\n    <script>${FRAME_SCRIPT}</script>\n    <script>${loader}</script>`
        : `<div id="root" data-prerendered="${escapeHtml(page.path)}">${markup}</div>\n    <script>${loader}</script>`,
    );

  // Nothing may hold the first paint up: no stylesheet to fetch, no script but the inline ones.
  if (/<link[^>]*rel="stylesheet"|<script[^>]*\bsrc=/.test(html))
    throw new Error(
      `prerender: ${page.path} links a stylesheet or a script, which would hold its first paint up`,
    );

  const folder = page.kind === 'frame' ? 'prerendered-frames' : 'prerendered';
  const file = path.join(dist, folder, `${page.path.replace(/^\//, '')}.html`);
  await mkdir(path.dirname(file), { recursive: true });
  const content = Buffer.from(html);
  await writeFile(file, content);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  await writeFile(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  console.log(`prerendered ${page.path}: ${path.relative(webRoot, file)} (${String(content.length)} bytes)`);
}

// The manifest was for this script only: the server would otherwise serve it as a file of the app.
await rm(path.join(dist, '.vite'), { recursive: true, force: true });
await rm(serverBuild, { recursive: true, force: true });

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}
