import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { IconShip, IconTruckDelivery } from '@tabler/icons-react';
import type { SiteType } from '../../../config/paths';
import classes from './sidebar.module.css';

interface SiteTypeSwitcherProps {
  value: SiteType;
  onChange: (value: SiteType) => void;
  compact: boolean;
}

const OPTIONS: ReadonlyArray<{ value: SiteType; label: string; Icon: typeof IconShip }> = [
  { value: 'ocean', label: 'Ocean', Icon: IconShip },
  { value: 'ground', label: 'Ground', Icon: IconTruckDelivery },
];

/** Ocean / Ground (spec §2). Compact shows icons only, stacked, for the collapsed sidebar. */
export function SiteTypeSwitcher({ value, onChange, compact }: SiteTypeSwitcherProps) {
  return (
    <SegmentedControl<SiteType>
      aria-label="Shipment type"
      data-testid="site-type-switcher"
      value={value}
      onChange={onChange}
      fullWidth
      size="xs"
      orientation={compact ? 'vertical' : 'horizontal'}
      className={classes.switcher}
      data={OPTIONS.map(({ value: optionValue, label, Icon }) => ({
        value: optionValue,
        label: compact ? (
          <span className={classes.switcherLabel} title={label}>
            <Icon size={16} stroke={1.75} aria-hidden="true" />
            <VisuallyHidden>{label}</VisuallyHidden>
          </span>
        ) : (
          <span className={classes.switcherLabel}>
            <Icon size={15} stroke={1.75} aria-hidden="true" />
            <span>{label}</span>
          </span>
        ),
      }))}
    />
  );
}
