import { Badge } from '@mantine/core';
import { useExceptionCounts } from '../lib/exception-counts';

/** The count of active exceptions beside the menu item; nothing while none are active or unknown. */
export function ExceptionsNavBadge() {
  const counts = useExceptionCounts();
  const active = counts.data?.active ?? 0;
  if (active === 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      variant="filled"
      ml="auto"
      aria-label={`${String(active)} active exceptions`}
    >
      {active > 99 ? '99+' : active}
    </Badge>
  );
}
