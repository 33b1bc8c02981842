/**
 * What React renders while the signed-in ocean list loads, counted rather than timed: the same on a
 * fast machine and a slow one (docs/performance.md, sixth pass). Loads `/shipments/ocean/active` at
 * Lighthouse's phone screen, reads every React commit through React's DevTools hook (production builds
 * call `onCommitFiberRoot` too) and prints, per commit, the components that rendered in it (fibers),
 * where each rendered subtree starts, and in all: the commits, the fibers, the rows and elements on
 * the page. A component rendered again for an answer it does not show appears as its own commit.
 *
 *   npm run build && cd apps/server && BENCH_DATABASE_URL=… npx tsx bench/list-renders.ts
 *
 * Names are the build's: Mantine's components keep theirs; the app's are minified unless the web app
 * is built with `npx vite build --minify false`.
 */
import { openSignedInPhone, runListInBrowser } from './browser-run';
import { markdownTable } from './report';

const LIST = process.env.BENCH_PROFILE_PATH ?? '/shipments/ocean/active';
/** Commits of fewer fibers (a badge, a dropdown mounting) are counted but not listed. */
const LISTED = Number(process.env.BENCH_RENDERS_LISTED ?? 20);

interface Commit {
  at: number;
  fibers: number;
  roots: string[];
}

/**
 * Runs in the page before its scripts (a string: this package is typed for Node, not the DOM): React
 * finds this hook and reports every commit to it. A fiber rendered in a commit is a new one, or one
 * React worked on (PerformedWork, flag 1) that was not in the last commit's tree: a subtree React
 * skipped keeps its old fibers and their flags.
 */
const RECORD_COMMITS = `(() => {
  const commits = [];
  window.__benchCommits = commits;
  const start = performance.now();
  let previous = new WeakSet();
  const nameOf = (type) => type?.displayName ?? type?.name ?? type?.render?.name ?? '?';
  const isComponent = (fiber) => typeof fiber.type === 'function' || (typeof fiber.type === 'object' && fiber.type !== null);
  const rendered = (fiber) => !previous.has(fiber) && (fiber.alternate === null || (fiber.flags & 1) === 1);
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot(_id, root) {
      const seen = new WeakSet();
      const roots = [];
      let fibers = 0;
      const walk = (first) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          seen.add(fiber);
          if (isComponent(fiber) && rendered(fiber)) {
            fibers++;
            let parent = fiber.return;
            while (parent && !isComponent(parent)) parent = parent.return;
            if (!parent || !rendered(parent)) roots.push(nameOf(fiber.type));
          }
          walk(fiber.child);
        }
      };
      walk(root.current.child);
      previous = seen;
      if (fibers > 0) commits.push({ at: Math.round(performance.now() - start), fibers, roots });
    },
  };
})();`;

runListInBrowser(async (browser, env) => {
  const { context, page } = await openSignedInPhone(browser, env);
  await page.addInitScript(RECORD_COMMITS);
  await page.goto(`${env.base}${LIST}`);
  await page.getByTestId('shipment-row').first().waitFor({ timeout: 60_000 });
  // Past the requests that follow the first screen (the bell's counts, the filters' choices).
  await page.waitForTimeout(4_000);
  const commits = await page.evaluate<Commit[]>('window.__benchCommits ?? []');
  const dom = await page.evaluate<{ rows: number; elements: number }>(
    `({ rows: document.querySelectorAll('[data-testid="shipment-row"]').length,
        elements: document.querySelectorAll('#root *').length })`,
  );
  await context.close();

  const count = (roots: string[]) =>
    [...roots.reduce((by, root) => by.set(root, (by.get(root) ?? 0) + 1), new Map<string, number>())]
      .map(([root, n]) => (n > 1 ? `${root} ×${String(n)}` : root))
      .join(', ');
  console.log(
    markdownTable(
      commits
        .filter((commit) => commit.fibers >= LISTED)
        .map((commit) => ({
          at: commit.at,
          fibers: commit.fibers,
          from: count(commit.roots).slice(0, 160),
        })),
    ),
  );
  const fibers = commits.reduce((sum, commit) => sum + commit.fibers, 0);
  console.log(
    `\n${String(commits.length)} commits, ${String(fibers)} fibers rendered (${String(commits.filter((c) => c.fibers >= LISTED).length)} commits of ${String(LISTED)} or more); ${String(dom.rows)} rows and ${String(dom.elements)} elements on the page`,
  );
});
