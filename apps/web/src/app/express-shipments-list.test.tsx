import { busyExpressDashboard } from '../test/dashboard-fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../test/fake-api';
import { expressListPage } from '../test/express-shipment-fixtures';
import { beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import {
  LIST,
  ARCHIVE,
  ups,
  fedex,
  lost,
  archivedOne,
  byTab,
  serve,
  rows,
  numbersShown,
  cell,
} from '../test/express-shipments-list-page';

setUpSignedInPage();

describe('express shipment list: tabs and counts (spec §3, §4)', { timeout: 20_000 }, () => {
  it('offers a view-only member (permission 1) no selection or archive, but a star of their own', async () => {
    serve(
      { active: [ups, { ...fedex, favorite: true }], notFound: [], archived: [] },
      {
        'GET /api/workspaces/get': ok([beta]),
        'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
      },
    );
    renderRoutes(appRoutes, '/shipments/truck/express/active');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Archive/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New shipment' })).not.toBeInTheDocument();
    // Favourites are personal (ADR 0033): the reader's own star is theirs to turn.
    expect(within(rows()[0]!).getByRole('button', { name: /^Add .* to favourites$/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(rows()[1]!).getByRole('button', { name: /^Remove .* from favourites$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Open 794616896420' })).toBeInTheDocument();
  });

  it('shows the three tabs’ counts from the list answer, and the parcels of the active one', async () => {
    const api = serve({ active: [ups, fedex], notFound: [lost], archived: [archivedOne] });
    renderRoutes(appRoutes, '/shipments/truck/express/active');

    expect(await screen.findByRole('tab', { name: 'Active (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Not found (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (1)' })).toBeInTheDocument();
    await waitFor(() => expect(numbersShown()).toEqual(['1Z5R89390357567127', '794616896420']));
    expect(api.callsTo(LIST)[0]?.query).toEqual({ status: 'active', limit: '50', sort: 'created_desc' });
    // Status in words, places as the carrier names them, days in the user's zone (Europe/London).
    expect(cell(1, 'status')).toBe('Delivered');
    expect(cell(1, 'lastLocation')).toBe('Memphis, US');
    expect(cell(1, 'delivered')).toBe('04/03/2025');
    expect(cell(0, 'estimatedDelivery')).toBe('05/03/2025');
    expect(cell(0, 'delivered')).toBe('-');
    expect(screen.getByRole('link', { name: '794616896420' })).toHaveAttribute(
      'href',
      `/shipment/truck/express/${fedex.expressOrderId}/794616896420`,
    );
  });

  it('archives the selected rows: they leave the list and all three counts change', async () => {
    const tabs = { active: [ups, fedex], notFound: [lost], archived: [archivedOne] };
    const api = serve(tabs, {
      [ARCHIVE]: ok({
        updatedIds: [fedex.expressOrderId],
        activeCount: 1,
        notFoundCount: 1,
        archivedCount: 2,
      }),
    });
    const { router } = renderRoutes(appRoutes, '/shipments/truck/express/active');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('checkbox', { name: 'Select 794616896420' }));
    const bar = await screen.findByRole('group', { name: 'Selected shipments' });
    api.route(LIST, byTab({ active: [ups], notFound: [lost], archived: [fedex, archivedOne] }));
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(numbersShown()).toEqual(['1Z5R89390357567127']));
    expect(api.callsTo(ARCHIVE)[0]?.body).toEqual({
      expressOrderIds: [fedex.expressOrderId],
      archived: true,
    });
    expect(screen.getByRole('tab', { name: 'Active (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Not found (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (2)' })).toBeInTheDocument();
    expect(await screen.findByText('Archived 1 shipment')).toBeInTheDocument();
    // The active list was not fetched again: the rows around stayed where they were.
    expect(api.callsTo(LIST).filter((c) => c.query.status === 'active')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Archived (2)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipments/truck/express/archived'));
    await waitFor(() => expect(numbersShown()).toEqual(['794616896420', 'JJD000390007123456789']));
  });

  it('moves a row back from the archive with its hover action', async () => {
    const api = serve(
      { active: [ups], notFound: [], archived: [archivedOne] },
      {
        [ARCHIVE]: ok({
          updatedIds: [archivedOne.expressOrderId],
          activeCount: 2,
          notFoundCount: 0,
          archivedCount: 0,
        }),
      },
    );
    renderRoutes(appRoutes, '/shipments/truck/express/archived');
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Move back to active: JJD000390007123456789' }));

    expect(await screen.findByText('Nothing archived yet')).toBeInTheDocument();
    expect(api.callsTo(ARCHIVE)[0]?.body).toEqual({
      expressOrderIds: [archivedOne.expressOrderId],
      archived: false,
    });
    expect(screen.getByRole('tab', { name: 'Active (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (0)' })).toBeInTheDocument();
    expect(await screen.findByText('Unarchived 1 shipment')).toBeInTheDocument();
  });
});

describe('express shipment list: the not-found tab', { timeout: 20_000 }, () => {
  it('says what not found means above its parcels, and archives from there too', async () => {
    const api = serve(
      { active: [ups], notFound: [lost], archived: [] },
      {
        [ARCHIVE]: ok({
          updatedIds: [lost.expressOrderId],
          activeCount: 1,
          notFoundCount: 0,
          archivedCount: 1,
        }),
      },
    );
    renderRoutes(appRoutes, '/shipments/truck/express/not-found');
    const user = userEvent.setup();

    expect(await screen.findByRole('tab', { name: 'Not found (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(numbersShown()).toEqual(['9400111899223344556677']));
    expect(api.callsTo(LIST)[0]?.query).toMatchObject({ status: 'notFound' });
    expect(screen.getByTestId('list-note')).toHaveTextContent(
      /No carrier knew these tracking numbers within the retry window.*once a day.*back to Active by itself/,
    );
    expect(cell(0, 'status')).toBe('Not found');
    expect(cell(0, 'lastLocation')).toBe('-');

    await user.click(screen.getByRole('checkbox', { name: 'Select 9400111899223344556677' }));
    const bar = await screen.findByRole('group', { name: 'Selected shipments' });
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Every tracking number was found')).toBeInTheDocument();
    expect(api.callsTo(ARCHIVE)[0]?.body).toEqual({ expressOrderIds: [lost.expressOrderId], archived: true });
    expect(screen.getByRole('tab', { name: 'Not found (0)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Archived (1)' })).toBeInTheDocument();
    // Its empty state explains the tab in the note's place.
    expect(screen.getByTestId('empty-not-found')).toHaveTextContent(/retry window.*once a day/);
    expect(screen.queryByTestId('list-note')).not.toBeInTheDocument();
  });
});

describe('express shipment list: empty states', { timeout: 20_000 }, () => {
  it('invites a creator to add the first parcel', async () => {
    serve({ active: [], notFound: [], archived: [] });
    renderRoutes(appRoutes, '/shipments/truck/express/active');

    expect(await screen.findByText('No parcels yet — add your first tracking number')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a shipment' })).toHaveAttribute(
      'href',
      '/new-shipments/truck/express',
    );
  });

  it('narrows to a dashboard card’s parcels with ?attention=, under a chip that removes it', async () => {
    const api = serve(
      { active: [ups, fedex], notFound: [lost], archived: [archivedOne] },
      {
        [LIST]: (call) =>
          ok(
            expressListPage(call.query.attention === 'late' ? [ups] : [ups, fedex], {
              activeCount: 2,
              notFoundCount: 1,
              archivedCount: 1,
            }),
          ),
        'GET /api/dashboard/express': ok(busyExpressDashboard()),
      },
    );
    const { router } = renderRoutes(appRoutes, '/shipments/truck/express/active?attention=late');
    const user = userEvent.setup();

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.callsTo(LIST)[0]?.query).toMatchObject({ status: 'active', attention: 'late' });
    const chip = await screen.findByTestId('attention-filter');
    await waitFor(() => expect(chip).toHaveTextContent('Attention: Late against the estimate'));

    await user.click(within(chip).getByRole('button', { name: 'Remove the attention filter' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/shipments/truck/express/active');
    expect(router.state.location.search).toBe('');
    expect(api.callsTo(LIST).at(-1)?.query.attention).toBeUndefined();
  });
});
