import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EMPTY_DATE, formatDate } from '../lib/dates';
import { CopyIdentifier } from './copy-identifier';
import { FavoriteMark, FavoriteToggle } from './favorite-toggle';
import classes from './shipments-table.module.css';

/*
 * Cells every shipment table has, whatever the mode: its identifiers (monospace, copied in one click)
 * and its milestone days.
 */

interface IdentifierCellProps {
  value: string;
  /** What the value is, for the copy button's name: "container number", "tracking number". */
  what: string;
  /** The row's own identifier links to its detail and carries the favourite star. */
  primary?: { href: string; favorite: boolean; onToggleFavorite?: () => void };
}

/** An identifier in monospace with a copy button on hover; the row's own one also links and stars. */
export function IdentifierCell({ value, what, primary }: IdentifierCellProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {primary ? (
        <>
          {primary.onToggleFavorite ? (
            <FavoriteToggle
              favorite={primary.favorite}
              name={value}
              onToggle={primary.onToggleFavorite}
              size="sm"
            />
          ) : (
            <FavoriteMark favorite={primary.favorite} />
          )}
          <Anchor
            component={Link}
            to={primary.href}
            className={classes.identifier}
            underline="hover"
            tabIndex={-1}
            onClick={(event) => event.stopPropagation()}
          >
            {value}
          </Anchor>
        </>
      ) : (
        <Text span className={classes.identifierMuted}>
          {value}
        </Text>
      )}
      <span className={classes.hoverOnly}>
        <CopyIdentifier value={value} what={what} />
      </span>
    </Group>
  );
}

/**
 * A list date as spec §3 writes it: the actual day, then "EST: " and the estimated day; the estimate
 * alone; or a dash. Actuals are set solid, estimates lighter, so the eye finds what has happened.
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
  return (
    <span className={actual && estimated ? classes.dateStack : classes.date}>
      {actual ? <span className={classes.actual}>{formatDate(actual, timeZone)}</span> : null}
      {actual && estimated ? ' ' : null}
      {estimated ? (
        <span className={actual ? classes.estimateAfterActual : classes.estimate}>
          EST: {formatDate(estimated, timeZone)}
        </span>
      ) : null}
    </span>
  );
}

/** A day, or a dash when there is none. */
export function DayCell({ value, timeZone }: { value: string | null; timeZone: string }) {
  return value ? <span className={classes.date}>{formatDate(value, timeZone)}</span> : <MissingValue />;
}

/** What an empty cell shows: a quiet dash. */
export function MissingValue() {
  return <span className={classes.missing}>-</span>;
}
