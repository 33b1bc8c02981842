import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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
    registration: null,
  });
  testApp().codeResendStore.setState({ waits: {} });
});

const publicKey = () => ok({ keyId: keys.keyId, publicKey: keys.publicKeyPem, algorithm: 'RSA-OAEP-256' });
const SENT = 'We have sent a 6-digit code to your e-mail address.';

async function fillIn(fields: { confirm: string }) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^First name/), 'Grace');
  await user.type(screen.getByLabelText(/^Last name/), 'Hopper');
  await user.type(screen.getByLabelText(/^E-mail/), 'grace@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'cobol-forever-59');
  await user.type(screen.getByLabelText(/^Confirm password/), fields.confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign-up (spec §4: registration stores the result, failure the message)', () => {
  it('does not submit while the confirmation differs, and never sends it', async () => {
    const server = mockApi({ 'GET /api/auth/public-key': publicKey() });
    renderRoutes(appRoutes, '/auth/sign-up');

    await fillIn({ confirm: 'cobol-forever-95' });

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('registers with the encrypted password and browser time zone, then asks for the code', async () => {
    const server = mockApi({
      'GET /api/auth/public-key': publicKey(),
      'GET /api/meta': ok({ devMailbox: false }),
      'POST /api/auth/register': ok({ email: 'grace@example.com' }, SENT),
    });
    const { router } = renderRoutes(appRoutes, '/auth/sign-up');

    await fillIn({ confirm: 'cobol-forever-59' });

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?email=grace%40example.com');
    expect(testApp().authStore.getState().registration).toEqual({
      email: 'grace@example.com',
      message: SENT,
    });

    const body = server.callsTo('POST /api/auth/register')[0]!.body as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual([
      'email',
      'firstName',
      'keyId',
      'lastName',
      'password',
      'timeZone',
    ]);
    expect(body).toMatchObject({
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      keyId: keys.keyId,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await keys.decrypt(body.password!)).toMatch(/:cobol-forever-59$/);
    // Registration sent a code a moment ago.
    expect(screen.getByTestId('resend-code')).toBeDisabled();
  });

  it("shows the server's message as the auth error when registration fails", async () => {
    mockApi({
      'GET /api/auth/public-key': publicKey(),
      'POST /api/auth/register': refusal(
        429,
        'RATE_LIMITED',
        'Too many attempts. Please wait a moment and try again.',
        {
          'Retry-After': '40',
        },
      ),
    });
    const { router } = renderRoutes(appRoutes, '/auth/sign-up');

    await fillIn({ confirm: 'cobol-forever-59' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(testApp().authStore.getState().authError).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(router.state.location.pathname).toBe('/auth/sign-up');
  });

  it('fetches the key again and retries once when the server could not read the password', async () => {
    const server = mockApi({
      'GET /api/auth/public-key': publicKey(),
      'POST /api/auth/register': [
        refusal(
          400,
          'BAD_REQUEST',
          'Your password could not be read securely. Reload the page and try again.',
        ),
        ok({ email: 'grace@example.com' }, SENT),
      ],
      'GET /api/meta': ok({ devMailbox: false }),
    });
    renderRoutes(appRoutes, '/auth/sign-up');

    await fillIn({ confirm: 'cobol-forever-59' });

    await screen.findByRole('heading', { name: 'Check your e-mail' });
    const [first, second] = server.callsTo('POST /api/auth/register');
    expect((first!.body as { password: string }).password).not.toBe(
      (second!.body as { password: string }).password,
    );
    expect(server.callsTo('GET /api/auth/public-key').length).toBeGreaterThanOrEqual(2);
  });

  it("uses the server's rules for names and passwords", async () => {
    mockApi({ 'GET /api/auth/public-key': publicKey() });
    renderRoutes(appRoutes, '/auth/sign-up');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(screen.getByText('First name is required')).toBeInTheDocument());
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Confirm your password')).toBeInTheDocument();
  });

  it('starts with the address an invitation link carries, and registers it', async () => {
    const server = mockApi({
      'GET /api/auth/public-key': publicKey(),
      'GET /api/meta': ok({ devMailbox: false }),
      'POST /api/auth/register': ok({ email: 'ada@example.com' }, SENT),
    });
    renderRoutes(appRoutes, '/auth/sign-up?email=ada%40example.com');

    expect(await screen.findByLabelText(/^E-mail/)).toHaveValue('ada@example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.type(screen.getByLabelText(/^Confirm password/), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByRole('heading', { name: 'Check your e-mail' });
    expect(server.callsTo('POST /api/auth/register')[0]!.body).toMatchObject({ email: 'ada@example.com' });
  });

  it('says so when the invitation the link names was withdrawn, and asks nothing without one', async () => {
    const server = mockApi({
      'GET /api/auth/public-key': publicKey(),
      'GET /api/meta': ok({ devMailbox: false }),
      'GET /api/workspaces/invite/state': ok({ state: 'withdrawn' }),
    });
    renderRoutes(
      appRoutes,
      '/auth/sign-up?email=ada%40example.com&invitation=0b7c1e2a-0000-4000-8000-000000000001',
    );

    expect(await screen.findByTestId('invitation-withdrawn')).toHaveTextContent(
      'This invitation was withdrawn',
    );
    expect(server.callsTo('GET /api/workspaces/invite/state')[0]!.query.get('ids')).toBe(
      '0b7c1e2a-0000-4000-8000-000000000001',
    );
  });

  it('ignores an ?email= that is not an address', async () => {
    mockApi({ 'GET /api/auth/public-key': publicKey() });
    renderRoutes(appRoutes, '/auth/sign-up?email=%3Cscript%3E');

    expect(await screen.findByLabelText(/^E-mail/)).toHaveValue('');
  });
});
