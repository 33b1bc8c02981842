import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { emailSchema } from '@tracklane/shared/auth/auth.schema';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useResetPasswordVerify } from '../api/reset-password-verify';
import { useSendNewCode } from '../api/send-new-code';
import { messageOf, useAuthError } from '../hooks/use-auth-error';
import { useAuthStore } from '../stores/auth-store';
import { useCodeResendStore } from '../stores/code-resend-store';
import { authNoticeOf, type AuthNoticeState } from '../utils/navigation-state';
import { AuthScreen } from './auth-screen';
import { CodeForm } from './code-form';
import { CodeRecipient } from './code-recipient';

const backToSignIn = (
  <Anchor component={Link} to={paths.auth.signIn} fw={600} inline>
    <IconArrowLeft size={14} stroke={2} style={{ verticalAlign: -2, marginRight: 4 }} aria-hidden="true" />
    Back to sign in
  </Anchor>
);

/** Step 1: the address to send a reset code to. The answer is the same whether or not it has an account. */
function RequestCodeStep() {
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => authNoticeOf(location.state).email ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const [authError, setAuthError] = useAuthError();
  const markCodeSent = useCodeResendStore((state) => state.markCodeSent);
  const markRetryAfter = useCodeResendStore((state) => state.markRetryAfter);
  const sendNewCode = useSendNewCode();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setAuthError(null);
    try {
      await sendNewCode.mutateAsync({ email: parsed.data, type: 'resetPassword' });
      markCodeSent(parsed.data);
      void navigate(`${paths.auth.forgotPassword}?${new URLSearchParams({ email: parsed.data }).toString()}`);
    } catch (error) {
      if (isApiError(error) && error.retryAfterSeconds !== null) {
        markRetryAfter(parsed.data, error.retryAfterSeconds);
      }
      setAuthError(messageOf(error));
    }
  };

  return (
    <AuthScreen
      title="Reset your password"
      description="Enter the e-mail address of your account and we will send you a 6&#8209;digit code to choose a new password."
      footer={backToSignIn}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setFieldError(undefined);
            }}
            error={fieldError}
          />
          {authError ? <FormAlert tone="error">{authError}</FormAlert> : null}
          <Button type="submit" fullWidth loading={sendNewCode.isPending}>
            Send code
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}

/** Step 2: the e-mailed code, exchanged for the reset token that the next screen spends. */
function EnterCodeStep({ email }: { email: string }) {
  const navigate = useNavigate();
  const setResetPasswordToken = useAuthStore((state) => state.setResetPasswordToken);
  const resetPasswordVerify = useResetPasswordVerify();

  return (
    <AuthScreen
      title="Enter your reset code"
      description={
        <>
          If an account exists for this address, we have sent it a 6&#8209;digit code. It is valid for 10
          minutes.
          <CodeRecipient email={email} changeHref={paths.auth.forgotPassword} />
        </>
      }
      footer={backToSignIn}
    >
      <CodeForm
        email={email}
        purpose="resetPassword"
        submitLabel="Continue"
        onSubmitCode={async (code) => {
          const token = await resetPasswordVerify.mutateAsync({ email, code });
          setResetPasswordToken(token);
          const state: AuthNoticeState = { email };
          void navigate(paths.auth.resetPassword, { state });
        }}
      />
    </AuthScreen>
  );
}

/** /auth/forgot-password: the address first, then (with ?email=…) the code. */
export function ForgotPasswordScreen() {
  const [searchParams] = useSearchParams();
  const email = emailSchema.safeParse(searchParams.get('email') ?? '');
  return email.success ? <EnterCodeStep key={email.data} email={email.data} /> : <RequestCodeStep />;
}
