import { Notifications } from '@mantine/notifications';
import { Outlet } from 'react-router';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { useAgreementStatus } from '../features/legal/api/get-agreement-status';
import { AgreementCheckFailed } from '../features/legal/components/agreement-check-failed';
import { AgreementPrompt } from '../features/legal/components/agreement-prompt';
import { errorMessage } from '../lib/api-client';
import { useTransitionGate } from '../lib/use-transition-gate';
import { SignedInWait } from './signed-in-wait';
import { PlainLayout } from './layouts/plain-layout';
import toasts from './toasts.module.css';

/**
 * The app proper opens only once the user has accepted the current user agreement (spec §4). Until
 * then the agreement replaces it, with "I agree" and a way to log out. Sits inside RequireUser.
 */
export function RequireAgreement() {
  return (
    <>
      {/* The toasts' host: only signed-in screens show toasts, so it loads with them, not on the first
          screen of every visit. */}
      <Notifications position="bottom-right" classNames={{ root: toasts.toasts }} />
      <AgreementCheck />
    </>
  );
}

function AgreementCheck() {
  const user = useAuthStore((state) => state.user);
  if (!user) return <SignedInWait />;
  return <AgreementGate userId={user.id} email={user.email} />;
}

function AgreementGate({ userId, email }: { userId: string; email: string }) {
  const logout = useAuthStore((state) => state.logout);
  const status = useAgreementStatus(userId);
  const open = useTransitionGate(status.isSuccess && status.data.agreed);

  if (status.isPending) return <SignedInWait />;
  if (status.isError) {
    return (
      <PlainLayout>
        <AgreementCheckFailed
          message={errorMessage(status.error)}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
          onLogOut={() => void logout()}
        />
      </PlainLayout>
    );
  }
  if (!status.data.agreed) {
    return (
      <PlainLayout>
        <AgreementPrompt userId={userId} email={email} onLogOut={logout} />
      </PlainLayout>
    );
  }
  return open ? <Outlet /> : <SignedInWait />;
}
