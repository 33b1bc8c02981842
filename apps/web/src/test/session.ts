import { useAuthStore } from '../features/auth/stores/auth-store';
import { agreementStatusQueryOptions } from '../features/legal/api/get-agreement-status';
import { queryClient } from '../lib/query-client';
import { testUser } from './http';

/** A signed-in user who has accepted the user agreement: the state most shell tests start from. */
export function signInAsAgreedUser(user = testUser): void {
  useAuthStore.setState({ status: 'authenticated', user: { ...user } });
  queryClient.setQueryData(agreementStatusQueryOptions(user.id).queryKey, { agreed: true });
}
