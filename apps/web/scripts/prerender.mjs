// The second step of `npm run build --workspace @tracklane/web`, after `vite build`: renders the pages
// listed in src/prerender.tsx to HTML, so that a visitor's first page paints before its JavaScript has
// run: the sign-in page, and the frame of signed-in pages. Each page is Vite's index.html, its script,
// modulepreload and stylesheet tags as Vite wrote them, with
// - the page's markup in #root, marked `data-prerendered="<path>"` (signed out) or `data-frame="<path>"`
//   (a signed-in page's frame) for main.tsx, which hydrates or replaces it; a frame is followed by its
//   inline script (`FRAME_SCRIPT`: the stored sidebar preference and the reader's time zone);
// - a stylesheet link for each of the page's chunks' CSS (the markup is styled at its first paint) and a
//   modulepreload link for each of the page's chunks (they download beside the entry, not after it);
// - its title, and Mantine's light colour scheme on <html> (MantineProvider sets it only once it runs).
// Written to dist/prerendered/<path>.html (signed out) or dist/prerendered-frames/<path>.html (signed in)
// with brotli and gzip copies; apps/server/src/plugins/web-app.ts serves them. The build fails when the
// page uses a class its stylesheets do not style.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
// Vite's SSR build of src/prerender.tsx (used here) and src/entry-server.tsx (the server's render of a
// signed-in page per request, loaded by apps/server/src/plugins/web-app.ts), with that render's page
// templates in pages/<path>.html: outside dist/, whose every file the server serves.
const serverBuild = path.join(webRoot, 'dist-server');

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
    ssr: true,
    rolldownOptions: { input: { prerender: 'src/prerender.tsx', 'entry-server': 'src/entry-server.tsx' } },
    outDir: serverBuild,
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
    copyPublicDir: false,
  },
});
const { prerenderedPages, renderPage, FRAME_SCRIPT } = await import(
  pathToFileURL(path.join(serverBuild, 'prerender.js')).href
);
const { SERVER_STATE_ID } = await import(pathToFileURL(path.join(serverBuild, 'entry-server.js')).href);

/** A chunk's CSS and JS with those of the chunks it imports statically, imports first (as Vite links them). */
function assetsOf(key, css = [], js = [], seen = new Set()) {
  if (seen.has(key)) return { css, js };
  seen.add(key);
  // A module that is a chunk's entry, or a chunk group's name (vite.config.ts) for the modules it holds.
  const chunk =
    manifest[key] ?? Object.values(manifest).find((c) => c.name === key && !c.src?.endsWith('.css'));
  if (!chunk)
    throw new Error(`prerender: ${key} is not in the build's manifest (moved? update src/prerender.tsx)`);
  for (const imported of chunk.imports ?? []) assetsOf(imported, css, js, seen);
  for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
  if (!js.includes(chunk.file)) js.push(chunk.file);
  return { css, js };
}

/** The most JavaScript files a prerendered page may load before it runs (the entry's included). */
const MAX_PRELOADED_FILES = 15;

const entryChunks = new Set();
const entry = assetsOf('index.html', [], [], entryChunks);
if (!template.includes('<div id="root"></div>') || !template.includes('</head>'))
  throw new Error('prerender: index.html has no empty #root or no </head>');

/**
 * index.html with a page's stylesheets and scripts. Every stylesheet comes first, before the entry's
 * script: the page's first paint waits for all of them, and a browser asks for a page's files in the
 * order they come (six at a time over HTTP/1.1), so that they are not queued behind the scripts.
 */
function withLinks(html, css, js) {
  const viteCss = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  html = html.replace(/\n\s*<link rel="stylesheet"[^>]*>/g, '');
  const stylesheets = [
    ...viteCss,
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ];
  const preloads = js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return html
    .replace('<script type="module"', () => `${stylesheets.join('\n    ')}\n    <script type="module"`)
    .replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`);
}

/** Class names whose styles come from CSS: Mantine's (`m_…`) and our CSS modules' (`_name_hash_line`). */
const scopedClasses = (text) =>
  new Set(text.match(/\b(?:m_[0-9a-f]{6,8}|_[A-Za-z][\w-]*_[a-z0-9]{5}_\d+)\b/g));

for (const page of prerenderedPages) {
  const pageCss = [];
  const pageJs = [];
  // What index.html loads already is left out.
  const seen = new Set(entryChunks);
  for (const module of [...page.modules, ...(page.preload ?? [])]) {
    const { css, js } = assetsOf(module, [], [], seen);
    // The CSS of what the HTML shows is linked; that of what only the app renders comes with its chunk.
    if (page.modules.includes(module)) pageCss.push(...css.filter((f) => !pageCss.includes(f)));
    pageJs.push(...js);
  }
  // A page the server renders for a request shows the page itself: all its chunks' CSS is linked.
  const renderedCss = [];
  if (page.kind === 'frame') {
    const seenCss = new Set(entryChunks);
    for (const module of [...page.modules, ...(page.preload ?? [])])
      for (const file of assetsOf(module, [], [], seenCss).css)
        if (!renderedCss.includes(file)) renderedCss.push(file);
  }
  const css = (
    await Promise.all([...entry.css, ...pageCss].map((file) => readFile(path.join(dist, file), 'utf8')))
  )
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '');
  const markup = await renderPage(page);

  const styled = scopedClasses(css);
  const classAttributes = [...markup.matchAll(/\bclass="([^"]*)"/g)].map((m) => m[1]).join(' ');
  const unstyled = [...scopedClasses(classAttributes)].filter((c) => !styled.has(c));
  if (unstyled.length)
    throw new Error(
      `prerender: ${page.path} uses classes its stylesheets do not style (${unstyled.join(', ')}): list the module that imports their CSS in src/prerender.tsx`,
    );
  // The signed-in shell is not a signed-out visitor's to download.
  if (page.kind !== 'frame' && pageJs.some((file) => /signed-in/.test(file)))
    throw new Error(`prerender: ${page.path} loads the signed-in shell's chunk`);

  // Each file is a request; on a phone's network a page of many small chunks waits round trip after
  // round trip. The chunk groups of vite.config.ts keep a page to a handful.
  const preloads = entry.js.length + pageJs.length;
  if (preloads > MAX_PRELOADED_FILES)
    throw new Error(
      `prerender: ${page.path} loads ${String(preloads)} JavaScript files (at most ${String(MAX_PRELOADED_FILES)}): group its chunks in vite.config.ts`,
    );

  const html = withLinks(template, pageCss, pageJs)
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('<div id="root"></div>', () =>
      page.kind === 'frame'
        ? `<div id="root" data-frame="${escapeHtml(page.path)}">${markup}</div>\n    <script>${FRAME_SCRIPT}</script>`
        : `<div id="root" data-prerendered="${escapeHtml(page.path)}">${markup}</div>`,
    );

  if (page.kind === 'frame') {
    // The template of the page rendered per request (entry-server.tsx): its markup and state go where
    // the comments are; no inline script (the state is JSON, not run).
    const rendered = withLinks(template, renderedCss, pageJs)
      .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root"><!--app-html--></div>\n    <script type="application/json" id="${SERVER_STATE_ID}"><!--app-state--></script>`,
      );
    const templateFile = path.join(serverBuild, 'pages', `${page.path.replace(/^\//, '')}.html`);
    await mkdir(path.dirname(templateFile), { recursive: true });
    await writeFile(templateFile, rendered);
  }

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

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}
