import { Badge } from '@mantine/core';
import type { ExceptionState } from '@tracklane/shared/exceptions/exceptions.schema';

export const STATE_LABELS: Record<ExceptionState, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  auto_resolved: 'Cleared by itself',
};
const STATE_COLORS: Record<ExceptionState, string> = {
  open: 'red',
  acknowledged: 'yellow',
  resolved: 'green',
  auto_resolved: 'gray',
};

/** An exception's state, in words and colour. */
export function StateBadge({ state }: { state: ExceptionState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {STATE_LABELS[state]}
    </Badge>
  );
}
