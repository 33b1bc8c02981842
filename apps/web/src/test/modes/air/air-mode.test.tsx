import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BellNotification } from '@tracklane/shared/notifications/notifications.schema';
import type { CommentMention } from '@tracklane/shared/comments/comments.schema';
import type { SearchResult } from '@tracklane/shared/search/search.schema';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router';
import { commentMentionHref } from '../../../app/use-open-comment-mention';
import { SiteTypeSwitcher } from '../../../features/navigation/components/site-type-switcher';
import { notificationTarget, shipmentLabel } from '../../../features/notifications/utils/notification-target';
import { SearchResults } from '../../../features/search/components/search-results';
import { searchResultHref } from '../../../features/search/utils/search-result-href';
import { MODE_LIST, modeOf, registerModeForTests } from '../../../modes/registry';
import type { ModeDefinition } from '../../../modes/mode-definition';
import { fail, fakeApi, ok, type RecordedCall } from '../../fake-api';
import { acme, acmeDefault, selectionOf } from '../../organization-fixtures';
import { renderRoutes, renderWithProviders } from '../../render';
import { signInAsAgreedUser } from '../../session';
import { airDashboard, airListPage, airRow } from './fixtures';
import type { AirRow, AirTab } from './list-api';
import { AIR_MODE, type AirSearchResult } from './mode';

/*
 * The mode is the unit: a third mode, registered only here, reaches the site switch, the search's
 * results, a notification's and a comment mention's target and its own pages through the router, with
 * nothing outside its folder naming it.
 */

const AWB = '020-12345675';

const airResult = (fields: Partial<AirSearchResult> = {}): AirSearchResult => ({
  mode: 'air',
  shipmentId: 'air-1',
  awb: AWB,
  airline: 'LH',
  state: 'tracking',
  status: 'departed',
  archived: false,
  workspace: { id: 'w-1', name: 'Main' },
  organization: { id: 'o-1', name: 'Acme' },
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  match: { field: 'trackingNo', value: AWB, exact: true },
  ...fields,
});

let unregister: () => void = () => undefined;

beforeEach(() => {
  unregister = registerModeForTests(AIR_MODE);
});

afterEach(() => {
  unregister();
});

describe('a test-only third mode', () => {
  it('is registered through the seam and removed again', () => {
    expect(modeOf('air')).toBe(AIR_MODE);
    expect(MODE_LIST.map((mode) => mode.label)).toEqual(['Ocean', 'Ground', 'Air']);
    unregister();
    expect(modeOf('air')).toBeUndefined();
    expect(MODE_LIST.map((mode) => mode.label)).toEqual(['Ocean', 'Ground']);
  });

  it('is a choice of the site switch', () => {
    renderWithProviders(<SiteTypeSwitcher value="air" onChange={() => undefined} compact={false} />);
    const switcher = screen.getByTestId('site-type-switcher');
    expect(within(switcher).getByText('Air')).toBeInTheDocument();
    expect(within(switcher).getByRole('radio', { name: 'Air' })).toBeChecked();
    expect(within(switcher).getAllByRole('radio')).toHaveLength(3);
  });

  it('shows its search results with its number, words and status, and links them to its page', () => {
    const result = airResult({ status: 'landed' }) as unknown as SearchResult;
    renderWithProviders(
      <SearchResults
        state={{ kind: 'results', query: AWB, items: [result], truncated: false, refreshing: false }}
        listboxId="results"
        optionId={(index) => `result-${String(index)}`}
        activeIndex={0}
        onActivate={() => undefined}
        onOpen={() => undefined}
        onRetry={() => undefined}
        currentWorkspaceId="w-1"
      />,
    );
    const option = screen.getByTestId('search-result');
    expect(option).toHaveTextContent(AWB);
    expect(option).toHaveTextContent('Air · LH');
    expect(option).toHaveTextContent('Landed');
    expect(searchResultHref(result, 'UTC')).toBe(`/shipment/air/${AWB}?timeZone=UTC`);
  });

  it('opens a notification and a comment mention on its detail page', () => {
    const notification = {
      id: 'n-1',
      shipmentType: 'air',
      containerChangeStatus: {
        id: 'c-1',
        containerNo: null,
        mblNo: null,
        expressOrderId: null,
        expressOrderNo: AWB,
        type: 'eta',
        notification: 'Landing moved',
        updatedAt: '2026-01-01T00:00:00.000Z',
        data: {},
      },
      isRead: false,
      workspaces: [{ workspaceId: 'w-1', workspaceName: 'Main', shipmentId: 'air-1' }],
    } as unknown as BellNotification;
    expect(notificationTarget(notification, 'w-1', 'UTC')).toEqual({
      workspaceId: 'w-1',
      href: `/shipment/air/${AWB}?timeZone=UTC`,
    });
    expect(shipmentLabel(notification)).toEqual({ primary: AWB, secondary: 'Air waybill' });
    const mention = {
      shipmentType: 'air',
      commentId: 'cm-1',
      orderNo: AWB,
    } as unknown as CommentMention;
    expect(commentMentionHref(mention, 'UTC')).toBe(
      `/shipment/air/${AWB}?tab=comments&timeZone=UTC&comment=cm-1`,
    );
  });

  describe('its pages, routed from its definition', () => {
    beforeEach(async () => {
      signInAsAgreedUser();
      fakeApi({
        'GET /api/workspaces/get': ok([acme]),
        'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      });
      const { pages } = AIR_MODE as never as ModeDefinition;
      await Promise.all([pages.list(), pages.detail(), pages.newShipment()]);
    });

    it('opens its detail page at its route', async () => {
      renderRoutes(appRoutes, `/shipment/air/${AWB}`);
      expect(await screen.findByTestId('air-detail')).toHaveTextContent(`Air waybill ${AWB}`);
    });

    it('opens each tab of its list and its new-shipment page', async () => {
      fakeApi({
        'GET /api/workspaces/get': ok([acme]),
        'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
        'GET /api/users/preferences/airTableColumns': ok(null),
        'GET /api/shipments/air': ok(airListPage({ active: [], archived: [] }, 'archived')),
      });
      const archived = renderRoutes(appRoutes, '/shipments/air/archived');
      expect(await screen.findByRole('heading', { name: 'Archived air waybills' })).toBeInTheDocument();
      archived.unmount();
      renderRoutes(appRoutes, '/new-shipments/air');
      expect(await screen.findByTestId('air-new')).toBeInTheDocument();
    });
  });

  describe('its dashboard and list, through the shared machinery', () => {
    const LIST = 'GET /api/shipments/air';
    const lh = airRow();
    const af = airRow({ airShipmentId: 'air-2', awb: '057-87654321', airline: 'AF', status: 'landed' });
    const old = airRow({ airShipmentId: 'air-3', awb: '020-11111111', archived: true });
    const byTab = (tabs: Record<AirTab, AirRow[]>) => (call: RecordedCall) =>
      ok(airListPage(tabs, call.query.status as AirTab));
    const rows = () => screen.getAllByTestId('shipment-row');
    const numbersShown = () =>
      rows().map((row) => within(row).getByRole('link', { name: /^\d{3}-\d{8}$/ }).textContent);

    function serve(extra: Parameters<typeof fakeApi>[0] = {}) {
      return fakeApi({
        'GET /api/workspaces/get': ok([acme]),
        'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
        'GET /api/users/preferences/airTableColumns': ok(null),
        'GET /api/shipments/air/options': ok({ airlines: ['AF', 'LH'] }),
        [LIST]: byTab({ active: [lh, af], archived: [old] }),
        ...extra,
      });
    }

    beforeAll(() => {
      Element.prototype.scrollIntoView = vi.fn();
    });

    beforeEach(async () => {
      signInAsAgreedUser();
      await (AIR_MODE as never as ModeDefinition).pages.list();
    });

    it('renders its dashboard’s panels from its own answer, its own panel included', async () => {
      const api = serve({ 'GET /api/dashboard/air': ok(airDashboard()) });
      renderRoutes(appRoutes, '/dashboard/air');

      expect(await screen.findByRole('heading', { name: 'Air dashboard' })).toBeInTheDocument();
      const card = await screen.findByRole('article', { name: 'Offloaded at the last airport: 1' });
      expect(within(card).getByRole('link', { name: 'Offloaded at the last airport' })).toHaveAttribute(
        'href',
        '/shipments/air/active?attention=offloaded',
      );
      expect(within(card).getByRole('link', { name: AWB })).toHaveAttribute(
        'href',
        expect.stringMatching(new RegExp(`^/shipment/air/${AWB}\\?timeZone=`)),
      );
      const landings = screen.getByRole('region', { name: 'Landings' });
      expect(landings).toHaveTextContent('4This week');
      expect(landings).toHaveTextContent('7Next week');
      expect(screen.getByRole('region', { name: 'By status' })).toHaveTextContent('In the air3');
      const holds = screen.getByTestId('customs-holds');
      expect(holds).toHaveTextContent('FRA 2Held now');
      expect(holds).toHaveTextContent('5Released this week');
      const carriers = screen.getByRole('region', { name: 'Carriers' });
      expect(within(carriers).getByText('Lufthansa Cargo (LH)')).toBeInTheDocument();
      expect(within(carriers).getByText('AF')).toBeInTheDocument();
      // No panel of another mode's answer.
      expect(screen.queryByRole('region', { name: 'Demurrage & detention' })).toBeNull();
      expect(api.callsTo('GET /api/dashboard/air')).toHaveLength(1);
    });

    it('checks its answer with its own schema: one without its own part is an error', async () => {
      const { customsHolds: _dropped, ...withoutHolds } = airDashboard();
      serve({ 'GET /api/dashboard/air': ok(withoutHolds) });
      renderRoutes(appRoutes, '/dashboard/air');
      expect(await screen.findByText('Could not load the dashboard')).toBeInTheDocument();
    });

    it('lists its rows with its tabs’ counts, and sorts by a column', async () => {
      const api = serve();
      const { router } = renderRoutes(appRoutes, '/shipments/air/active');
      const user = userEvent.setup();

      await waitFor(() => expect(numbersShown()).toEqual([lh.awb, af.awb]));
      expect(screen.getByRole('heading', { name: 'Active air waybills' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Active (2)' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Archived (1)' })).toBeInTheDocument();
      expect(api.callsTo(LIST)[0]?.query).toEqual({ status: 'active', limit: '50', sort: 'created_desc' });
      expect(rows()[1]).toHaveTextContent('Landed');

      api.route(LIST, byTab({ active: [af, lh], archived: [old] }));
      await user.click(screen.getByRole('button', { name: 'Landing' }));
      await waitFor(() => expect(api.callsTo(LIST).at(-1)?.query).toMatchObject({ sort: 'landing_asc' }));
      expect(router.state.location.search).toBe('?sort=landing_asc');
      await waitFor(() => expect(numbersShown()).toEqual([af.awb, lh.awb]));

      await user.click(screen.getByRole('tab', { name: 'Archived (1)' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/shipments/air/archived'));
      await waitFor(() => expect(numbersShown()).toEqual([old.awb]));
    });

    it('archives the selected rows and stars one, through the shared list actions', async () => {
      const api = serve({
        'POST /api/shipments/air/archive': ok({ updatedIds: [af.airShipmentId] }),
        'POST /api/shipments/air/favorite': ok({ updatedIds: [lh.airShipmentId] }),
      });
      renderRoutes(appRoutes, '/shipments/air/active');
      const user = userEvent.setup();
      await waitFor(() => expect(rows()).toHaveLength(2));

      await user.click(screen.getByRole('button', { name: `Add ${lh.awb} to favourites` }));
      await waitFor(() =>
        expect(api.callsTo('POST /api/shipments/air/favorite')[0]?.body).toEqual({
          airShipmentIds: [lh.airShipmentId],
          favorite: true,
        }),
      );
      expect(screen.getByRole('button', { name: `Remove ${lh.awb} from favourites` })).toBeInTheDocument();

      await user.click(screen.getByRole('checkbox', { name: `Select ${af.awb}` }));
      const bar = await screen.findByRole('group', { name: 'Selected shipments' });
      api.route(LIST, byTab({ active: [{ ...lh, favorite: true }], archived: [af, old] }));
      await user.click(within(bar).getByRole('button', { name: 'Archive' }));

      await waitFor(() => expect(numbersShown()).toEqual([lh.awb]));
      expect(api.callsTo('POST /api/shipments/air/archive')[0]?.body).toEqual({
        airShipmentIds: [af.airShipmentId],
        archived: true,
      });
      expect(await screen.findByText('Archived 1 shipment')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Active (1)' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Archived (2)' })).toBeInTheDocument();
    });

    it('says so when its list cannot be loaded', async () => {
      serve({ [LIST]: fail(500, 'INTERNAL', 'Down') });
      renderRoutes(appRoutes, '/shipments/air/active');
      expect(await screen.findByText('Could not load the shipments')).toBeInTheDocument();
    });
  });
});
