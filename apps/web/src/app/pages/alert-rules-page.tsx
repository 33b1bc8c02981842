import { Button, Skeleton, Stack } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { canDefineAlertRules, managesWorkspaceAlertRules } from '@tracklane/shared/alerts/alerts.policy';
import { Link } from 'react-router';
import { AdminOnly } from '../../components/admin-only';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { AlertRulesSection } from '../../features/alerts/components/alert-rules-section';
import { useOrganizations } from '../../features/workspaces/api/get-organizations';
import { useWorkspaceStore } from '../../features/workspaces/stores/workspace-store';
import { endSentence } from '@tracklane/shared/sentence';
import { firstMode } from '../../modes/registry';

const TITLE = 'Alert rules';

/**
 * /workspace-settings/alerts: company admins manage the workspace's alert rules; members who may add
 * shipments define their own; everyone else is told why not (the server refuses them too).
 */
export function AlertRulesPage() {
  const organization = useWorkspaceStore((state) => state.currentOrganization);
  const workspace = useWorkspaceStore((state) => state.currentWorkspace);
  const organizations = useOrganizations();

  if (!organization || !workspace) {
    return (
      <>
        <PageHeader title={TITLE} />
        {organizations.isPending ? (
          <Stack gap="md" aria-busy="true" aria-label="Loading">
            <Skeleton height={240} radius="lg" />
          </Stack>
        ) : (
          <AdminOnly
            title="No workspace selected"
            description="Alert rules belong to a workspace. Ask a company admin for an invite."
            backHref={firstMode().paths.dashboard}
          />
        )}
      </>
    );
  }
  if (!canDefineAlertRules(organization.role, organization.shipmentPermission)) {
    return (
      <>
        <PageHeader title={TITLE} />
        <AdminOnly
          title="You cannot set up alert rules here"
          description={`Alert rules are for company admins and members who may add shipments in ${endSentence(workspace.name)} Ask a company admin of ${endSentence(organization.organizationName)}`}
          backHref={firstMode().paths.dashboard}
        />
      </>
    );
  }
  const admin = managesWorkspaceAlertRules(organization.role);
  return (
    <>
      <PageHeader
        title={TITLE}
        description={
          admin
            ? `Tell the team about the few changes that cost money in ${workspace.name}: last free days, slipped ETAs, rolled boxes.`
            : `Your own alerts in ${workspace.name}, on top of the rules your admins set for everyone.`
        }
        actions={
          admin ? (
            <Button
              component={Link}
              to={paths.workspaceSettings.freeTime}
              variant="default"
              leftSection={<IconSettings size={16} />}
            >
              Free time & tariffs
            </Button>
          ) : undefined
        }
      />
      <AlertRulesSection />
    </>
  );
}
