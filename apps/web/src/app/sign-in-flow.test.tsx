import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, refusal, testUser } from '../test/http';
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

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.keyboard('{Enter}');
}

describe('sign-in (spec §4: login stores the user)', () => {
  it('sends the password encrypted, stores the user and returns to the page the guard came from', async () => {
    const server = mockApi({
      'GET /api/auth/public-key': publicKey(),
      'POST /api/auth/login': ok(testUser, 'Signed in'),
      'GET /api/_api/user-agreement/get': ok({ agreed: true }),
    });
    const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');

    await signIn('ada@example.com', 'correct horse battery');

    expect(await screen.findByRole('heading', { name: 'Active ocean shipments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shipments/ocean/active');
    expect(testApp().authStore.getState()).toMatchObject({ status: 'authenticated', user: testUser });

    const [login] = server.callsTo('POST /api/auth/login');
    const body = login!.body as Record<string, string>;
    expect(body).toMatchObject({ email: 'ada@example.com', keyId: keys.keyId });
    expect(body.timeZone).toBeTruthy();
    expect(body.password).not.toContain('correct horse');
    expect(await keys.decrypt(body.password!)).toMatch(/^\d{13}:correct horse battery$/);
  });

  it('goes home when nothing sent the visitor to sign in', async () => {
    mockApi({
      'GET /api/auth/public-key': publicKey(),
      'POST /api/auth/login': ok(testUser),
      'GET /api/_api/user-agreement/get': ok({ agreed: true }),
    });
    const { router } = renderRoutes(appRoutes, '/auth/sign-in');
    await signIn('ada@example.com', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows "Incorrect e-mail or password." and stays signed out on INVALID_CREDENTIALS', async () => {
    mockApi({
      'GET /api/auth/public-key': publicKey(),
      'POST /api/auth/login': refusal(401, 'INVALID_CREDENTIALS', 'Incorrect e-mail or password.'),
    });
    const { router } = renderRoutes(appRoutes, '/auth/sign-in');

    await signIn('ada@example.com', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect e-mail or password.');
    expect(testApp().authStore.getState()).toMatchObject({
      status: 'unauthenticated',
      user: null,
      authError: 'Incorrect e-mail or password.',
    });
    expect(router.state.location.pathname).toBe('/auth/sign-in');
  });

  it('goes to the verify screen, e-mail filled in, on EMAIL_NOT_VERIFIED', async () => {
    mockApi({
      'GET /api/auth/public-key': publicKey(),
      'GET /api/meta': ok({ devMailbox: false }),
      'POST /api/auth/login': refusal(
        403,
        'EMAIL_NOT_VERIFIED',
        'Please verify your e-mail address first. We have sent you a new code.',
      ),
    });
    const { router } = renderRoutes(appRoutes, '/auth/sign-in');

    await signIn('new@example.com', 'correct horse battery');

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/verify-email');
    expect(router.state.location.search).toBe('?email=new%40example.com');
    expect(screen.getByTestId('code-email-address')).toHaveTextContent('new@example.com');
    expect(screen.getByText(/We have sent you a new code/)).toBeInTheDocument();
    // That code was just sent: the next one only after the server's minute.
    expect(screen.getByTestId('resend-code')).toBeDisabled();
  });

  it('checks the form before calling the server', async () => {
    const server = mockApi({ 'GET /api/auth/public-key': publicKey() });
    renderRoutes(appRoutes, '/auth/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^E-mail/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('shows what the password reset said', () => {
    mockApi({ 'GET /api/auth/public-key': publicKey() });
    const { router } = renderRoutes(appRoutes, '/auth/forgot-password');
    void router.navigate('/auth/sign-in', {
      state: { notice: 'Your password has been changed. Sign in with your new password.' },
    });
    return waitFor(() =>
      expect(screen.getByTestId('sign-in-notice')).toHaveTextContent('Your password has been changed.'),
    );
  });
});
