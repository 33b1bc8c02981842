import { tenantQueryKey } from './tenant-queries';

/** The reliability page. */
export const RELIABILITY_PAGE_PATH = '/reliability';
/** Under the tenant prefix with the root `reliability`: a workspace's live message refetches it (ADR 0041). */
export const RELIABILITY_QUERY_KEY = tenantQueryKey('reliability');
