import { Loader } from '@mantine/core';
import { LightBadge } from './light-badge';
import classes from './status-badge.module.css';

export interface StatusLook {
  label: string;
  /** A theme colour; the label always goes with it (never colour alone). */
  color: string;
}

interface StatusBadgeProps {
  look: StatusLook;
  /** The first carrier answer is still on its way: a spinner instead of the dot. */
  pending?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** A shipment's status as a coloured badge that always says it in words; each mode picks the look. */
export function StatusBadge({ look, pending = false, size = 'md' }: StatusBadgeProps) {
  return (
    <LightBadge
      size={size}
      color={look.color}
      className={classes.badge}
      leftSection={
        pending ? (
          <Loader size={8} color="gray" type="oval" aria-hidden />
        ) : (
          <span className={classes.dot} aria-hidden />
        )
      }
      data-testid="status-badge"
    >
      {look.label}
    </LightBadge>
  );
}
