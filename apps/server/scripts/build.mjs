// Bundles the server into dist/main.js. Our own workspace code (@tracklane/shared, TypeScript source)
// goes into the bundle; npm dependencies stay external and load from node_modules as usual.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@tracklane/'));

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Some CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
await cp(new URL('../src/db/migrations', import.meta.url), new URL('../dist/migrations', import.meta.url), {
  recursive: true,
});
console.log('server built: apps/server/dist/main.js');
