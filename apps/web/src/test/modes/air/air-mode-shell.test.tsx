import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { appRoutes } from '../../../app/router';
import { Welcome } from '../../../features/dashboard/components/welcome';
import { MODE_LIST, registerModeForTests } from '../../../modes/registry';
import { prerenderedPagesOf } from '../../../prerender';
import { testApp } from '../../app';
import { renderRoutes } from '../../render';
import { AIR_MODE } from './mode';
import { AIR_LIST_HEADER, AIR_PATHS } from './paths';

/*
 * What the shell and the build take from a mode's definition alone: its paths (from its folder's
 * paths.ts), its words in the welcome, and its list's frames prerendered with its list's own chunk.
 */

const webRoot = path.resolve(import.meta.dirname, '../../../..');

let unregister: () => void = () => undefined;

beforeEach(() => {
  unregister = registerModeForTests(AIR_MODE);
});

afterEach(() => {
  unregister();
});

describe('a test-only third mode in the shell and the build', () => {
  it('has the paths its folder gives it, and the menus link them', () => {
    expect(AIR_MODE.paths).toBe(AIR_PATHS);
    const { lists, dashboard, newShipment } = AIR_MODE.paths;
    expect(MODE_LIST.map((mode) => mode.paths.dashboard)).toContain(dashboard);
    expect(Object.values(lists)).toEqual(['/shipments/air/active', '/shipments/air/archived']);
    expect(newShipment).toBe('/new-shipments/air');
  });

  it('is named in the welcome’s title and intro, with its line and its first step', () => {
    renderRoutes([{ path: '/', element: <Welcome canCreate /> }], '/');
    const welcome = screen.getByTestId('welcome');
    expect(within(welcome).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Every container, parcel and air waybill in one place',
    );
    expect(welcome).toHaveTextContent(
      'Tracklane follows your ocean containers, express parcels and air waybills with the carriers for you: where each one is, when it arrives, and what needs a look — a last free day coming up, an ETA that slipped, a failed delivery, a flight that landed without its cargo.',
    );
    expect(welcome).toHaveTextContent('Air: an air waybill number.');
    expect(welcome).toHaveTextContent('upload a CSV on each page.');
    expect(within(welcome).getByRole('link', { name: 'Add an air waybill' })).toHaveAttribute(
      'href',
      '/new-shipments/air',
    );
  });

  it('has its list’s tabs and its dashboard prerendered, its list’s entry preloaded', () => {
    const pages = prerenderedPagesOf(MODE_LIST).filter((page) => page.path.includes('/air'));
    expect(pages).toEqual([
      expect.objectContaining({
        path: AIR_PATHS.lists.active,
        kind: 'frame',
        title: `${AIR_LIST_HEADER.titles.active} · Tracklane`,
        preload: ['src/app/signed-in-app.tsx', 'src/test/modes/air/pages.tsx'],
      }),
      expect.objectContaining({
        path: AIR_PATHS.lists.archived,
        title: `${AIR_LIST_HEADER.titles.archived} · Tracklane`,
      }),
      expect.objectContaining({ path: AIR_PATHS.dashboard, title: 'Air dashboard · Tracklane' }),
    ]);
    // Each is a page of the router, as the mode's definition routes it.
    const routes = appRoutes(testApp());
    for (const page of pages) expect(matchRoutes(routes, page.path)?.at(-1)?.route.path).toBe(page.path);
  });

  it('names, for every mode, the module its list loads as its list’s entry', async () => {
    for (const mode of MODE_LIST) {
      const module = (await import(/* @vite-ignore */ path.join(webRoot, mode.pages.listEntry))) as Record<
        string,
        unknown
      >;
      expect(Object.values(module), mode.mode).toContain(await mode.pages.list());
    }
  });
});
