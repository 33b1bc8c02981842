import { ModalsProvider } from '@mantine/modals';
import { PageHeader } from '../../components/page-header';
import { EmailIntakeSettings } from '../../features/email-intake/components/email-intake-settings';
import { useReaderTimeZone } from './use-shipment-access';

/**
 * /workspace-settings/email-intake: the workspace's intake address, who may send to it and what the
 * latest messages added (ADR 0052). Members read it; company admins replace the address and choose the
 * allowed senders.
 */
export function EmailIntakePage() {
  const timeZone = useReaderTimeZone();
  return (
    <ModalsProvider>
      <PageHeader
        title="E-mail intake"
        description="Add shipments by forwarding the e-mails they arrive in."
      />
      <EmailIntakeSettings timeZone={timeZone} />
    </ModalsProvider>
  );
}
