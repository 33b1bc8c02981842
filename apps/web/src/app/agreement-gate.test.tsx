import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, refusal, testUser } from '../test/http';
import { renderRoutes } from '../test/render';
import { appRoutes } from './router';
import { testApp } from '../test/app';

beforeEach(() => {
  testApp().authStore.setState({ status: 'authenticated', user: { ...testUser }, authError: null });
});

describe('user agreement gate (spec §4)', () => {
  it('shows the agreement instead of the app until the user agrees, then lets them in', async () => {
    const server = mockApi({
      'GET /api/_api/user-agreement/get': ok({ agreed: false }),
      'POST /api/_api/user-agreement/agree': ok(
        { agreed: true },
        'Thank you for accepting the user agreement.',
      ),
    });
    renderRoutes(appRoutes, '/dashboard/truck/express');

    expect(await screen.findByRole('heading', { name: 'Review the user agreement' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tracklane user agreement' })).toBeInTheDocument();
    expect(screen.queryByTestId('main-shell')).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/_api/user-agreement/get')[0]!.query.get('userId')).toBe('u-1');

    await userEvent.setup().click(screen.getByRole('button', { name: 'I agree' }));

    expect(await screen.findByRole('heading', { name: 'Ground dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('main-shell')).toBeInTheDocument();
    expect(server.callsTo('POST /api/_api/user-agreement/agree')[0]!.body).toEqual({ userId: 'u-1' });
  });

  it('opens the app at once for a user who has agreed', async () => {
    mockApi({ 'GET /api/_api/user-agreement/get': ok({ agreed: true }) });
    renderRoutes(appRoutes, '/dashboard/ocean');
    expect(await screen.findByRole('heading', { name: 'Ocean dashboard' })).toBeInTheDocument();
    expect(screen.queryByTestId('agreement-gate')).not.toBeInTheDocument();
  });

  it('keeps the gate and shows why when agreeing fails', async () => {
    mockApi({
      'GET /api/_api/user-agreement/get': ok({ agreed: false }),
      'POST /api/_api/user-agreement/agree': refusal(
        500,
        'INTERNAL',
        'Something went wrong on our side. Please try again.',
      ),
    });
    renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'I agree' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByTestId('agreement-gate')).toBeInTheDocument();
    expect(screen.queryByTestId('main-shell')).not.toBeInTheDocument();
  });

  it('lets a user who does not agree log out', async () => {
    mockApi({
      'GET /api/_api/user-agreement/get': ok({ agreed: false }),
      'POST /api/auth/logout': ok(null, 'Signed out'),
    });
    const { router } = renderRoutes(appRoutes, '/dashboard/ocean');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(testApp().authStore.getState()).toMatchObject({ status: 'unauthenticated', user: null });
  });

  it('offers a retry when the agreement status cannot be read', async () => {
    mockApi({
      'GET /api/_api/user-agreement/get': [
        // A 4xx, which the query client does not retry by itself.
        refusal(429, 'RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'),
        ok({ agreed: true }),
      ],
    });
    renderRoutes(appRoutes, '/dashboard/ocean');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
    expect(screen.queryByTestId('main-shell')).not.toBeInTheDocument();
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('heading', { name: 'Ocean dashboard' })).toBeInTheDocument();
  });
});
