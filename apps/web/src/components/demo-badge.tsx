import { Tooltip } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { LightBadge } from './light-badge';

interface DemoBadgeProps {
  size?: 'xs' | 'sm' | 'md';
  /** What the demo carrier makes up, for the tooltip: "realistic voyages, not real containers". */
  explanation?: string;
  /** In a table row: the table's one DelegatedTooltip says it, rather than a Tooltip of its own. */
  inTable?: boolean;
}

/** Says that what is shown comes from the demo carrier, not from a real one. */
export function DemoBadge({
  size = 'sm',
  explanation = 'realistic journeys, not real shipments',
  inTable = false,
}: DemoBadgeProps) {
  const label = `These events come from Tracklane's demo carrier: ${explanation}.`;
  const badge = (
    <LightBadge
      size={size}
      color="grape"
      leftSection={<IconFlask size={12} stroke={2} />}
      style={{ letterSpacing: 0 }}
      tooltip={inTable ? label : undefined}
      data-testid="demo-badge"
    >
      Demo data
    </LightBadge>
  );
  if (inTable) return badge;
  return (
    <Tooltip label={label} multiline w={260}>
      {badge}
    </Tooltip>
  );
}
