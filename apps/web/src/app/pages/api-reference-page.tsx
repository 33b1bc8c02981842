import { Paper, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/page-header';

// Swagger UI is large: it is fetched when this page opens, never with the app.
const ApiReferenceViewer = lazy(() => import('../../features/public-api/components/api-reference-viewer'));

/** /workspace-settings/api/reference: the public API's OpenAPI reference. */
export function ApiReferencePage() {
  return (
    <>
      <PageHeader
        title="API reference"
        description="Every /api/v1/ route with its parameters, answers and examples."
      />
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'lg' }}>
        <Suspense fallback={<Skeleton height={320} radius="md" aria-label="Loading the API reference" />}>
          <ApiReferenceViewer />
        </Suspense>
      </Paper>
    </>
  );
}
