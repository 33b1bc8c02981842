import { Skeleton, Stack } from '@mantine/core';
import { canManageOrganization } from '@tracklane/shared/organizations/organizations.policy';
import type { ReactNode } from 'react';
import { AdminOnly } from '../../components/admin-only';
import { PageHeader } from '../../components/page-header';
import { useOrganizations } from '../../features/workspaces/api/get-organizations';
import {
  useWorkspaceStore,
  type CurrentOrganization,
} from '../../features/workspaces/stores/workspace-store';
import { firstMode } from '../../modes/registry';

interface WorkspaceSettingsGateProps {
  title: string;
  /** What a general user is told instead of the page. */
  refusal: { title: string; description: (organizationName: string) => string };
  children: (organization: CurrentOrganization) => ReactNode;
}

/**
 * The /workspace-settings pages are for company admins of the current organization (spec §6); everyone
 * else gets a clear refusal. The server refuses their calls too (403): nothing is asked of it here.
 */
export function WorkspaceSettingsGate({ title, refusal, children }: WorkspaceSettingsGateProps) {
  const organization = useWorkspaceStore((state) => state.currentOrganization);
  const organizations = useOrganizations();

  if (!organization) {
    if (organizations.isPending) {
      return (
        <>
          <PageHeader title={title} />
          <Stack gap="md" aria-busy="true" aria-label="Loading">
            <Skeleton height={120} radius="lg" />
            <Skeleton height={240} radius="lg" />
          </Stack>
        </>
      );
    }
    return (
      <>
        <PageHeader title={title} />
        <AdminOnly
          title="No organization selected"
          description="You are not a member of any workspace at the moment. Ask a company admin for an invite."
          backHref={firstMode().paths.dashboard}
        />
      </>
    );
  }

  if (!canManageOrganization(organization.role)) {
    return (
      <>
        <PageHeader title={title} />
        <AdminOnly
          title={refusal.title}
          description={refusal.description(organization.organizationName)}
          backHref={firstMode().paths.dashboard}
        />
      </>
    );
  }

  return children(organization);
}
