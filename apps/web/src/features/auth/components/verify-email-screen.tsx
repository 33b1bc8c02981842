import { emailSchema } from '@tracklane/shared/auth/auth.schema';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useVerifyEmail } from '../api/verify-email';
import { useAuthStore } from '../stores/auth-store';
import { authNoticeOf } from '../utils/navigation-state';
import { AuthScreen } from './auth-screen';
import { CodeForm } from './code-form';
import { CodeRecipient } from './code-recipient';

/** /auth/verify-email?email=…: the code from the registration e-mail; success signs the user in. */
export function VerifyEmailScreen() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const setUser = useAuthStore((state) => state.setUser);
  const verifyEmail = useVerifyEmail();

  const email = emailSchema.safeParse(searchParams.get('email') ?? '');
  if (!email.success) return <Navigate to={paths.auth.signUp} replace />;
  const address = email.data;

  // Arriving from sign-in ("verify first"), say why; from registration the description says it all.
  const notice = authNoticeOf(location.state).notice;

  return (
    <AuthScreen
      title="Check your e-mail"
      description={
        <>
          Enter the 6&#8209;digit code we sent to your e-mail address. It is valid for 10 minutes.
          <CodeRecipient email={address} changeHref={paths.auth.signUp} />
        </>
      }
    >
      <CodeForm
        email={address}
        purpose="register"
        submitLabel="Verify e-mail"
        notice={notice}
        onSubmitCode={async (code) => {
          setUser(await verifyEmail.mutateAsync({ email: address, code }));
        }}
      />
    </AuthScreen>
  );
}
