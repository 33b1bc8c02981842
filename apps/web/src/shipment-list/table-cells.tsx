import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy, IconStar, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LazyTooltip } from '../components/lazy-tooltip';
import { EMPTY_DATE, formatDate } from '../lib/dates';
import classes from './shipments-table.module.css';

/*
 * Cells every shipment table has, whatever the mode: its identifiers (monospace, copied in one click)
 * and its milestone days: plain elements styled by shipments-table.module.css (a list renders many),
 * with tooltips (LazyTooltip: Mantine's, mounted on first hover or focus) where a value is cut or a
 * button has only an icon.
 */

/** A container number's length: numbers longer than this may end with an ellipsis in their column. */
const LONG_IDENTIFIER = 11;

interface IdentifierCellProps {
  value: string;
  /** What the value is, for the copy button's name: "container number", "tracking number". */
  what: string;
  /** The row's own identifier links to its detail and carries the favourite star. */
  primary?: { href: string; favorite: boolean; onToggleFavorite?: () => void };
  /** Another identifier may lead to its group (a bill of lading to its containers): where, and why. */
  group?: { href: string; label: string };
}

/** An identifier in monospace with a copy button on hover; the row's own one also links and stars. */
export function IdentifierCell({ value, what, primary, group }: IdentifierCellProps) {
  // Longer than a container number: its column may cut it, and hover says it whole.
  const long = value.length > LONG_IDENTIFIER;
  return (
    <span className={classes.identifierCell}>
      {primary ? (
        <>
          {primary.onToggleFavorite ? (
            <FavoriteButton favorite={primary.favorite} name={value} onToggle={primary.onToggleFavorite} />
          ) : (
            <span className={classes.favoriteMark}>
              {primary.favorite ? (
                <IconStarFilled size={16} className={classes.star} role="img" aria-label="Favourite" />
              ) : null}
            </span>
          )}
          <LazyTooltip label={value} openDelay={500} disabled={!long}>
            <Link
              to={primary.href}
              className={classes.identifier}
              tabIndex={-1}
              onClick={(event) => event.stopPropagation()}
            >
              {value}
            </Link>
          </LazyTooltip>
        </>
      ) : group ? (
        <LazyTooltip label={group.label}>
          <Link
            to={group.href}
            className={`${classes.identifierMuted} ${classes.groupLink}`}
            aria-label={group.label}
            onClick={(event) => event.stopPropagation()}
          >
            {value}
          </Link>
        </LazyTooltip>
      ) : (
        <LazyTooltip label={value} openDelay={500} disabled={!long}>
          <span className={classes.identifierMuted}>{value}</span>
        </LazyTooltip>
      )}
      <span className={classes.hoverOnly}>
        <CopyButton value={value} what={what} />
      </span>
    </span>
  );
}

/** The favourite star of a row: a toggle button that says its state. */
function FavoriteButton({
  favorite,
  name,
  onToggle,
}: {
  favorite: boolean;
  name: string;
  onToggle: () => void;
}) {
  return (
    <LazyTooltip label={favorite ? 'Favourite' : 'Add to favourites'}>
      <button
        type="button"
        className={classes.iconButton}
        aria-label={favorite ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
        aria-pressed={favorite}
        onClick={(event) => {
          event.stopPropagation();
          onToggle();
        }}
      >
        {favorite ? (
          <IconStarFilled size={16} className={classes.star} />
        ) : (
          <IconStar size={16} stroke={1.75} />
        )}
      </button>
    </LazyTooltip>
  );
}

/** One click copies the identifier; the icon and the tooltip confirm it. */
function CopyButton({ value, what }: { value: string; what: string }) {
  const clipboard = useClipboard({ timeout: 1500 });
  return (
    <LazyTooltip label={clipboard.copied ? 'Copied' : `Copy ${what}`}>
      <button
        type="button"
        className={classes.iconButton}
        data-size="xs"
        data-copied={clipboard.copied || undefined}
        aria-label={`Copy ${what} ${value}`}
        onClick={(event) => {
          event.stopPropagation();
          clipboard.copy(value);
        }}
      >
        {clipboard.copied ? <IconCheck size={14} stroke={2} /> : <IconCopy size={14} stroke={1.75} />}
      </button>
    </LazyTooltip>
  );
}

/**
 * A list date as spec §3 writes it: the actual day, then "EST: " and the estimated day; the estimate
 * alone; or a dash. Actuals are set solid, estimates lighter, so the eye finds what has happened. Two
 * short lines rather than one long one, so that a date column stays narrow: the actual over its
 * estimate, or "EST:" over an estimate alone.
 */
export function MilestoneDay({
  actual,
  estimated,
  timeZone,
}: {
  actual: string | null;
  estimated: string | null;
  timeZone: string;
}) {
  if (!actual && !estimated) return <span className={classes.missing}>{EMPTY_DATE}</span>;
  if (!actual)
    return (
      <span className={classes.dateStack}>
        <span className={classes.estimateAfterActual}>EST: </span>
        <span className={classes.estimate}>{formatDate(estimated, timeZone)}</span>
      </span>
    );
  return (
    <span className={estimated ? classes.dateStack : classes.date}>
      <span className={classes.actual}>{formatDate(actual, timeZone)}</span>
      {estimated ? (
        <>
          {' '}
          <span className={classes.estimateAfterActual}>EST: {formatDate(estimated, timeZone)}</span>
        </>
      ) : null}
    </span>
  );
}

/** A day, or a dash when there is none. */
export function DayCell({ value, timeZone }: { value: string | null; timeZone: string }) {
  return value ? <span className={classes.date}>{formatDate(value, timeZone)}</span> : <MissingValue />;
}

/** A line of text cut at the column's edge (its title says it whole), or a dash when there is none. */
export function TextCell({ text }: { text: string }) {
  return text ? (
    <span className={classes.cut} title={text}>
      {text}
    </span>
  ) : (
    <MissingValue />
  );
}

/** What an empty cell shows: a quiet dash. */
export function MissingValue() {
  return <span className={classes.missing}>-</span>;
}
