import { Skeleton, Stack } from '@mantine/core';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { lazyPage, PageSuspense } from '../lazy-page';

/**
 * The Documents tab's content: downloaded when the tab first opens, never with the detail page
 * (tests preload it with the screens, router.tsx).
 */
export const ShipmentDocumentsPanel = lazyPage(() =>
  import('../../features/documents/components/shipment-documents').then((m) => m.ShipmentDocuments),
);

/** A detail page's Documents tab for either mode, with a skeleton of its size while it downloads. */
export function ShipmentDocumentsTab(props: {
  mode: TrackingMode;
  shipmentId: string;
  canUpload: boolean;
  timeZone: string;
}) {
  return (
    <PageSuspense
      fallback={
        <Stack gap="sm" aria-label="Loading documents">
          {[0, 1].map((i) => (
            <Skeleton key={i} height={48} radius="md" />
          ))}
        </Stack>
      }
    >
      <ShipmentDocumentsPanel {...props} />
    </PageSuspense>
  );
}
