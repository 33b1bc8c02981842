import { Paper, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/page-header';
import { ApiReferenceLink } from '../../features/public-api/components/api-reference-link';

// The guide and its Markdown renderer are fetched when this page opens, never with the app.
const WebhooksGuide = lazy(() => import('../../features/public-api/components/webhooks-guide'));

/** /workspace-settings/api/webhooks: how deliveries look, are signed and retried (docs/webhooks.md). */
export function WebhooksGuidePage() {
  return (
    <>
      <PageHeader
        title="Webhooks guide"
        description="What Tracklane sends to your endpoints, how to verify the signature, and how retries work."
        actions={<ApiReferenceLink />}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Suspense fallback={<Skeleton height={320} radius="md" aria-label="Loading the webhooks guide" />}>
          <WebhooksGuide />
        </Suspense>
      </Paper>
    </>
  );
}
