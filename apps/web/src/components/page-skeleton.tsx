import { Skeleton } from '@mantine/core';
import classes from './page-skeleton.module.css';

/** While a page's code arrives: its header and main card, at their final size. */
export function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-label="Loading page" data-testid="page-skeleton">
      <div className={classes.header}>
        <Skeleton height={28} width={240} radius="sm" />
        <Skeleton height={14} width="min(520px, 80%)" radius="sm" />
      </div>
      <div className={classes.card} />
    </div>
  );
}

/** While an auth screen's code arrives, inside the auth layout. */
export function AuthFormSkeleton() {
  return (
    <div className={classes.authForm} role="status" aria-label="Loading" data-testid="auth-skeleton">
      <Skeleton height={32} width="60%" radius="sm" />
      <Skeleton height={14} width="80%" radius="sm" />
      <Skeleton height={60} radius="sm" />
      <Skeleton height={60} radius="sm" />
      <Skeleton height={36} radius="sm" />
    </div>
  );
}
