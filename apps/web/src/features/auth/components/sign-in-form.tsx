import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { emailSchema } from '@tracklane/shared/auth/email.schema';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { FormAlert } from '../../../components/form-alert';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { validateForm, type FieldErrors } from '../../../lib/form-errors';
import { useHydrated } from '../../../lib/use-hydrated';
import { usePublicKey } from '../api/get-public-key';
import { useLogin } from '../api/login';
import { messageOf, useAuthError } from '../hooks/use-auth-error';
import { useAuthStore } from '../stores/auth-store';
import { useCodeResendStore } from '../stores/code-resend-store';
import { authNoticeOf, type AuthNoticeState } from '../utils/navigation-state';
import { AuthScreen } from './auth-screen';
import { InvitationLinkNotice } from './invitation-link-notice';
import { passwordToggleProps } from './password-toggle';

const signInSchema = z.object({
  email: emailSchema,
  // Any length: the rules for new passwords may have changed since this one was chosen.
  password: z.string().check(z.minLength(1, { message: 'Enter your password' })),
});

type SignInValues = z.input<typeof signInSchema>;

/** /auth/sign-in. Signing in stores the user; the auth guard then returns to where the visitor was. */
export function SignInForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = authNoticeOf(location.state);
  const [values, setValues] = useState<SignInValues>({ email: arrival.email ?? '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<SignInValues>>({});
  const [authError, setAuthError] = useAuthError();
  const setUser = useAuthStore((state) => state.setUser);
  const markCodeSent = useCodeResendStore((state) => state.markCodeSent);
  const loginMutation = useLogin();
  usePublicKey();
  // The page may arrive as HTML rendered at build time (main.tsx hydrates it). Until this code runs the
  // button submits nothing (a native submit would send the password unencrypted) and says it is not
  // available yet, looking the same; what the visitor typed or the browser autofilled meanwhile is
  // taken over once it runs.
  const hydrated = useHydrated();
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const email = emailInput.current?.value ?? '';
    const password = passwordInput.current?.value ?? '';
    setValues((current) =>
      (email && email !== current.email) || (password && password !== current.password)
        ? { email: email || current.email, password: password || current.password }
        : current,
    );
  }, []);

  const change = (field: keyof SignInValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: invalid } = validateForm(signInSchema, values);
    if (!data) return setErrors(invalid);
    setAuthError(null);
    try {
      setUser(await loginMutation.mutateAsync(data));
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
        // The server has just sent a fresh code (or did so within the minute).
        markCodeSent(data.email);
        const state: AuthNoticeState = { notice: error.message };
        void navigate(`${paths.auth.verifyEmail}?${new URLSearchParams({ email: data.email }).toString()}`, {
          state,
        });
        return;
      }
      setAuthError(messageOf(error));
    }
  };

  return (
    <AuthScreen
      title="Sign in"
      description="Welcome back. Sign in to follow your shipments."
      footer={
        <>
          New to Tracklane?{' '}
          <Anchor component={Link} to={paths.auth.signUp} fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <form method="post" onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <InvitationLinkNotice />
          {arrival.notice ? (
            <FormAlert tone="success" data-testid="sign-in-notice">
              {arrival.notice}
            </FormAlert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            autoFocus={!arrival.email}
            ref={emailInput}
            value={values.email}
            onChange={(event) => change('email')(event.currentTarget.value)}
            error={errors.email}
          />
          <div>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              autoFocus={Boolean(arrival.email)}
              ref={passwordInput}
              value={values.password}
              onChange={(event) => change('password')(event.currentTarget.value)}
              error={errors.password}
              {...passwordToggleProps}
            />
            <Group justify="flex-end" mt={6}>
              <Anchor
                component={Link}
                to={paths.auth.forgotPassword}
                state={{ email: values.email.trim() } satisfies AuthNoticeState}
                size="sm"
              >
                Forgot password?
              </Anchor>
            </Group>
          </div>
          {authError ? <FormAlert tone="error">{authError}</FormAlert> : null}
          <Button
            type={hydrated ? 'submit' : 'button'}
            aria-disabled={hydrated ? undefined : true}
            fullWidth
            loading={loginMutation.isPending}
          >
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}
