// One chunk for what every signed-in page stands in: the user-agreement gate and the main shell.
import './mantine-app.css';

import { useAuthStore } from '../features/auth/stores/auth-store';
import { agreementStatusQueryOptions } from '../features/legal/api/get-agreement-status';
import { organizationsQueryOptions } from '../features/workspaces/api/get-organizations';
import { queryClient } from '../lib/query-client';

export { RequireAgreement } from './agreement-guard';
export { MainShell } from './layouts/main-shell';

/**
 * The requests every signed-in page's first render reads, started beside the session check for a
 * visitor the server knows (router.tsx, `preloadFor`): the user agreement of the user this browser last
 * saw, and the organizations. When the session turns out to be someone else's or none, the gate asks
 * again for the right user, and the sign-in page takes over.
 */
export function prefetchSignedIn(): Promise<unknown> {
  const userId = useAuthStore.getState().user?.id;
  return Promise.all([
    userId ? queryClient.prefetchQuery(agreementStatusQueryOptions(userId)) : undefined,
    queryClient.prefetchQuery(organizationsQueryOptions()),
  ]);
}
