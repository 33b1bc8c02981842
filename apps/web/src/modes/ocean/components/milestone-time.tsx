import detail from '../../../components/detail-page.module.css';
import { formatDateTime } from '../../../lib/dates';
import type { JourneyTime } from '../utils/journey';
import classes from './ocean-shipment-detail.module.css';

/**
 * One milestone time (STYLE): an actual is set solid; an estimate or plan is outlined and reads
 * "EST: …"; nothing known is a muted dash.
 */
export function MilestoneTime({ at, timeZone }: { at: JourneyTime | null; timeZone: string }) {
  if (!at) return <span className={classes.timeMissing}>-</span>;
  if (at.classifier === 'ACT') {
    return (
      <span className={detail.timeActual} data-classifier="ACT">
        {formatDateTime(at.time, timeZone)}
      </span>
    );
  }
  return (
    <span
      className={detail.timeEstimate}
      data-classifier={at.classifier}
      title={at.classifier === 'PLN' ? 'Planned by the carrier' : 'Estimated by the carrier'}
    >
      EST: {formatDateTime(at.time, timeZone)}
    </span>
  );
}
