import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { tenantQueryKey } from '../../../lib/tenant-queries';

/**
 * What is shared with the signed-in user (shared history, shared details, share invites): the same
 * whichever workspace is selected, so not tenant-keyed. The socket's notification message refetches it.
 */
export const SHARED_WITH_ME_QUERY_KEY = ['shared-with-me'] as const;

/** What the current workspace shares (people, links): tenant-keyed. */
export const workspaceSharesQueryKey = (mode: TrackingMode, ...parts: unknown[]) =>
  tenantQueryKey('shares', mode, ...parts);
