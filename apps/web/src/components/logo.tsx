import { useId } from 'react';
import classes from './logo.module.css';

interface LogoMarkProps {
  size?: number;
  className?: string;
  /** Decorative by default; give a title when the mark stands alone as the only content. */
  title?: string;
}

/** The Tracklane mark: a route from an origin dot to a destination ring. */
export function LogoMark({ size = 32, className, title }: LogoMarkProps) {
  const gradientId = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      className={className}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1580ad" />
          <stop offset="1" stopColor="#044763" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M8.5 23.5c5 0 4-15 9.5-15 2.6 0 3.4 2.4 6 2.4"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <circle cx="8.5" cy="23.5" r="2.6" fill="#7dd3e0" />
      <circle cx="24" cy="10.9" r="2.4" fill="none" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}

interface LogoProps {
  size?: number;
  /** `inverse` for dark backgrounds. */
  variant?: 'default' | 'inverse';
  className?: string;
}

/** Mark plus wordmark; the accessible name is the product name. */
export function Logo({ size = 32, variant = 'default', className }: LogoProps) {
  return (
    <span
      className={[classes.logo, className].filter(Boolean).join(' ')}
      data-variant={variant}
      style={{ fontSize: Math.round(size * 0.62) }}
    >
      <LogoMark size={size} />
      <span className={classes.wordmark}>Tracklane</span>
    </span>
  );
}
