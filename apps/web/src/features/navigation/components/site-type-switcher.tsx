import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import type { SiteType } from '../../../config/paths';
import { MODE_LIST } from '../../../modes/registry';
import classes from './sidebar.module.css';

interface SiteTypeSwitcherProps {
  value: SiteType;
  onChange: (value: SiteType) => void;
  compact: boolean;
}

/** Ocean / Ground (spec §2), one option per mode. Compact shows icons only, stacked, for the collapsed sidebar. */
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
      data={MODE_LIST.map(({ siteType: optionValue, label, Icon }) => ({
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
