import { mergeConfig, type Plugin } from 'vite';
import base from './vite.config';

const SCHEDULE = 'function scheduleUpdateOnFiber(root, fiber, lane) {';

/**
 * A build for finding what React renders synchronously (ADR 0024, issue #17): every state update is
 * recorded in `window.__syncUpdates` with its lane (2: synchronous, rendered at once), the components it
 * is in, whether React was committing (`ctx` 4: in a commit or its effects) and where it came from.
 * Unminified. `apps/server/bench/list-sync-updates.ts`
 * loads the ocean list and prints them:
 *
 *   cd apps/web && npx vite build --config vite.sync-updates.config.ts && node scripts/prerender.mjs
 *   cd ../server && BENCH_DATABASE_URL=… npx tsx bench/list-sync-updates.ts
 *   npm run build   # the real build again
 */
function recordSyncUpdates(): Plugin {
  return {
    name: 'tracklane-record-sync-updates',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('react-dom-client.production.js')) return null;
      if (!code.includes(SCHEDULE)) throw new Error(`${id}: scheduleUpdateOnFiber not found`);
      return code.replace(
        SCHEDULE,
        `${SCHEDULE}
  {
    const names = [];
    for (let f = fiber; f && names.length < 6; f = f.return) {
      const t = f.type;
      const name = t && (t.displayName || t.name || (t.render && t.render.name));
      if (name) names.push(name);
    }
    (window.__syncUpdates ||= []).push({
      ctx: executionContext,
      lane,
      at: Math.round(performance.now()),
      who: names.join(' < '),
      stack: new Error().stack.split('\\n').slice(2, 9).map((s) => s.trim()).join(' | '),
    });
  }`,
      );
    },
  };
}

export default mergeConfig(base, { plugins: [recordSyncUpdates()], build: { minify: false } });
