import { screen, within } from '@testing-library/react';
import type { BellNotification } from '@tracklane/shared/notifications/notifications.schema';
import type { CommentMention } from '@tracklane/shared/comments/comments.schema';
import type { SearchResult } from '@tracklane/shared/search/search.schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../../app/router';
import { commentMentionHref } from '../../../app/use-open-comment-mention';
import { SiteTypeSwitcher } from '../../../features/navigation/components/site-type-switcher';
import { notificationTarget, shipmentLabel } from '../../../features/notifications/utils/notification-target';
import { SearchResults } from '../../../features/search/components/search-results';
import { searchResultHref } from '../../../features/search/utils/search-result-href';
import { resetAllStores } from '../../../lib/store-reset';
import { MODE_LIST, modeOf, registerModeForTests } from '../../../modes/registry';
import { modePages } from '../../../app/mode-pages';
import { fakeApi, ok } from '../../fake-api';
import { acme, acmeDefault, selectionOf } from '../../organization-fixtures';
import { renderRoutes, renderWithProviders } from '../../render';
import { signInAsAgreedUser } from '../../session';
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
      resetAllStores();
      signInAsAgreedUser();
      fakeApi({
        'GET /api/workspaces/get': ok([acme]),
        'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
      });
      const { list, detail, newShipment } = modePages(AIR_MODE as never);
      await Promise.all([list.preload(), detail.preload(), newShipment.preload()]);
    });

    it('opens its detail page at its route', async () => {
      renderRoutes(buildRoutes(), `/shipment/air/${AWB}`);
      expect(await screen.findByTestId('air-detail')).toHaveTextContent(`Air waybill ${AWB}`);
    });

    it('opens each tab of its list and its new-shipment page', async () => {
      const archived = renderRoutes(buildRoutes(), '/shipments/air/archived');
      expect(await screen.findByTestId('air-list')).toHaveTextContent('Air waybills: archived');
      archived.unmount();
      renderRoutes(buildRoutes(), '/new-shipments/air');
      expect(await screen.findByTestId('air-new')).toBeInTheDocument();
    });
  });
});
