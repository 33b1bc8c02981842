import { Alert } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { BillingSettings } from '../../features/billing/components/billing-settings';
import { PricingTable } from '../../features/billing/components/pricing-table';
import { useWorkspaceStore } from '../../features/workspaces/stores/workspace-store';
import { useReaderTimeZone } from './use-shipment-access';

/** /settings/billing (spec §2 billing settings); Stripe Checkout returns here with ?checkout=. */
export function BillingSettingsPage() {
  const timeZone = useReaderTimeZone();
  const workspaceName = useWorkspaceStore((state) => state.currentWorkspace?.name);
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  return (
    <>
      <PageHeader
        title="Billing settings"
        description="Your organization's plan, what it uses of it, and invoices."
      />
      {checkout === 'success' ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} mb="lg">
          Thank you. The plan changes as soon as the payment provider confirms the payment, usually within a
          minute.
        </Alert>
      ) : checkout === 'cancelled' ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} mb="lg">
          The payment was cancelled; your plan has not changed.
        </Alert>
      ) : null}
      <BillingSettings timeZone={timeZone} workspaceName={workspaceName} />
    </>
  );
}

/** /payment/pricing-table (spec §2 pricing plans). */
export function PricingPage() {
  return (
    <>
      <PageHeader
        title="Pricing plans"
        description="Seats and active shipments for the whole organization."
      />
      <PricingTable />
    </>
  );
}
