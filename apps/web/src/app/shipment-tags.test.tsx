import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertRulesResult } from '@tracklane/shared/alerts/alerts.schema';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, type RecordedCall } from '../test/fake-api';
import { expressShipmentDetail } from '../test/express-shipment-fixtures';
import { listPage, noOptions, oceanShipment, oceanShipmentDetail } from '../test/ocean-shipment-fixtures';
import { acme, acmeDefault, beta, betaDesk, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

const OCEAN_DETAIL = 'GET /api/shipments/ocean/MSCU1234566/MEDU12345678';
const OCEAN_PATH = '/shipment/ocean/MSCU1234566/MEDU12345678';
const ID = '5b1f3c1e-8d2a-4c3b-9e7f-0a1b2c3d4e5f';

function serve(routes: Parameters<typeof fakeApi>[0], organization = acme, workspace = acmeDefault) {
  return fakeApi({
    'GET /api/workspaces/get': ok([organization]),
    'POST /api/workspaces/setCookies': ok(selectionOf(workspace)),
    ...routes,
  });
}

/** The TagsInput's text box (its hidden input bears the same label). */
const tagsBox = async (scope: Pick<typeof screen, 'findAllByLabelText'> = screen) =>
  (await scope.findAllByLabelText(/^Tags/)).find(
    (el) => el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'hidden',
  )!;

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser();
});

describe('tags on the detail page', { timeout: 20_000 }, () => {
  it('adds a tag with Enter, suggesting the workspace’s tags, and removes one', async () => {
    let tags = ['Hot'];
    const detail = () => ok(oceanShipmentDetail({ shipmentOverallId: ID, tags }));
    const api = serve({
      [OCEAN_DETAIL]: detail,
      'GET /api/shipments/ocean/options': ok({ ...noOptions, tags: ['customer A', 'Hot'] }),
      [`PUT /api/shipments/ocean/${ID}/tags`]: (call: RecordedCall) => {
        tags = (call.body as { tags: string[] }).tags;
        return ok({ tags });
      },
    });
    renderRoutes(appRoutes, OCEAN_PATH);
    const input = await tagsBox();
    const user = userEvent.setup();
    await user.click(input);
    expect(await screen.findByRole('option', { name: 'customer A' })).toBeInTheDocument();
    await user.type(input, 'reefer{Enter}');
    await waitFor(() => expect(api.callsTo(`PUT /api/shipments/ocean/${ID}/tags`)).toHaveLength(1));
    expect(api.callsTo(`PUT /api/shipments/ocean/${ID}/tags`)[0]!.body).toEqual({ tags: ['Hot', 'reefer'] });

    const field =
      screen.getByTestId('shipment-tags-input').closest('.mantine-TagsInput-root') ?? document.body;
    const hotPill = within(field as HTMLElement)
      .getByText('Hot')
      .closest('.mantine-Pill-root') as HTMLElement;
    await user.click(within(hotPill).getByRole('button', { hidden: true }));
    await waitFor(() => expect(api.callsTo(`PUT /api/shipments/ocean/${ID}/tags`)).toHaveLength(2));
    expect(api.callsTo(`PUT /api/shipments/ocean/${ID}/tags`)[1]!.body).toEqual({ tags: ['reefer'] });
  });

  it('says what is wrong with a tag too long, without asking the server, and shows the server’s refusal', async () => {
    const api = serve({
      [OCEAN_DETAIL]: ok(oceanShipmentDetail({ shipmentOverallId: ID, tags: [] })),
      'GET /api/shipments/ocean/options': ok(noOptions),
      [`PUT /api/shipments/ocean/${ID}/tags`]: fail(
        403,
        'FORBIDDEN',
        'You can view shipments but not change them.',
      ),
    });
    renderRoutes(appRoutes, OCEAN_PATH);
    const input = await tagsBox();
    const user = userEvent.setup();
    await user.type(input, `${'x'.repeat(31)}{Enter}`);
    expect(await screen.findByText('A tag has at most 30 characters.')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/shipments/ocean/${ID}/tags`)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'ok{Enter}');
    expect(await screen.findByText('You can view shipments but not change them.')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/shipments/ocean/${ID}/tags`)).toHaveLength(1);
  });

  it('shows a view-only member the tags, without an editor', async () => {
    serve(
      {
        [OCEAN_DETAIL]: ok(oceanShipmentDetail({ shipmentOverallId: ID, tags: ['Hot', 'customer A'] })),
      },
      beta,
      betaDesk,
    );
    renderRoutes(appRoutes, OCEAN_PATH);
    const tags = await screen.findByTestId('shipment-tags');
    expect(tags).toHaveTextContent('Hot');
    expect(tags).toHaveTextContent('customer A');
    expect(screen.queryByLabelText(/^Tags/)).not.toBeInTheDocument();
  });

  it('edits an express parcel’s tags too', async () => {
    const api = serve({
      [`GET /api/shipments/express/${ID}/1Z5R89390357567127`]: ok(
        expressShipmentDetail({ expressOrderId: ID, tags: [] }),
      ),
      'GET /api/shipments/express/options': ok({ carriers: [], tags: [] }),
      [`PUT /api/shipments/express/${ID}/tags`]: (call: RecordedCall) => ok(call.body),
    });
    renderRoutes(appRoutes, `/shipment/truck/express/${ID}/1Z5R89390357567127`);
    const input = await tagsBox();
    await userEvent.setup().type(input, 'returns{Enter}');
    await waitFor(() =>
      expect(api.callsTo(`PUT /api/shipments/express/${ID}/tags`)[0]?.body).toEqual({ tags: ['returns'] }),
    );
  });
});

describe('the list’s tag filter', { timeout: 20_000 }, () => {
  it('offers the workspace’s tags, narrows the list with tag=, and shows each row’s tags', async () => {
    const tagged = oceanShipment({ containerNo: 'MSCU1234566', tags: ['Hot'] });
    const api = serve({
      'GET /api/users/preferences/oceanTableColumns': ok(null),
      'GET /api/shipments/ocean/options': ok({ ...noOptions, tags: ['customer A', 'Hot'] }),
      'GET /api/shipments/ocean': (call: RecordedCall) =>
        ok(
          listPage(call.query.tag === 'Hot' ? [tagged] : [tagged, oceanShipment()], {
            activeCount: 2,
            archivedCount: 0,
          }),
        ),
    });
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
    await waitFor(() => expect(screen.getAllByTestId('tag-badges')).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Tag' }));
    await user.click(await screen.findByRole('option', { name: 'Hot' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/shipments/ocean').some((c) => c.query.tag === 'Hot')).toBe(true),
    );
    expect(new URLSearchParams(router.state.location.search).get('tag')).toBe('Hot');
  });
});

describe('the alert rule form’s tag filter', { timeout: 20_000 }, () => {
  it('suggests the workspace’s tags and sends the chosen ones', async () => {
    const result: AlertRulesResult = {
      rules: [],
      managesWorkspaceRules: true,
      members: [{ userId: 'u-1', name: 'Grace Hopper', email: 'grace@example.com' }],
    };
    let rules: AlertRulesResult['rules'] = [];
    const api = serve({
      'GET /api/alert-rules': () => ok({ ...result, rules }),
      'GET /api/shipments/ocean/options': ok({ ...noOptions, tags: ['customer A', 'Hot'] }),
      'GET /api/shipments/express/options': ok({ carriers: [], tags: ['returns'] }),
      'POST /api/alert-rules': (call: RecordedCall) => {
        const saved = {
          ...(call.body as AlertRulesResult['rules'][number]),
          id: '0b7c1e2a-0000-4000-8000-0000000000b1',
          scope: 'workspace' as const,
          ownerId: null,
          ownerName: null,
          canEdit: true,
          createdAt: '2026-11-01T10:00:00.000Z',
          updatedAt: '2026-11-01T10:00:00.000Z',
        };
        rules = [saved];
        return ok(saved);
      },
    });
    renderRoutes(appRoutes, '/workspace-settings/alerts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add alert rule' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Hot ones');
    const tags = await tagsBox(within(dialog));
    await user.click(tags);
    await user.click(await screen.findByRole('option', { name: 'Hot' }));
    await user.type(tags, 'vip{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(api.callsTo('POST /api/alert-rules')).toHaveLength(1));
    expect(api.callsTo('POST /api/alert-rules')[0]!.body).toMatchObject({
      name: 'Hot ones',
      filters: { tags: ['Hot', 'vip'] },
    });
    // The rules list says which shipments the rule looks at.
    expect(await screen.findByText(/tagged Hot or vip/)).toBeInTheDocument();
  });
});
