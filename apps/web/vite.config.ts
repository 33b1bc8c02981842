import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { stableMantineIds } from './vite-plugin-stable-ids';

/** What a browser downloads as text: compressed once here rather than on every request. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `file.br` (brotli, best) and `file.gz` (gzip, best) beside every compressible file of the
 * build; the server sends the one the browser accepts (apps/server/src/plugins/web-app.ts).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let forNode = false;
  return {
    name: 'tracklane-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // scripts/prerender.mjs builds src/prerender.tsx for Node with this config: nothing to serve there.
      forNode = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (forNode) return;
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          await writeFile(
            `${full}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          await writeFile(`${full}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

/**
 * A code-splitting group (its `name` function) that captures every module of the app one of `roots`
 * imports statically, directly or not (what must have run before a root can), the roots themselves left
 * out: each stays its own chunk, which the router imports and the prerender finds in the manifest.
 */
function staticImportsOf(name: string, roots: string[]) {
  const rootIds = new Set(roots.map((root) => path.resolve(import.meta.dirname, root)));
  let graph: Set<string> | undefined;
  const capture = (
    id: string,
    ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
  ) => {
    if (!graph) {
      const found = new Set<string>();
      const queue = [...rootIds];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (found.has(next)) continue;
        found.add(next);
        // Packages are left to their groups (a package's index names every module it has).
        const imported = ctx.getModuleInfo(next)?.importedIds ?? [];
        queue.push(...imported.filter((dep) => !/[\\/]node_modules[\\/]/.test(dep)));
      }
      graph = found;
    }
    return graph.has(id) && !rootIds.has(id) ? name : null;
  };
  return { name: capture, debugName: name };
}

/** The /auth screens the router loads (scripts/check-mantine-css.mjs names their chunks too). */
const AUTH_SCREENS = [
  'src/app/layouts/auth-split-layout.tsx',
  'src/features/auth/components/sign-in-form.tsx',
  'src/features/auth/components/sign-up-form.tsx',
  'src/features/auth/components/verify-email-screen.tsx',
  'src/features/auth/components/forgot-password-screen.tsx',
  'src/features/auth/components/reset-password-screen.tsx',
];

/**
 * Takes the entry's own files out of the lists of files Vite's preload helper loads before a lazy chunk
 * runs (`__vite__mapDeps`). They are always there by then, but a prerendered page runs the entry's
 * scripts from its loader and inlines its stylesheets (scripts/prerender.mjs), so the helper, which
 * looks for `<link>` elements, found none: it preloaded the entry's scripts again and linked its
 * stylesheets a second time, after the page's own, where Mantine's base rules then won over the
 * components' (the active tab lost its underline). The lists keep their length in the file (each
 * dropped index becomes a space), so the source maps stay true.
 */
function entryFilesNotPreloaded(): Plugin {
  return {
    name: 'tracklane-entry-files-not-preloaded',
    apply: 'build',
    // (The prerender's build for Node has no preload helper: nothing to rewrite there.)
    async writeBundle({ dir = 'dist' }, bundle) {
      const entryFiles = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || entryFiles.has(fileName)) return;
        entryFiles.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) entryFiles.add(css);
        chunk.imports.forEach(visit);
      };
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry && !chunk.isDynamicEntry) visit(chunk.fileName);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.code.includes('__vite__mapDeps([')) continue;
        const files = /m\.f=(\[[^\]]*\])/.exec(chunk.code)?.[1];
        if (!files) throw new Error(`${chunk.fileName}: __vite__mapDeps without its list of files`);
        const list = JSON.parse(files) as string[];
        const code = chunk.code.replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (call, indices: string) => {
          const kept = indices.split(',').filter((i) => !entryFiles.has(list[Number(i)] ?? ''));
          return `${`__vite__mapDeps([${kept.join(',')}]`.padEnd(call.length - 1, ' ')})`;
        });
        if (code !== chunk.code) await writeFile(path.join(dir, chunk.fileName), code);
      }
    },
  };
}

const apiTarget = 'http://127.0.0.1:3000';

/** Mantine components the entry (the splash, toasts) and the /auth pages use: see `mantine` below. */
const ENTRY_AND_AUTH_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Button',
  'Center',
  'CloseButton',
  'Group',
  'Input',
  'InputBase',
  'Loader',
  'Notification',
  'PasswordInput',
  'PinInput',
  'Portal',
  'SimpleGrid',
  'Skeleton',
  'Stack',
  'Text',
  'TextInput',
  'Title',
  'Transition',
  'UnstyledButton',
];

export default defineConfig({
  plugins: [react(), stableMantineIds(), entryFilesNotPreloaded(), precompress()],
  server: {
    proxy: {
      // `ws` carries the workspace-invitation socket (spec §7) through the same origin.
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Which CSS and chunks each module's chunk needs: scripts/prerender.mjs reads it, then deletes it.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes far less often than app code: its chunk stays cached across releases. Other
        // libraries split with the pages that use them (a shared vendor chunk put everything, maps and
        // date pickers included, on the sign-in page).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            // The entry in parts (ADR 0025): a prerendered page runs each of the entry's static chunks
            // in a task of its own before the entry (src/prerender.tsx `loaderScript`): React above,
            // the session check's code (the auth store, the user's schema, zod and its messages) and
            // Mantine's part below. Together they were one long task on a phone's CPU. Five files with
            // the entry at most (the prerender fails above): a browser opens six connections to a host
            // over HTTP/1.1, asks for the favicon beside them, and a file without a connection waits
            // for one behind the page's stylesheets (a higher priority).
            {
              name: 'start',
              test: /(?:apps[\\/]web[\\/]src[\\/](?:app[\\/]start\.ts|features[\\/]auth[\\/](?:stores[\\/]auth-store|api[\\/](?:get-session|logout)|types)\.ts)|packages[\\/]shared[\\/]src[\\/](?:auth[\\/]user\.schema|validation[\\/]zod-messages)\.ts|node_modules[\\/]zod[\\/].*)$/,
              priority: 3,
            },
            {
              name: 'mantine-entry',
              test: /node_modules[\\/]@mantine[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            // node-forge is loaded on demand, only where WebCrypto is missing (plain-http installations).
            { name: 'node-forge', test: /node_modules[\\/]node-forge[\\/]/ },
            // Swagger UI is for the API reference page only, which loads it lazily.
            { name: 'api-reference', test: /node_modules[\\/]swagger-ui-dist[\\/]/ },
            // What the entry imports, in one chunk: the groups below would otherwise take their share
            // of it (with their dependencies) and carry their whole chunk into every page.
            { name: 'entry', tags: ['$initial'], priority: 2 },
            // The signed-in pages' Mantine components (menus, popovers, selects, tables, tabs...) and
            // the icons: in one chunk each rather than one per component shared by two pages (a
            // signed-in page loaded 139 files, most under 2 KB). Left out: the components the entry
            // and the /auth pages use, which would carry the whole chunk into the sign-in page.
            {
              name: 'mantine',
              test: new RegExp(
                `node_modules[\\\\/](?:@floating-ui[\\\\/]|@mantine[\\\\/]core[\\\\/]esm[\\\\/](?:components[\\\\/](?!(?:${ENTRY_AND_AUTH_COMPONENTS.join('|')})[\\\\/])|utils[\\\\/](?:InlineInput|InputsGroupFieldset)[\\\\/]))`,
              ),
              priority: 1,
              // Only the components: the helpers they share with the entry's and the /auth pages'
              // components stay where those find them.
              includeDependenciesRecursively: false,
            },
            // Mantine's helpers and hooks the entry does not use (ids, events, focus traps, floating
            // positions, transitions...) and the components the /auth screens use beyond the entry's,
            // in one chunk: rolldown made one per set of importers, some under 100 bytes, and the
            // list's first screen preloaded ~30 of them. Not InlineInput (checkboxes, radios,
            // switches): its CSS is the signed-in pages' (`mantine` above).
            {
              name: 'mantine-shared',
              test: new RegExp(
                `node_modules[\\\\/]@mantine[\\\\/](?:hooks[\\\\/]|core[\\\\/]esm[\\\\/](?:core|utils)[\\\\/]|core[\\\\/]esm[\\\\/]components[\\\\/](?:${ENTRY_AND_AUTH_COMPONENTS.join('|')})[\\\\/])`,
              ),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'icons',
              test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              priority: 1,
            },
            // TanStack Query's hooks, in one chunk rather than one per set of pages using them.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
            // What two /auth screens or more share, and the signed-in shell's whole static graph (the
            // agreement check, the shell, the stores, schemas and components every signed-in page
            // runs first): one chunk each. Left to rolldown, every set of pages sharing a module got a
            // chunk of its own, most under 1 KB: the ocean list's first screen was 82 files, which
            // over HTTP/1.1's six connections a phone on a slow network waited 12 round trips for.
            // The auth group comes first: what the /auth screens share with the shell stays out of
            // the shell's chunk, which the sign-in page must not load; after the packages' groups
            // above, which keep what they capture (the same priority: the first group declared).
            { ...staticImportsOf('auth', AUTH_SCREENS), minShareCount: 2, priority: 1 },
            staticImportsOf('signed-in', ['src/app/signed-in-app.tsx']),
            // What the two shipment lists share beyond the shell (the table, its cells and columns,
            // row actions, badges), in one chunk too (the dashboards load it for the page header).
            {
              ...staticImportsOf('lists', [
                'src/modes/ocean/ocean-list-page.tsx',
                'src/modes/express/express-list-page.tsx',
              ]),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
