import type { ComponentPropsWithRef, CSSProperties, ReactNode } from 'react';
import { LazyTooltip } from './lazy-tooltip';
import classes from './light-badge.module.css';

export interface LightBadgeProps extends Omit<ComponentPropsWithRef<'span'>, 'color'> {
  /** A theme colour ("red", "ocean"): its light background and text colour, as Mantine's light Badge. */
  color: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  leftSection?: ReactNode;
  className?: string;
  /** A tooltip's label (LazyTooltip), shown on hover and focus after `tooltipDelay` ms (the theme's by default). */
  tooltip?: string;
  tooltipDelay?: number;
  children: ReactNode;
}

/**
 * Mantine's `<Badge variant="light" radius="sm">` as one span: the same look at a fraction of the render
 * cost (no theme lookups, style props or variant resolver per badge), for tables that show one or more
 * per row. Other props go to the span (a tooltip around it sets its ref and handlers).
 */
export function LightBadge({
  color,
  size = 'md',
  leftSection,
  className,
  style,
  tooltip,
  tooltipDelay,
  children,
  ...rest
}: LightBadgeProps) {
  const badge = (
    <span
      className={className ? `${classes.badge} ${className}` : classes.badge}
      data-size={size}
      {...rest}
      style={
        {
          '--badge-bg': `var(--mantine-color-${color}-light)`,
          '--badge-fg': `var(--mantine-color-${color}-light-color)`,
          ...style,
        } as CSSProperties
      }
    >
      {leftSection ? <span className={classes.section}>{leftSection}</span> : null}
      <span className={classes.label}>{children}</span>
    </span>
  );
  return tooltip ? (
    <LazyTooltip label={tooltip} openDelay={tooltipDelay}>
      {badge}
    </LazyTooltip>
  ) : (
    badge
  );
}
