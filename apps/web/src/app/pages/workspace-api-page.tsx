import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { ApiReferenceLink } from '../../features/public-api/components/api-reference-link';
import { paths } from '../../config/paths';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { ApiEndpointsCard } from '../../features/public-api/components/api-endpoints-card';
import { ApiKeysSection } from '../../features/public-api/components/api-keys-section';
import { WebhooksSection } from '../../features/public-api/components/webhooks-section';
import { browserTimeZone } from '../../lib/dates';
import { WorkspaceSettingsGate } from './workspace-settings-gate';

const TITLE = 'API & webhooks';

/** /workspace-settings/api: company admins manage the workspace's API keys and webhook endpoints. */
export function WorkspaceApiPage() {
  const timeZone = useAuthStore((state) => state.user?.timeZone) ?? browserTimeZone();
  return (
    <WorkspaceSettingsGate
      title={TITLE}
      refusal={{
        title: 'Only company admins can manage API keys and webhooks',
        description: (name) => `Ask a company admin of ${name} for an API key or a webhook endpoint.`,
      }}
    >
      {() => (
        <>
          <PageHeader
            title={TITLE}
            description="Let other systems read and add this workspace’s shipments, and push changes to them."
            actions={<ApiReferenceLink />}
          />
          <Stack gap="lg">
            <ApiEndpointsCard
              referenceHref={paths.workspaceSettings.apiReference}
              origin={window.location.origin}
            />
            <ApiKeysSection timeZone={timeZone} />
            <WebhooksSection timeZone={timeZone} />
          </Stack>
        </>
      )}
    </WorkspaceSettingsGate>
  );
}
