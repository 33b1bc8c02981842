import { tenantQueryKey } from '../../../lib/tenant-queries';

// Apart from the API module: the shell's live updates import it with the first screen.
export const CARRIER_CONNECTIONS_QUERY_KEY = tenantQueryKey('carrier-connections');
