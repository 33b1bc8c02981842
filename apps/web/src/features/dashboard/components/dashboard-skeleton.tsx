import { Skeleton } from '@mantine/core';
import classes from './dashboard.module.css';

/** The dashboard before its first answer: placeholders in its own layout. */
export function DashboardSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the dashboard">
      <div className={classes.attention}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={150} radius="lg" />
        ))}
      </div>
      <div className={classes.panels}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={200} radius="lg" />
        ))}
      </div>
      <Skeleton height={240} radius="lg" />
    </div>
  );
}
