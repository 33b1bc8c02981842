import { Button, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, plainPasswordSchema } from '@tracklane/shared/auth/auth.schema';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password-verified';
import { messageOf, useAuthError } from '../hooks/use-auth-error';
import { useAuthStore } from '../stores/auth-store';
import { authNoticeOf, type AuthNoticeState } from '../utils/navigation-state';
import { AuthScreen } from './auth-screen';
import { passwordToggleProps } from './password-toggle';

interface Errors {
  newPassword?: string | undefined;
  confirmPassword?: string | undefined;
}

function validate(newPassword: string, confirmPassword: string): Errors {
  const strength = plainPasswordSchema.safeParse(newPassword);
  return {
    newPassword: strength.success ? undefined : strength.error.issues[0]?.message,
    confirmPassword: !confirmPassword
      ? 'Confirm your new password'
      : confirmPassword === newPassword
        ? undefined
        : 'Passwords do not match',
  };
}

/**
 * /auth/reset-password: the new password, set with the token the code step stored (spec §4 keeps it).
 * Without a token, or once the server calls it expired, the way on is /expiredLink.
 */
export function ResetPasswordScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useAuthStore((state) => state.resetPasswordToken);
  const setResetPasswordToken = useAuthStore((state) => state.setResetPasswordToken);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const [authError, setAuthError] = useAuthError();
  const resetPassword = useResetPassword();
  const email = authNoticeOf(location.state).email;

  // `done`: the token is cleared on success too, and this screen must not call that "expired".
  if (!token && !done) return <Navigate to={paths.expiredLink} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate(newPassword, confirmPassword);
    if (invalid.newPassword || invalid.confirmPassword || !token) return setErrors(invalid);
    setAuthError(null);
    try {
      const message = await resetPassword.mutateAsync({ token, newPassword });
      setDone(true);
      setResetPasswordToken(null);
      const state: AuthNoticeState = { notice: message, email };
      void navigate(paths.auth.signIn, { replace: true, state });
    } catch (error) {
      if (isApiError(error) && error.code === 'LINK_EXPIRED') {
        setResetPasswordToken(null);
        void navigate(paths.expiredLink, { replace: true });
        return;
      }
      setAuthError(messageOf(error));
    }
  };

  return (
    <AuthScreen
      title="Choose a new password"
      description="Your new password replaces the old one and signs you out on every device."
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {email ? (
            // Lets password managers file the new password under the right account.
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          ) : null}
          <PasswordInput
            label="New password"
            description={`At least ${String(PASSWORD_MIN_LENGTH)} characters.`}
            autoComplete="new-password"
            required
            autoFocus
            value={newPassword}
            onChange={(event) => {
              setNewPassword(event.currentTarget.value);
              setErrors((current) => ({ ...current, newPassword: undefined }));
            }}
            error={errors.newPassword}
            {...passwordToggleProps}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.currentTarget.value);
              setErrors((current) => ({ ...current, confirmPassword: undefined }));
            }}
            error={errors.confirmPassword}
            {...passwordToggleProps}
          />
          {authError ? <FormAlert tone="error">{authError}</FormAlert> : null}
          <Button type="submit" fullWidth loading={resetPassword.isPending}>
            Change password
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}
