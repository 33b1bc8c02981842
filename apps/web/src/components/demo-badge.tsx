import { Badge, Tooltip } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

interface DemoBadgeProps {
  size?: 'xs' | 'sm' | 'md';
  /** What the demo carrier makes up, for the tooltip: "realistic voyages, not real containers". */
  explanation?: string;
}

/** Says that what is shown comes from the demo carrier, not from a real one. */
export function DemoBadge({
  size = 'sm',
  explanation = 'realistic journeys, not real shipments',
}: DemoBadgeProps) {
  return (
    <Tooltip label={`These events come from Tracklane's demo carrier: ${explanation}.`} multiline w={260}>
      <Badge
        size={size}
        color="grape"
        variant="light"
        radius="sm"
        leftSection={<IconFlask size={12} stroke={2} />}
        style={{ textTransform: 'none', letterSpacing: 0 }}
        data-testid="demo-badge"
      >
        Demo data
      </Badge>
    </Tooltip>
  );
}
