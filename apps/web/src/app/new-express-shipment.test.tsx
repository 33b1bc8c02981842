import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import { intakeOutcome } from '../test/express-shipment-fixtures';
import { acme, acmeDefault, beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';
import { testApp } from '../test/app';

const CREATE = 'POST /api/shipments/express';
const PAGE = '/new-shipments/truck/express';

function serve(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/custom-fields': ok({ fields: [] }),
    ...extra,
  });
}

const numberInput = () => screen.findByRole('textbox', { name: /Tracking number/ });
const carrierSelect = () => screen.getByRole('combobox', { name: /Carrier/ });

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser();
});

describe('new ground shipment: one parcel', { timeout: 20_000 }, () => {
  it('recognises carrier and service as the number is typed, and refuses a wrong check digit', async () => {
    const api = serve();
    renderRoutes(appRoutes, PAGE);
    const user = userEvent.setup();
    const input = await numberInput();

    await user.type(input, '1z5r8 9390 3575 6712');
    // Not a whole number yet: nothing is wrong, nothing is recognised.
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/UPS United States Ground/)).not.toBeInTheDocument();

    await user.type(input, '7');
    expect(await screen.findByTestId('parcel-detection')).toHaveTextContent('UPS · UPS United States Ground');
    expect(carrierSelect()).toHaveValue('UPS');

    await user.clear(input);
    await user.type(input, '1Z5R89390357567128');
    expect(await screen.findByText('The check digit of this UPS number is wrong.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Track parcel' }));
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('sends the normalised number with its carrier and links the created parcel to its page', async () => {
    const outcome = intakeOutcome({ trackingNo: '1Z5R89390357567127', carrier: 'ups' });
    const api = serve({ [CREATE]: ok([outcome]) });
    const { router } = renderRoutes(appRoutes, PAGE);
    const user = userEvent.setup();

    await user.type(await numberInput(), ' 1z5r8-9390 3575 67127 ');
    await user.click(screen.getByRole('button', { name: 'Track parcel' }));

    expect(await screen.findByText('Now tracking 1Z5R89390357567127')).toBeInTheDocument();
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      items: [{ trackingNo: '1Z5R89390357567127', carrier: 'ups' }],
    });
    // The form is ready for the next parcel.
    expect(await numberInput()).toHaveValue('');
    await user.click(screen.getByRole('link', { name: 'Open 1Z5R89390357567127' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/shipment/truck/express/${outcome.expressOrderId!}/1Z5R89390357567127`,
      ),
    );
  });

  it('tracks a number no format fits once the user chooses the carrier', async () => {
    const api = serve({
      [CREATE]: ok([intakeOutcome({ trackingNo: 'ABCDE12345XYZ', carrier: 'gls' })]),
    });
    renderRoutes(appRoutes, PAGE);
    const user = userEvent.setup();

    await user.type(await numberInput(), 'abcde-12345-xyz');
    expect(screen.getByTestId('parcel-detection')).toHaveTextContent(
      'We could not recognise this tracking number. Choose the carrier to track it anyway.',
    );
    await user.click(screen.getByRole('button', { name: 'Track parcel' }));
    expect(await numberInput()).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await user.click(carrierSelect());
    await user.type(carrierSelect(), 'gl');
    await user.click(await screen.findByRole('option', { name: 'GLS' }));
    expect(screen.getByTestId('parcel-detection')).toHaveTextContent(
      'Tracked with GLS; the number’s format is not checked.',
    );
    await user.click(screen.getByRole('button', { name: 'Track parcel' }));

    expect(await screen.findByText('Now tracking ABCDE12345XYZ')).toBeInTheDocument();
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      items: [{ trackingNo: 'ABCDE12345XYZ', carrier: 'gls' }],
    });
  });

  it('shows an already tracked parcel with its link, and a refusal with the server’s reason', async () => {
    const api = serve({
      [CREATE]: ok([intakeOutcome({ outcome: 'already_tracked', message: 'In the archived list' })]),
    });
    renderRoutes(appRoutes, PAGE);
    const user = userEvent.setup();

    await user.type(await numberInput(), '1Z5R89390357567127');
    await user.click(screen.getByRole('button', { name: 'Track parcel' }));
    expect(await screen.findByTestId('single-outcome')).toHaveTextContent(
      '1Z5R89390357567127 is already tracked hereIn the archived list. Open 1Z5R89390357567127',
    );

    api.route(
      CREATE,
      ok([
        intakeOutcome({
          outcome: 'refused',
          message: 'This carrier cannot be tracked yet',
          expressOrderId: null,
        }),
      ]),
    );
    await user.type(await numberInput(), '1Z5R89390357567127');
    await user.click(screen.getByRole('button', { name: 'Track parcel' }));
    await waitFor(() =>
      expect(screen.getByTestId('single-outcome')).toHaveTextContent(
        '1Z5R89390357567127 was not addedThis carrier cannot be tracked yet',
      ),
    );
    expect(screen.queryByRole('link', { name: /^Open/ })).not.toBeInTheDocument();
    // A refused number stays in the field, to be corrected.
    expect(await numberInput()).toHaveValue('1Z5R89390357567127');
  });

  it('shows a refusal of the whole request clearly', async () => {
    serve({
      [CREATE]: fail(
        403,
        'FORBIDDEN',
        'You can view shipments but not add them. Ask a company admin for permission.',
      ),
    });
    renderRoutes(appRoutes, PAGE);
    const user = userEvent.setup();

    await user.type(await numberInput(), '1Z5R89390357567127');
    await user.click(screen.getByRole('button', { name: 'Track parcel' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot add shipments in this workspace');
    expect(alert).toHaveTextContent('You can view shipments but not add them.');
  });

  it('lets a view-only member see the form but not submit it', async () => {
    const api = fakeApi({
      'GET /api/workspaces/get': ok([beta]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
    });
    renderRoutes(appRoutes, PAGE);

    expect(await screen.findByText('You can view shipments but not add them')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your access in this workspace is view only. Ask a company admin of Beta Logistics to let you create shipments.',
      ),
    ).toBeInTheDocument();
    expect(await numberInput()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Track parcel' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: /Paste tracking numbers/ })).not.toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('tells a member without shipment access what is true and whom to ask, and shows no form', async () => {
    const api = fakeApi({
      'GET /api/workspaces/get': ok([{ ...beta, shipmentPermission: 2 }]),
      'POST /api/workspaces/setCookies': ok(selectionOf(betaDesk)),
    });
    renderRoutes(appRoutes, PAGE);

    expect(await screen.findByText('No access to shipments in this workspace')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'New ground shipment' })).toBeInTheDocument();
    expect(
      screen.getByText(/Ask a company admin of Beta Logistics for view or create access\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByText('You can view shipments but not add them')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Tracking number/ })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('no-shipment-access')).queryByRole('link')).not.toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });
});

describe('new ground shipment: many parcels at once', { timeout: 20_000 }, () => {
  it('previews every row with its carrier or error, skips duplicates, sends the rest and links each outcome', async () => {
    const created = intakeOutcome({ trackingNo: '1Z5R89390357567127', carrier: 'ups' });
    const tracked = intakeOutcome({
      trackingNo: '794616896420',
      carrier: 'fedex',
      outcome: 'already_tracked',
      message: 'Already tracked',
    });
    const refused = intakeOutcome({
      trackingNo: 'ABCDE12345XYZ',
      carrier: 'gls',
      outcome: 'refused',
      message: 'Carrier unavailable',
      expressOrderId: null,
    });
    const api = serve({ [CREATE]: ok([created, tracked, refused]) });
    const { router } = renderRoutes(appRoutes, PAGE);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('textbox', { name: /Paste tracking numbers/ }));
    await user.paste(
      [
        '1Z5R89390357567127',
        '794616896420\tFedEx',
        '1Z5R89390357567128',
        '1z5r 8939 0357 5671 27',
        'ABCDE12345XYZ; GLS',
      ].join('\n'),
    );

    const preview = await screen.findByTestId('bulk-preview');
    const rows = within(preview).getAllByTestId('bulk-row');
    expect(rows.map((row) => row.dataset.state)).toEqual(['ready', 'ready', 'error', 'duplicate', 'ready']);
    expect(rows[0]).toHaveTextContent('UPS detected');
    expect(rows[0]).toHaveTextContent('UPS United States Ground');
    expect(rows[2]).toHaveTextContent('The check digit of this UPS number is wrong.');
    expect(rows[3]).toHaveTextContent('Duplicate of line 1: skipped');
    expect(screen.getByTestId('bulk-summary')).toHaveTextContent('5 rows3 ready1 with errors1 duplicate');

    await user.click(screen.getByRole('button', { name: 'Track 3 shipments' }));

    const outcomes = await screen.findByTestId('intake-outcomes');
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      items: [
        { trackingNo: '1Z5R89390357567127', carrier: 'ups' },
        { trackingNo: '794616896420', carrier: 'fedex' },
        { trackingNo: 'ABCDE12345XYZ', carrier: 'gls' },
      ],
    });
    const results = within(outcomes).getAllByTestId('outcome-row');
    expect(results.map((row) => [row.firstChild?.textContent, row.dataset.outcome])).toEqual([
      ['1', 'created'],
      ['2', 'already_tracked'],
      ['5', 'refused'],
    ]);
    expect(results[2]).toHaveTextContent('Carrier unavailable');
    expect(within(results[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(outcomes).getByRole('link', { name: 'Go to the list' })).toHaveAttribute(
      'href',
      '/shipments/truck/express/active',
    );
    await user.click(within(outcomes).getByRole('link', { name: '794616896420' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/shipment/truck/express/${tracked.expressOrderId!}/794616896420`,
      ),
    );
  });
});

describe('/new-shipments/create follows the site type', { timeout: 20_000 }, () => {
  it('shows the ground form on the Ground side and swaps with the switcher, staying on the page', async () => {
    serve();
    testApp().uiStore.setState({ siteType: 'ground' });
    const { router } = renderRoutes(appRoutes, '/new-shipments/create');

    expect(await screen.findByRole('heading', { level: 1, name: 'New ground shipment' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('radio', { name: 'Ocean' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New ocean shipment' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/new-shipments/create');
  });
});
