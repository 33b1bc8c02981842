import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FirstUnreadInviteNotice } from '../features/sharing/components/first-unread-invite-notice';
import { TutorialTooltip } from '../features/tutorial/components/tutorial-tooltip';
import { fakeApi, ok } from '../test/fake-api';
import { renderRoutes } from '../test/render';
import { testApp } from '../test/app';

const USER = '6f1c1c8e-64a1-4d55-9c59-2a4f0b8b1b11';

function wideWindow(wide: boolean) {
  Object.defineProperty(window, 'innerWidth', {
    configurable: true,
    writable: true,
    value: wide ? 1280 : 900,
  });
}

/** A shell with the sidebar's New Shipment item to point at (jsdom has no layout: its box is given). */
function Shell({ userId, sharedNotice }: { userId: string | null; sharedNotice: boolean }) {
  return (
    <>
      <ul>
        <li data-tutorial="new-shipment">New Shipment</li>
      </ul>
      <main id="main-content">
        <Outlet />
      </main>
      <TutorialTooltip userId={userId} siteType="ocean" />
      {sharedNotice ? <FirstUnreadInviteNotice timeZone="UTC" /> : null}
    </>
  );
}

function render(path: string, userId: string | null = USER, sharedNotice = false) {
  return renderRoutes(
    [
      {
        element: <Shell userId={userId} sharedNotice={sharedNotice} />,
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/dashboard/ocean', element: <h1>Ocean dashboard</h1> },
          { path: '/shipments/ocean/active', element: <h1>Shipments</h1> },
          { path: '/new-shipments/ocean', element: <h1>New ocean shipment</h1> },
        ],
      },
    ],
    path,
  );
}

const statuses = (display: boolean) => ({
  singleShipment: { display: true },
  multipleShipments: { display },
});

describe('tutorial tooltip', () => {
  beforeEach(() => {
    testApp().tutorialStore.setState({ progress: 'welcome' });
    wideWindow(true);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 200,
      left: 60,
      right: 296,
      bottom: 240,
      width: 236,
      height: 40,
      x: 60,
      y: 200,
      toJSON: () => ({}),
    });
  });

  it('shows step one, 400 px wide, and NEXT leads to the new shipment page of the site type', async () => {
    const api = fakeApi({
      'POST /api/_api/user-journey/getTutorialsStatuses': ok(statuses(true)),
      'POST /api/_api/user-journey/post': ok({ recorded: true }),
    });
    const user = userEvent.setup();
    const { router } = render('/dashboard/ocean');
    const tooltip = await screen.findByRole('dialog', { name: "Welcome! Let's start tracking" });
    expect(tooltip).toHaveTextContent('Go to New Shipment');
    expect(tooltip.style.width).toBe('400px');
    expect(api.callsTo('POST /api/_api/user-journey/getTutorialsStatuses')[0]!.body).toEqual({ id: USER });
    for (const name of ["Don't show me again", 'CANCEL', 'NEXT'])
      expect(within(tooltip).getByRole('button', { name })).toBeVisible();
    await user.click(within(tooltip).getByRole('button', { name: 'NEXT' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-shipments/ocean'));
    expect(await screen.findByRole('dialog', { name: 'Add your first shipment' })).toBeVisible();
  });

  it("turns the tutorial off on the server with Don't show me again", async () => {
    const api = fakeApi({
      'POST /api/_api/user-journey/getTutorialsStatuses': ok(statuses(true)),
      'POST /api/_api/user-journey/updateTutorialStatus': ok(statuses(false)),
      'POST /api/_api/user-journey/post': ok({ recorded: true }),
    });
    const user = userEvent.setup();
    render('/');
    const tooltip = await screen.findByRole('dialog', { name: "Welcome! Let's start tracking" });
    await user.click(within(tooltip).getByRole('button', { name: "Don't show me again" }));
    await waitFor(() => expect(screen.queryByTestId('tutorial-tooltip')).toBeNull());
    expect(api.callsTo('POST /api/_api/user-journey/updateTutorialStatus')[0]!.body).toEqual({
      id: USER,
      tutorial: 'multipleShipments',
      display: false,
    });
  });

  it('stays hidden when the flag is off, on other pages, in a narrow window, and without a user', async () => {
    const api = fakeApi({ 'POST /api/_api/user-journey/getTutorialsStatuses': ok(statuses(false)) });
    const first = render('/');
    await waitFor(() =>
      expect(api.callsTo('POST /api/_api/user-journey/getTutorialsStatuses')).toHaveLength(1),
    );
    await screen.findByRole('heading', { name: 'Home' });
    expect(screen.queryByTestId('tutorial-tooltip')).toBeNull();
    first.unmount();

    api.route('POST /api/_api/user-journey/getTutorialsStatuses', ok(statuses(true)));
    const other = render('/shipments/ocean/active');
    await screen.findByRole('heading', { name: 'Shipments' });
    expect(screen.queryByTestId('tutorial-tooltip')).toBeNull();
    other.unmount();

    wideWindow(false);
    const narrow = render('/');
    await screen.findByRole('heading', { name: 'Home' });
    expect(screen.queryByTestId('tutorial-tooltip')).toBeNull();
    narrow.unmount();

    wideWindow(true);
    const before = api.calls.length;
    render('/', null);
    await screen.findByRole('heading', { name: 'Home' });
    expect(screen.queryByTestId('tutorial-tooltip')).toBeNull();
    expect(api.calls.length).toBe(before);
  });

  it('CANCEL hides it for this visit', async () => {
    fakeApi({
      'POST /api/_api/user-journey/getTutorialsStatuses': ok(statuses(true)),
      'POST /api/_api/user-journey/post': ok({ recorded: true }),
    });
    const user = userEvent.setup();
    render('/');
    const tooltip = await screen.findByRole('dialog', { name: "Welcome! Let's start tracking" });
    await user.click(within(tooltip).getByRole('button', { name: 'CANCEL' }));
    expect(screen.queryByTestId('tutorial-tooltip')).toBeNull();
    expect(testApp().tutorialStore.getState().progress).toBe('cancelled');
  });
  it('waits while the shared-with-you dialog is open: one first-run prompt at a time', async () => {
    fakeApi({
      'POST /api/_api/user-journey/getTutorialsStatuses': ok(statuses(true)),
      'POST /api/_api/user-journey/post': ok({ recorded: true }),
      'GET /api/invite/get-first-unread-notification': ok({
        id: 'n-1',
        overallId: 's-1',
        shipmentType: 'ocean',
        name: 'Grace Hopper',
        number: 'MSCU1234566',
        sharedAt: '2026-11-20T10:00:00.000Z',
        isRead: false,
      }),
    });
    const user = userEvent.setup();
    render('/dashboard/ocean', USER, true);
    const shared = await screen.findByRole('dialog', { name: 'A shipment was shared with you' });
    expect(screen.queryByTestId('tutorial-tooltip')).toBeNull();

    await user.click(within(shared).getByRole('button', { name: 'Later' }));
    expect(await screen.findByRole('dialog', { name: "Welcome! Let's start tracking" })).toBeVisible();
  });
});
