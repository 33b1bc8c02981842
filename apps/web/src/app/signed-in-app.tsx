// One chunk for what every signed-in page stands in: the user-agreement gate and the main shell.
import './mantine-app.css';
import '@mantine/notifications/styles.layer.css';

import { agreementStatusQueryOptions } from '../features/legal/api/get-agreement-status';
import { selectionQueryOptions } from '../features/workspaces/api/confirm-selection';
import { organizationsQueryOptions } from '../features/workspaces/api/get-organizations';
import { syncWorkspaceStore } from '../features/workspaces/utils/sync-workspace-store';
import type { AppInstance } from './app-instance';

export { RequireAgreement } from './agreement-guard';
export { MainShell } from './layouts/main-shell';

/**
 * The requests every signed-in page's first render reads, started beside the session check for a
 * visitor the server knows (the route's loader, router.tsx): the user agreement of the user this browser last
 * saw, the organizations, then the session's selection confirmed and written into the workspace store
 * (what the shell's `useWorkspaceSession` does as it mounts). When the session turns out to be someone
 * else's or none, the gate asks again for the right user, and the sign-in page takes over.
 */
export function prefetchSignedIn({ queryClient, authStore, workspaceStore }: AppInstance): Promise<unknown> {
  const userId = authStore.getState().user?.id;
  return Promise.all([
    userId ? queryClient.prefetchQuery(agreementStatusQueryOptions(userId)) : undefined,
    queryClient.fetchQuery(organizationsQueryOptions()).then(async (organizations) => {
      const selection = await queryClient.fetchQuery(selectionQueryOptions());
      // What the shell's workspace session would write as it mounts, written before the first render:
      // the first render then shows the workspace, rather than rendering its readers again at once.
      syncWorkspaceStore(queryClient, workspaceStore, organizations, selection);
    }),
  ]);
}
