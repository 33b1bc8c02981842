import { Skeleton, Stack } from '@mantine/core';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { useSearchParams } from 'react-router';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { PageSuspense } from '../lazy-page';
import { CommentThread } from './lazy-comment-thread';

/**
 * A detail page's Comments tab: the shipment's thread in this workspace, scrolled to `?comment=` when
 * a mention opened it.
 */
export function ShipmentComments({
  shipmentType,
  shipmentId,
  shipmentLabel,
  timeZone,
}: {
  shipmentType: TrackingMode;
  shipmentId: string;
  shipmentLabel: string;
  timeZone: string;
}) {
  const viewerId = useAuthStore((state) => state.user?.id ?? null);
  const [search] = useSearchParams();
  return (
    <PageSuspense
      fallback={
        <Stack gap="sm" aria-label="Loading comments">
          {[0, 1].map((i) => (
            <Skeleton key={i} height={64} radius="md" />
          ))}
        </Stack>
      }
    >
      <CommentThread
        shipmentType={shipmentType}
        shipmentId={shipmentId}
        shipmentLabel={shipmentLabel}
        timeZone={timeZone}
        viewerId={viewerId}
        focusCommentId={search.get('comment')}
      />
    </PageSuspense>
  );
}
