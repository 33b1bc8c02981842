import { LogoMark } from './logo';
import classes from './splash.module.css';

/** Full-screen wait while the session check runs (spec §2). */
export function Splash() {
  return (
    <div className={classes.splash} data-testid="splash" role="status" aria-live="polite">
      <LogoMark size={56} className={classes.mark} />
      <span className={classes.label}>Loading Tracklane…</span>
    </div>
  );
}
