import { Button, Group, Loader, Text } from '@mantine/core';
import classes from './shipment-list.module.css';

interface ListFooterProps {
  shown: number;
  /** The tab's count, when no filter narrows the list (the server counts tabs, not matches). */
  total: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Under the rows: how many are shown, and "Load more" for those who would rather click than scroll. */
export function ListFooter({ shown, total, hasMore, loadingMore, onLoadMore }: ListFooterProps) {
  return (
    <Group justify="space-between" className={classes.footer} data-testid="list-footer">
      <Text size="xs" c="dimmed" aria-live="polite">
        {total !== null && total >= shown
          ? `Showing ${String(shown)} of ${String(total)}`
          : `Showing ${String(shown)}${hasMore ? ', more below' : ''}`}
      </Text>
      {hasMore ? (
        <Button
          size="xs"
          variant="default"
          onClick={onLoadMore}
          disabled={loadingMore}
          leftSection={loadingMore ? <Loader size={12} /> : null}
        >
          {loadingMore ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </Group>
  );
}
