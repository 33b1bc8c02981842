import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORE_KEY } from '../features/auth/stores/auth-store';
import { mockApi, ok, refusal } from '../test/http';
import { testKeys, type TestKeys } from '../test/keys';
import { renderRoutes } from '../test/render';
import { appRoutes } from './router';
import { testApp } from '../test/app';

let keys: TestKeys;

beforeEach(async () => {
  keys = await testKeys();
  testApp().authStore.setState({
    status: 'unauthenticated',
    user: null,
    authError: null,
    resetPasswordToken: null,
  });
  testApp().codeResendStore.setState({ waits: {} });
});

const publicKey = () => ok({ keyId: keys.keyId, publicKey: keys.publicKeyPem, algorithm: 'RSA-OAEP-256' });
const TOKEN = 'f3c1d9a0b8e74f6a9c2d5e8b1a4f7c0d';
const CHANGED = 'Your password has been changed. Sign in with your new password.';

async function chooseNewPassword(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('forgot password', () => {
  it('sends a reset code, takes the code and keeps the token (persisted) for the next step', async () => {
    const server = mockApi({
      'GET /api/meta': ok({ devMailbox: false }),
      'GET /api/auth/public-key': publicKey(),
      'POST /api/auth/sendNewCode': ok(
        null,
        'If an account exists for this address, a new code is on its way.',
      ),
      'POST /api/auth/resetPasswordVerify': ok({ token: TOKEN }, 'Code accepted'),
    });
    const { router } = renderRoutes(appRoutes, '/auth/forgot-password');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^E-mail/), 'ada@example.com{Enter}');

    expect(await screen.findByRole('heading', { name: 'Enter your reset code' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/sendNewCode')[0]!.body).toEqual({
      email: 'ada@example.com',
      type: 'resetPassword',
    });
    expect(screen.getByText(/If an account exists for/)).toBeInTheDocument();
    expect(screen.getByTestId('resend-code')).toBeDisabled();

    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('731904');

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    expect(server.callsTo('POST /api/auth/resetPasswordVerify')[0]!.body).toEqual({
      email: 'ada@example.com',
      code: '731904',
    });
    expect(testApp().authStore.getState().resetPasswordToken).toBe(TOKEN);
    const stored = JSON.parse(window.localStorage.getItem(AUTH_STORE_KEY) ?? '{}') as {
      state?: { resetPasswordToken?: string };
    };
    expect(stored.state?.resetPasswordToken).toBe(TOKEN);
  });

  it("shows the server's message for a wrong reset code", async () => {
    mockApi({
      'GET /api/meta': ok({ devMailbox: false }),
      'POST /api/auth/resetPasswordVerify': refusal(
        400,
        'INVALID_CODE',
        'That code has expired. Request a new code.',
      ),
    });
    renderRoutes(appRoutes, '/auth/forgot-password?email=ada%40example.com');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code has expired. Request a new code.');
    expect(testApp().authStore.getState().resetPasswordToken).toBeNull();
  });
});

describe('reset password', () => {
  it('sets the new password with the stored token, forgets the token and says so on sign-in', async () => {
    testApp().authStore.setState({ resetPasswordToken: TOKEN });
    const server = mockApi({
      'GET /api/auth/public-key': publicKey(),
      'POST /api/auth/resetPasswordVerified': ok(null, CHANGED),
    });
    const { router } = renderRoutes(appRoutes, '/auth/reset-password');

    await chooseNewPassword('a-much-better-one');

    expect(await screen.findByTestId('sign-in-notice')).toHaveTextContent(CHANGED);
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(testApp().authStore.getState().resetPasswordToken).toBeNull();
    const body = server.callsTo('POST /api/auth/resetPasswordVerified')[0]!.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['keyId', 'newPassword', 'token']);
    expect(body.token).toBe(TOKEN);
    expect(await keys.decrypt(body.newPassword!)).toMatch(/:a-much-better-one$/);
  });

  it('goes to /expiredLink, token forgotten, when the server answers 410', async () => {
    testApp().authStore.setState({ resetPasswordToken: TOKEN });
    mockApi({
      'GET /api/auth/public-key': publicKey(),
      'POST /api/auth/resetPasswordVerified': refusal(
        410,
        'LINK_EXPIRED',
        'This link has expired or has already been used.',
      ),
    });
    const { router } = renderRoutes(appRoutes, '/auth/reset-password');

    await chooseNewPassword('a-much-better-one');

    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/expiredLink');
    expect(testApp().authStore.getState().resetPasswordToken).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new code' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });

  it('sends a visitor without a token to /expiredLink', async () => {
    mockApi({});
    const { router } = renderRoutes(appRoutes, '/auth/reset-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/expiredLink'));
  });

  it('checks the new password and its confirmation before sending', async () => {
    testApp().authStore.setState({ resetPasswordToken: TOKEN });
    const server = mockApi({ 'GET /api/auth/public-key': publicKey() });
    renderRoutes(appRoutes, '/auth/reset-password');

    await chooseNewPassword('short', 'shorter');

    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/resetPasswordVerified')).toHaveLength(0);
  });
});
