import { IconFlask } from '@tabler/icons-react';
import { LightBadge } from './light-badge';

interface DemoBadgeProps {
  size?: 'xs' | 'sm' | 'md';
  /** What the demo carrier makes up, for the tooltip: "realistic voyages, not real containers". */
  explanation?: string;
}

/** Says that what is shown comes from the demo carrier, not from a real one; its tooltip says more. */
export function DemoBadge({
  size = 'sm',
  explanation = 'realistic journeys, not real shipments',
}: DemoBadgeProps) {
  return (
    <LightBadge
      size={size}
      color="grape"
      leftSection={<IconFlask size={12} stroke={2} />}
      style={{ letterSpacing: 0 }}
      tooltip={`These events come from Tracklane's demo carrier: ${explanation}.`}
      data-testid="demo-badge"
    >
      {/* Its words can give way to the icon alone where room is short (the list card's tab bar). */}
      <span data-badge-label>Demo data</span>
    </LightBadge>
  );
}
