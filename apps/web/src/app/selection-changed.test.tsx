import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resolveSelection } from '../features/workspaces/utils/current-selection';
import { fail, fakeApi, ok, type RecordedCall } from '../test/fake-api';
import { listPage, noOptions, oceanShipment } from '../test/ocean-shipment-fixtures';
import { acme, acmeDefault, acmeImports, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';
import { testApp } from '../test/app';

const archived = oceanShipment({ containerNo: 'CMAU1234564', mblNo: 'CMDU556677', archived: true });
// A function: each refusal needs a fresh response (a body is read once).
const refused = () =>
  fail(409, 'SELECTION_CHANGED', 'Your access to this workspace has changed. Reload the page and try again.');

/** This tab shows Acme's default workspace, as a page rendered there (and persisted) would. */
function showDefaultWorkspace() {
  const resolved = resolveSelection([acme], selectionOf(acmeDefault));
  if (resolved.status !== 'selected') throw new Error('fixture does not resolve');
  testApp().workspaceStore.getState().selectWorkspace(resolved.organization, resolved.workspace);
}

function serve() {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/users/preferences/oceanTableColumns': ok(null),
    'GET /api/shipments/ocean/options': ok(noOptions),
    'GET /api/shipments/ocean': ok(listPage([archived], { activeCount: 0, archivedCount: 1 })),
  });
}

const listCalls = (api: ReturnType<typeof serve>) => api.callsTo('GET /api/shipments/ocean');
const shownIn = (call: RecordedCall | undefined) => call?.headers['x-workspace-id'];

beforeEach(() => {
  signInAsAgreedUser();
  showDefaultWorkspace();
});

describe('the workspace a tab shows', { timeout: 20_000 }, () => {
  it('names the workspace the page shows in every call', async () => {
    const api = serve();
    renderRoutes(appRoutes, '/shipments/ocean/archived');
    await waitFor(() => expect(listCalls(api)).toHaveLength(1));
    expect(shownIn(listCalls(api)[0])).toBe(acmeDefault.workspaceId);
    // The filters' choices, asked beside the list.
    await waitFor(() => expect(api.callsTo('GET /api/shipments/ocean/options')).toHaveLength(1));
    expect(shownIn(api.callsTo('GET /api/shipments/ocean/options')[0])).toBe(acmeDefault.workspaceId);
  });

  it('follows the session when the workspace it shows is no longer available, and says so', async () => {
    const api = serve();
    renderRoutes(appRoutes, '/shipments/ocean/archived');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Move back to active: CMAU1234564' });
    await waitFor(() => expect(api.callsTo('POST /api/workspaces/setCookies')).toHaveLength(1));

    // Removed from the default workspace meanwhile: the server placed the session in Imports Europe.
    api.route('GET /api/workspaces/get', ok([{ ...acme, workspaces: [acmeImports] }]));
    api.route('POST /api/workspaces/setCookies', ok(selectionOf(acmeImports)));
    api.route('POST /api/shipments/ocean/archive', refused);
    await user.click(screen.getByRole('button', { name: 'Move back to active: CMAU1234564' }));

    expect(
      await screen.findByText(
        'You no longer have access to Default Workspace. This tab is now in Imports Europe.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(testApp().workspaceStore.getState().currentWorkspace?.workspaceId).toBe(acmeImports.workspaceId),
    );
    await waitFor(() => expect(shownIn(listCalls(api).at(-1))).toBe(acmeImports.workspaceId));
    // The tab asked where the session is (once at start, once now) and re-selected nothing itself.
    expect(api.callsTo('POST /api/workspaces/setCookies')).toHaveLength(2);
    expect(api.callsTo('POST /api/workspaces/currentId')).toHaveLength(0);
  });
});
