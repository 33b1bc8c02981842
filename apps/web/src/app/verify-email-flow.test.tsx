import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, refusal, testUser } from '../test/http';
import { renderRoutes } from '../test/render';
import { appRoutes } from './router';
import { testApp } from '../test/app';

const VERIFY = '/auth/verify-email?email=ada%40example.com';
const WRONG = 'That code is not valid. Check the e-mail or request a new code.';

beforeEach(() => {
  testApp().authStore.setState({ status: 'unauthenticated', user: null, authError: null });
  testApp().codeResendStore.setState({ waits: {} });
});

async function typeCode(code: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
  return user;
}

describe('e-mail verification', () => {
  it('signs in when the sixth digit is typed, and goes home', async () => {
    const server = mockApi({
      'GET /api/meta': ok({ devMailbox: false }),
      'POST /api/auth/verifyEmail': ok(testUser, 'Your e-mail address is verified.'),
      'GET /api/_api/user-agreement/get': ok({ agreed: true }),
    });
    const { router } = renderRoutes(appRoutes, VERIFY);

    await typeCode('482913');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(testApp().authStore.getState()).toMatchObject({ status: 'authenticated', user: testUser });
    expect(server.callsTo('POST /api/auth/verifyEmail')[0]!.body).toEqual({
      email: 'ada@example.com',
      code: '482913',
    });
  });

  it("shows the server's message for a wrong code and clears the boxes for another try", async () => {
    mockApi({
      'GET /api/meta': ok({ devMailbox: false }),
      'POST /api/auth/verifyEmail': refusal(400, 'INVALID_CODE', WRONG),
    });
    const { router } = renderRoutes(appRoutes, VERIFY);

    await typeCode('000000');

    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(testApp().authStore.getState().authError).toBe(WRONG);
    expect(router.state.location.pathname).toBe('/auth/verify-email');
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus();
  });

  it('resends a code, then holds the button back for 60 seconds', async () => {
    const server = mockApi({
      'GET /api/meta': ok({ devMailbox: false }),
      'POST /api/auth/sendNewCode': ok(
        null,
        'If an account exists for this address, a new code is on its way.',
      ),
    });
    renderRoutes(appRoutes, VERIFY);
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();

    await userEvent.setup().click(resend);

    expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/sendNewCode')[0]!.body).toEqual({
      email: 'ada@example.com',
      type: 'register',
    });
    const waiting = screen.getByTestId('resend-code');
    expect(waiting).toBeDisabled();
    expect(waiting).toHaveTextContent(/Resend code in (1:00|0:59)/);
  });

  it('counts down the wait the server asks for after a refusal', async () => {
    mockApi({
      'GET /api/meta': ok({ devMailbox: false }),
      'POST /api/auth/sendNewCode': refusal(
        429,
        'RATE_LIMITED',
        'Too many attempts. Please wait a moment and try again.',
        {
          'Retry-After': '25',
        },
      ),
    });
    renderRoutes(appRoutes, VERIFY);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Resend code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
    expect(screen.getByTestId('resend-code')).toHaveTextContent(/Resend code in 0:2[45]/);
  });

  it('enables "Resend code" again when the minute is over', async () => {
    mockApi({ 'GET /api/meta': ok({ devMailbox: false }) });
    // The server asked to wait half a second more.
    act(() => testApp().codeResendStore.getState().markRetryAfter('ada@example.com', 0.5));
    renderRoutes(appRoutes, VERIFY);
    expect(await screen.findByTestId('resend-code')).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled(), {
      timeout: 2500,
    });
  });

  it('tells where codes went when the installation has no e-mail server', async () => {
    mockApi({ 'GET /api/meta': ok({ devMailbox: true }) });
    renderRoutes(appRoutes, VERIFY);
    const note = await screen.findByTestId('dev-mailbox-note');
    expect(note).toHaveTextContent('No e-mail server is configured. Your code is in the server log');
    const link = screen.getByRole('link', { name: '/dev/mailbox' });
    expect(link).toHaveAttribute('href', '/dev/mailbox');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows no such note when e-mail is configured', async () => {
    const server = mockApi({ 'GET /api/meta': ok({ devMailbox: false }) });
    renderRoutes(appRoutes, VERIFY);
    await waitFor(() => expect(server.callsTo('GET /api/meta')).toHaveLength(1));
    expect(screen.queryByTestId('dev-mailbox-note')).not.toBeInTheDocument();
  });

  it('offers a different address, and sends a visitor without one to sign-up', async () => {
    mockApi({ 'GET /api/meta': ok({ devMailbox: false }) });
    const { router } = renderRoutes(appRoutes, '/auth/verify-email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-up'));
    await act(() => router.navigate(VERIFY));
    expect(await screen.findByRole('link', { name: 'Use a different e-mail' })).toHaveAttribute(
      'href',
      '/auth/sign-up',
    );
  });
});
