import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ExpressSearchResult,
  OceanSearchResult,
  SearchAnswer,
} from '@tracklane/shared/search/search.schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, type RecordedCall } from '../test/fake-api';
import { acme, acmeImports, beta, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

const imported: OceanSearchResult = {
  mode: 'ocean',
  shipmentId: 's-2',
  containerNo: 'TGHU1000012',
  mblNo: 'MEDU700000001',
  carrierScac: 'MSCU',
  workspace: { id: 'w-2', name: 'Imports Europe' },
  organization: { id: 'o-1', name: 'Acme Freight' },
  state: 'active',
  status: 'in_transit',
  archived: false,
  tags: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  match: {
    field: 'containerNo',
    value: 'TGHU1000012',
    exact: false,
    fieldName: 'Container',
    label: 'Container: TGHU1000012',
  },
};

const home: OceanSearchResult = {
  ...imported,
  shipmentId: 's-1',
  containerNo: 'TGHU1000020',
  mblNo: 'MEDU700000002',
  workspace: { id: 'w-1', name: 'Default Workspace' },
  status: 'discharged',
  archived: true,
  tags: ['TGH-urgent'],
  match: { field: 'tag', value: 'TGH-urgent', exact: false, fieldName: 'Tag', label: 'Tag: TGH-urgent' },
};

const parcel: ExpressSearchResult = {
  mode: 'express',
  shipmentId: 'e-9',
  expressOrderId: 'e-9',
  expressOrderNo: 'TGH00000000123',
  carrier: 'gls',
  workspace: { id: 'w-3', name: 'Rotterdam Desk' },
  organization: { id: 'o-2', name: 'Beta Logistics' },
  state: 'active',
  status: 'out_for_delivery',
  archived: false,
  tags: [],
  createdAt: '2026-11-19T10:00:00.000Z',
  match: {
    field: 'trackingNo',
    value: 'TGH00000000123',
    exact: false,
    fieldName: 'Tracking number',
    label: 'Tracking number: TGH00000000123',
  },
};

const answer = (items: SearchAnswer['items'], truncated = false): SearchAnswer => ({ items, truncated });

function server(search: (call: RecordedCall) => ReturnType<typeof ok> | Response = () => ok(answer([]))) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme, beta]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acme.workspaces[0]!)),
    'GET /api/workspaces/invite/list': ok([]),
    'GET /api/notification/get': ok({
      notifications: [],
      totalNumber: 0,
      unreadNumber: 0,
      pageNo: 1,
      pageSize: 10,
    }),
    'POST /api/comments/at/list': ok({
      atList: [],
      pageNo: 1,
      pageSize: 10,
      totalNumber: 0,
      totalPage: 0,
      unreadNumber: 0,
    }),
    'GET /api/search': search,
    'POST /api/workspaces/currentId': (call) =>
      ok(
        selectionOf(
          [...acme.workspaces, ...beta.workspaces].find(
            (w) => w.workspaceId === (call.body as { workspaceId: string }).workspaceId,
          )!,
        ),
      ),
  });
}

beforeEach(() => {
  signInAsAgreedUser();
});

const box = () => screen.findByRole('combobox', { name: /Search shipments/ });

describe('the top bar’s search', () => {
  it('finds shipments in every workspace as one types, and Enter opens the chosen one in its workspace', async () => {
    const api = server(() => ok(answer([imported, home, parcel])));
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.type(await box(), ' tghu 1');

    const list = await screen.findByRole('listbox', { name: 'Shipments found' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(3);
    // Each names its number, mode, status, what matched and where it is.
    expect(options[0]).toHaveTextContent('TGHU1000012');
    expect(options[0]).toHaveTextContent('Ocean · B/L MEDU700000001');
    expect(options[0]).toHaveTextContent('In transit');
    expect(options[0]).toHaveTextContent('Imports Europe · Acme Freight');
    expect(options[1]).toHaveTextContent('Archived');
    expect(options[1]).toHaveTextContent('Tag: TGH-urgent');
    expect(options[1]).toHaveTextContent('Default Workspace · Acme Freight');
    expect(options[2]).toHaveTextContent('Parcel · GLS');
    expect(options[2]).toHaveTextContent('Out for delivery');
    expect(options[2]).toHaveTextContent('Rotterdam Desk · Beta Logistics');
    // One request, for the text as typed once it paused (trimmed).
    expect(api.callsTo('GET /api/search').map((c) => c.query.q)).toEqual(['tghu 1']);

    const input = await box();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/truck/express/e-9/TGH00000000123'),
    );
    expect(router.state.location.search).toMatch(/^\?timeZone=/);
    expect(api.callsTo('POST /api/workspaces/currentId').map((c) => c.body)).toEqual([
      { workspaceId: 'w-3' },
    ]);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(await box()).toHaveValue('');
  });

  it('opens a result of the workspace the tab shows without switching, by click', async () => {
    const api = server(() => ok(answer([home, imported])));
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.type(await box(), 'TGHU');
    await userEvent.click((await screen.findAllByRole('option'))[0]!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/ocean/TGHU1000020/MEDU700000002'),
    );
    expect(api.callsTo('POST /api/workspaces/currentId')).toHaveLength(0);
  });

  it('switches workspace before opening a container of another one', async () => {
    const api = server(() => ok(answer([imported])));
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.type(await box(), 'TGHU1000012');
    await screen.findByRole('option');
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/ocean/TGHU1000012/MEDU700000001'),
    );
    expect(api.callsTo('POST /api/workspaces/currentId')[0]!.body).toEqual({
      workspaceId: acmeImports.workspaceId,
    });
  });

  it('stays put and says why when the workspace cannot be switched to any more', async () => {
    const api = server(() => ok(answer([imported])));
    api.route(
      'POST /api/workspaces/currentId',
      fail(404, 'NOT_FOUND', 'You are not a member of this workspace.'),
    );
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.type(await box(), 'TGHU');
    await userEvent.click(await screen.findByRole('option'));
    expect(await screen.findByText('Could not open TGHU1000012 in Imports Europe')).toBeInTheDocument();
    expect(screen.getByText('You are not a member of this workspace.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/ocean');
  });

  it('opens the best match when Enter comes before the list has caught up (a pasted number)', async () => {
    const api = server(() => ok(answer([imported])));
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    const input = await box();
    await userEvent.click(input);
    await userEvent.paste('TGHU1000012');
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/shipment/ocean/TGHU1000012/MEDU700000001'),
    );
    expect(api.callsTo('GET /api/search').map((c) => c.query.q)).toEqual(['TGHU1000012']);
  });

  it('says what to type, and asks nothing, until two characters are typed', async () => {
    const api = server();
    renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.type(await box(), 'T-');
    expect(await screen.findByTestId('search-hint')).toHaveTextContent(
      'Type at least 2 characters of a number or tag to search.',
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.callsTo('GET /api/search')).toHaveLength(0);
  });

  it('says which reference or custom field matched, the typed part marked', async () => {
    server(() =>
      ok(
        answer([
          {
            ...imported,
            match: {
              field: 'customField',
              customFieldId: 'f-1',
              value: 'Alpha Rotterdam',
              exact: false,
              fieldName: 'Customer project',
              label: 'Customer project: Alpha Rotterdam',
            },
          },
          {
            ...parcel,
            match: {
              field: 'poNumber',
              value: '4500012345',
              exact: true,
              fieldName: 'PO',
              label: 'PO: 4500012345',
            },
          },
        ]),
      ),
    );
    renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.type(await box(), 'alpha');
    const list = await screen.findByRole('listbox', { name: 'Shipments found' });
    const matches = within(list).getAllByTestId('search-result-match');
    expect(matches.map((m) => m.textContent)).toEqual([
      'Customer project: Alpha Rotterdam',
      'PO: 4500012345',
    ]);
    // The typed beginning is marked: "Alpha" of the field value, the whole PO (an exact match).
    expect(matches[0]!.querySelector('mark')).toHaveTextContent(/^Alpha$/);
    expect(matches[1]!.querySelector('mark')).toHaveTextContent(/^4500012345$/);
  });

  it('says when nothing matches', async () => {
    server(() => ok(answer([])));
    renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.type(await box(), 'ZZZU');
    expect(await screen.findByTestId('search-empty')).toHaveTextContent('No shipment matches “ZZZU”');
  });

  it('says that more matched than it shows', async () => {
    server(() => ok(answer([imported, home], true)));
    renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.type(await box(), 'TG');
    expect(await screen.findByTestId('search-truncated')).toHaveTextContent(
      'The first 2 matches: type more of the number to narrow them down.',
    );
  });

  it('shows a failure with its reason and tries again on request', async () => {
    let calls = 0;
    server(() => {
      calls += 1;
      return calls === 1
        ? fail(503, 'UNAVAILABLE', 'The database is not answering.')
        : ok(answer([imported]));
    });
    renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.type(await box(), 'TGHU');
    const alert = await screen.findByTestId('search-error');
    expect(alert).toHaveTextContent('Search failed: The database is not answering.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option')).toHaveTextContent('TGHU1000012');
  });
});

describe('the search from the keyboard', () => {
  it('is focused by Ctrl+K anywhere and by / outside a text field; Escape closes, then empties', async () => {
    server(() => ok(answer([imported])));
    renderRoutes(appRoutes, '/dashboard/ocean');
    const input = await box();
    expect(input).not.toHaveFocus();

    await userEvent.keyboard('{Control>}k{/Control}');
    expect(input).toHaveFocus();
    await userEvent.keyboard('TGHU');
    await screen.findByRole('option');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('TGHU');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');

    act(() => input.blur());
    // `/` from the page (not typed into a field) focuses the box and is not typed into it.
    fireEvent.keyDown(document.body, { key: '/' });
    expect(input).toHaveFocus();
    expect(input).toHaveValue('');
    // ArrowDown reopens a list closed with Escape.
    await userEvent.keyboard('TGHU');
    await screen.findByRole('option');
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });

  it('leaves / alone in a text field', async () => {
    server();
    renderRoutes(appRoutes, '/dashboard/ocean');
    const input = await box();
    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(input).not.toHaveFocus();
    other.remove();
  });
});
