import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const apiTarget = 'http://127.0.0.1:3000';

/** The app's own code: apps/web/src and the workspace's shared package (not a library). */
const APP_CODE = /[\\/](apps[\\/]web[\\/]src|packages[\\/]shared)[\\/]/;

/**
 * Starts the chunks every first screen runs nearly all of (React, the entry's share of TanStack Query
 * and Mantine, the app's entry code, the sign-in page) with V8's explicit compile hint
 * (https://v8.dev/blog/explicit-compile-hints, Chrome 136+; a comment to other engines): V8 compiles
 * their functions on a background thread while the file downloads, instead of on the main thread when
 * hydration first calls each. The hint has to be the file's first line, so this runs after Vite has
 * prepended its preload map (`order: 'post'`), and shifts the source map by that line.
 */
function compileHints(chunks: ReadonlySet<string>): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'tracklane-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunks.has(chunk.name)) continue;
          chunk.code = HINT + chunk.code;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    compileHints(new Set(['vendor-react', 'vendor-query', 'vendor-mantine', 'app-core', 'pages-sign-in'])),
    precompress(),
  ],
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
        // Six groups named by what they hold, so that a page loads a handful of long-cached files:
        // React with its router; TanStack Query with the stores; Mantine with its icons; the app's own
        // code the entry runs (the last three `$initial`: only what the entry imports of them); the
        // signed-out pages; what two or more lazy pages share, libraries included. Each signed-in page
        // stays a chunk of its own (its lazy import in app/router.tsx), and so does node-forge below.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 6,
            },
            {
              name: 'vendor-query',
              test: /node_modules[\\/](@tanstack|zustand)[\\/]/,
              tags: ['$initial'],
              priority: 5,
            },
            {
              // Mantine with the packages its components are built on, and the icons drawn with them.
              name: 'vendor-mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|@tabler|clsx|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|react-transition-group|tslib)[\\/]/,
              tags: ['$initial'],
              priority: 4,
            },
            // The app's own modules the entry imports, with the shared package's modules they use (and zod).
            { name: 'app-core', test: APP_CODE, tags: ['$initial'], priority: 3 },
            // The sign-in page and the signed-out pages' layout with what they use (the form's pieces
            // the other signed-out pages share too): what the first page of most visits runs, alone.
            {
              name: 'pages-sign-in',
              test: /[\\/]src[\\/](features[\\/]auth[\\/]components[\\/]sign-in-form|app[\\/]layouts[\\/]auth-)/,
              priority: 2,
            },
            // The other signed-out pages (sign-up, e-mail code, password reset) with what they use
            // beyond it: a visitor who is not signed in downloads nothing of the signed-in pages.
            {
              name: 'pages-auth',
              test: /[\\/]src[\\/]features[\\/]auth[\\/]components[\\/](?!user-menu)/,
              priority: 1,
            },
            // The password encryption's fallback where the browser has no WebCrypto (plain http), loaded
            // only there: in a chunk of its own, named for it.
            { name: 'node-forge', test: /node_modules[\\/]node-forge[\\/]/, priority: 7 },
            // What two or more lazy pages import: the signed-in shell's and the lists' code.
            { name: 'pages-shared', minShareCount: 2 },
          ],
        },
      },
    },
  },
});
