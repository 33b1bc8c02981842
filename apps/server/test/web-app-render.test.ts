import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { eq } from 'drizzle-orm';
import { workspaces } from '../src/db/schema/organizations';
import { buildTeam, containerNo, mbl, type Team } from './factories';

/*
 * The server's render of a signed-in page per request (apps/web/src/entry-server.tsx, ADR 0058): the
 * web app's own server entry, loaded by the web-app plugin as the build's would be, with templates
 * and frames as the build writes them (apps/web/scripts/prerender.mjs).
 */
const webRoot = await mkdtemp(path.join(tmpdir(), 'tracklane-render-'));
const dist = path.join(webRoot, 'dist');
const serverDist = path.join(webRoot, 'dist-server');
const LISTS = ['shipments/ocean/active', 'shipments/truck/express/active'];
const FRAME_MARK = '<main data-frame-mark></main>';
await writeFile(path.join(await mkdirFor(dist, 'index.html'), 'index.html'), '<div id="root"></div>');
for (const page of LISTS) {
  await writeFile(
    path.join(await mkdirFor(dist, `prerendered-frames/${page}.html`), path.basename(`${page}.html`)),
    `<!doctype html><div id="root" data-frame="/${page}">${FRAME_MARK}</div>`,
  );
  await writeFile(
    path.join(await mkdirFor(serverDist, `pages/${page}.html`), path.basename(`${page}.html`)),
    '<!doctype html><div id="root"><!--app-html--></div><script type="application/json" id="server-state"><!--app-state--></script>',
  );
}
// The build's entry is this module built for Node; the test runs its source.
const source = fileURLToPath(new URL('../../web/src/entry-server.tsx', import.meta.url));
await writeFile(path.join(serverDist, 'entry-server.js'), `export * from ${JSON.stringify(source)};\n`);

async function mkdirFor(root: string, file: string): Promise<string> {
  const dir = path.join(root, path.dirname(file));
  await mkdir(dir, { recursive: true });
  return dir;
}

const { app, ctx } = await useTestApp({ serveWeb: true, webDistDir: dist });

async function readyTeam(): Promise<Team> {
  const team = await buildTeam(app, ctx);
  const agree = await app.inject({
    method: 'POST',
    url: '/api/_api/user-agreement/agree',
    headers: { cookie: team.owner.cookie },
    payload: { userId: team.owner.userId },
  });
  expect(agree.statusCode).toBe(200);
  return team;
}

async function follow(team: Team): Promise<string[]> {
  const items = [0, 1].map(() => ({ containerNo: containerNo(), mblNo: mbl() }));
  const res = await app.inject({
    method: 'POST',
    url: '/api/shipments/ocean',
    headers: { cookie: team.owner.cookie },
    payload: { items },
  });
  expect(res.statusCode).toBe(200);
  return items.map((item) => item.containerNo);
}

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The state the page carries for the browser, parsed as the browser parses it. */
function stateOf(html: string): {
  signedIn: { user: { id: string }; workspace: { currentWorkspace: { name: string } } };
} {
  const text = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!text) throw new Error('no state in the page');
  return JSON.parse(text) as ReturnType<typeof stateOf>;
}

describe('rendering a signed-in page per request', () => {
  // The first render loads the entry (here: the web app's source, transformed on the spot).
  beforeAll(async () => {
    await page('/shipments/ocean/active', { cookie: 'tl_session=warm-up' });
  }, 180_000);

  it("puts each user's own rows in the page, when two render at once", async () => {
    const [a, b] = await Promise.all([readyTeam(), readyTeam()]);
    const [rowsOfA, rowsOfB] = await Promise.all([follow(a), follow(b)]);
    const [pageOfA, pageOfB] = await Promise.all([
      page('/shipments/ocean/active', { cookie: a.owner.cookie }),
      page('/shipments/ocean/active', { cookie: b.owner.cookie }),
    ]);
    for (const [res, own, other, team] of [
      [pageOfA, rowsOfA, rowsOfB, a],
      [pageOfB, rowsOfB, rowsOfA, b],
    ] as const) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      // Where the server's time went, for the browser's developer tools.
      expect(res.headers['server-timing']).toMatch(
        /^session;dur=[\d.]+, data;dur=[\d.]+, render;dur=[\d.]+, total;dur=[\d.]+$/,
      );
      expect(res.body).not.toContain(FRAME_MARK);
      expect(res.body.match(/data-testid="shipment-row"/g)).toHaveLength(2);
      for (const number of own) expect(res.body).toContain(number);
      for (const number of other) expect(res.body).not.toContain(number);
      expect(stateOf(res.body).signedIn.user.id).toBe(team.owner.userId);
    }
  });

  it('draws cards for a phone, a table otherwise', async () => {
    const team = await readyTeam();
    await follow(team);
    const phone = await page('/shipments/ocean/active', {
      cookie: team.owner.cookie,
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1',
    });
    expect(phone.body.match(/data-testid="shipment-card"/g)).toHaveLength(2);
    const hinted = await page('/shipments/ocean/active', {
      cookie: team.owner.cookie,
      'sec-ch-ua-mobile': '?1',
    });
    expect(hinted.body.match(/data-testid="shipment-card"/g)).toHaveLength(2);
    const desktop = await page('/shipments/ocean/active', {
      cookie: team.owner.cookie,
      'sec-ch-ua-mobile': '?0',
    });
    expect(desktop.body).not.toContain('data-testid="shipment-card"');
    expect(desktop.body.match(/data-testid="shipment-row"/g)).toHaveLength(2);
  });

  it('draws the sidebar collapsed when the request says the user left it so', async () => {
    const team = await readyTeam();
    const sidebar = (html: string) => /<aside[^>]*data-testid="sidebar"[^>]*>/.exec(html)?.[0] ?? '';
    const open = await page('/shipments/ocean/active', {
      cookie: team.owner.cookie,
      'sec-ch-ua-mobile': '?0',
    });
    expect(sidebar(open.body)).not.toBe('');
    expect(sidebar(open.body)).not.toContain('data-collapsed');
    const collapsed = await page('/shipments/ocean/active', {
      cookie: `${team.owner.cookie}; tl_sidebar=collapsed`,
      'sec-ch-ua-mobile': '?0',
    });
    expect(sidebar(collapsed.body)).toContain('data-collapsed="true"');
  });

  it('renders the express list too', async () => {
    const team = await readyTeam();
    const res = await page('/shipments/truck/express/active', { cookie: team.owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(FRAME_MARK);
    expect(stateOf(res.body).signedIn.user.id).toBe(team.owner.userId);
  });

  it('sends the frame for a session that is not one, and index.html without a session cookie', async () => {
    const expired = await page('/shipments/ocean/active', { cookie: 'tl_session=not-a-session' });
    expect(expired.statusCode).toBe(200);
    expect(expired.body).toContain(FRAME_MARK);
    expect(expired.body).not.toContain('server-state');
    const none = await page('/shipments/ocean/active');
    expect(none.body).toBe('<div id="root"></div>');
  });

  it('keeps what users wrote from closing the state script or running', async () => {
    const team = await readyTeam();
    // The API refuses such a name today; written straight to the database, as any text shown could be.
    const name = '</script><script>alert(1)</script><!--';
    await ctx.db.update(workspaces).set({ name }).where(eq(workspaces.id, team.defaultWorkspaceId));
    const res = await page('/shipments/ocean/active', { cookie: team.owner.cookie });
    expect(res.body).not.toContain(FRAME_MARK);
    expect(res.body).not.toContain('<script>alert(1)');
    // One script element only: the state's, closed where the template closes it.
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(stateOf(res.body).signedIn.workspace.currentWorkspace.name).toBe(name);
  });
});
