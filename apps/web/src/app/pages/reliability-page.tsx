import { canManageOrganization } from '@tracklane/shared/organizations/organizations.policy';
import { ReliabilityView } from '../../features/reliability/components/reliability-page';
import { useWorkspaceStore } from '../../features/workspaces/stores/workspace-store';

/** /reliability: the workspace's figures; company admins may switch to their organization's. */
export function ReliabilityPage() {
  const role = useWorkspaceStore((state) => state.currentOrganization?.role ?? null);
  return <ReliabilityView mayViewOrganization={role !== null && canManageOrganization(role)} />;
}
