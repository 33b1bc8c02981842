import { canCreateShipments, canViewShipments } from '@tracklane/shared/organizations/organizations.policy';
import { useSearchParams } from 'react-router';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import {
  selectShipmentPermission,
  useWorkspaceStore,
} from '../../features/workspaces/stores/workspace-store';
import { browserTimeZone, isValidTimeZone } from '../../lib/dates';

/**
 * What the current workspace lets the user do with shipments (spec §6), from the shared policy the
 * server enforces. Before any organization is known both are true, as in the menu: the server still
 * refuses what is not allowed.
 */
export function useShipmentAccess(): {
  canView: boolean;
  canCreate: boolean;
  /** Whose company admins can grant more access; null before any organization is known. */
  organizationName: string | null;
} {
  const permission = useWorkspaceStore(selectShipmentPermission);
  const organizationName = useWorkspaceStore((state) => state.currentOrganization?.organizationName ?? null);
  return {
    canView: permission === null || canViewShipments(permission),
    canCreate: permission === null || canCreateShipments(permission),
    organizationName,
  };
}

/** The signed-in user's time zone (their profile), or this browser's when it is missing or unknown. */
export function useReaderTimeZone(): string {
  const zone = useAuthStore((state) => state.user?.timeZone);
  return zone && isValidTimeZone(zone) ? zone : browserTimeZone();
}

/**
 * The zone a shipment page shows times in: the link's `timeZone` parameter (spec §2: notifications
 * carry the sender's) when it is a real zone, else the reader's own.
 */
export function useLinkedTimeZone(): string {
  const [search] = useSearchParams();
  const readerZone = useReaderTimeZone();
  const requested = search.get('timeZone');
  return requested && isValidTimeZone(requested) ? requested : readerZone;
}
