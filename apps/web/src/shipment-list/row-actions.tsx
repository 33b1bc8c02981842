import { IconArchive, IconArchiveOff, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LazyTooltip } from '../components/lazy-tooltip';
import classes from './shipments-table.module.css';

interface RowActionsProps {
  /** The row's identifier as people say it, for the buttons' names: "Archive: MSCU1234566". */
  name: string;
  /** The row is on the archived tab: the action moves it back. */
  archived: boolean;
  detailHref: string;
  /** Absent for a reader who may not change shipments: only "Open". */
  onArchive?: () => void;
}

/** What a shipment row offers on hover or focus: archive (or move back), and open, each named by a tooltip. */
export function RowActions({ name, archived, detailHref, onArchive }: RowActionsProps) {
  const archiveLabel = archived ? 'Move back to active' : 'Archive';
  return (
    <div className={classes.rowActions}>
      {onArchive ? (
        <LazyTooltip label={archiveLabel}>
          <button
            type="button"
            className={classes.iconButton}
            aria-label={`${archiveLabel}: ${name}`}
            onClick={(event) => {
              event.stopPropagation();
              onArchive();
            }}
          >
            {archived ? <IconArchiveOff size={16} stroke={1.75} /> : <IconArchive size={16} stroke={1.75} />}
          </button>
        </LazyTooltip>
      ) : null}
      <LazyTooltip label="Open">
        <Link to={detailHref} className={classes.iconButton} aria-label={`Open ${name}`} tabIndex={-1}>
          <IconChevronRight size={16} stroke={1.75} />
        </Link>
      </LazyTooltip>
    </div>
  );
}
