import { PageHeader } from '../../components/page-header';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { CarrierConnectionsSection } from '../../features/carrier-connections/components/carrier-connections-section';
import { browserTimeZone } from '../../lib/dates';
import { WorkspaceSettingsGate } from './workspace-settings-gate';

const TITLE = 'Carrier connections';

/** /workspace-settings/carrier-connections: company admins connect the organization's carriers. */
export function CarrierConnectionsPage() {
  const timeZone = useAuthStore((state) => state.user?.timeZone) ?? browserTimeZone();
  return (
    <WorkspaceSettingsGate
      title={TITLE}
      refusal={{
        title: 'Only company admins can manage carrier connections',
        description: (name) => `Ask a company admin of ${name} to connect a carrier.`,
      }}
    >
      {(organization) => (
        <>
          <PageHeader
            title={TITLE}
            description={`Real carrier data for ${organization.organizationName}: connect each carrier with your own API credentials, test it and watch its health and budget.`}
          />
          <CarrierConnectionsSection timeZone={timeZone} />
        </>
      )}
    </WorkspaceSettingsGate>
  );
}
