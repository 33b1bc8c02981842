import type { UseQueryResult } from '@tanstack/react-query';
import { Anchor, Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../lib/dates';
import { CopyIdentifier } from './copy-identifier';
import { DemoBadge } from './demo-badge';
import classes from './detail-page.module.css';
import { FavoriteToggle } from './favorite-toggle';
import { StatusBadge, type StatusLook } from './status-badge';

/** The link back to the list a detail page was opened from. */
export function DetailBackLink({ href, label }: { href: string; label: string }) {
  return (
    <Anchor component={Link} to={href} size="sm" c="dimmed" className={classes.back}>
      <IconArrowLeft size={14} /> {label}
    </Anchor>
  );
}

/** One labelled fact under a detail page's title: "Last checked", "Vessel / voyage"… */
export function DetailFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <Text size="xs" c="dimmed" className={classes.factLabel}>
        {label}
      </Text>
      <div className={classes.factValue}>{children}</div>
    </div>
  );
}

export interface DetailChecks {
  lastCheckedAt: string | null;
  nextCheckAt: string | null;
  /** Who answered the last check: "Demo carrier", "HMM"… */
  sourceLabel: string;
}

interface DetailFactsProps {
  timeZone: string;
  /** When the carrier was and will be asked; undefined while the shipment is not known. */
  checks: DetailChecks | undefined;
  /** The first answer is on its way: placeholders where the checks will be. */
  loading?: boolean;
  /** The mode's own facts, before the checks. */
  children?: ReactNode;
}

/** The row of facts under the title: the mode's own, when it was checked and will be, and the time zone. */
export function DetailFacts({ timeZone, checks, loading = false, children }: DetailFactsProps) {
  return (
    <div className={classes.facts}>
      {children}
      {checks ? (
        <>
          <DetailFact label="Last checked">
            {checks.lastCheckedAt ? (
              <>
                {formatDateTime(checks.lastCheckedAt, timeZone)}
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {checks.sourceLabel}
                </Text>
              </>
            ) : (
              'Not yet'
            )}
          </DetailFact>
          <DetailFact label="Next check">
            {checks.nextCheckAt ? formatDateTime(checks.nextCheckAt, timeZone) : 'No further checks'}
          </DetailFact>
        </>
      ) : loading ? (
        <>
          <Skeleton height={34} width={180} radius="sm" />
          <Skeleton height={34} width={180} radius="sm" />
        </>
      ) : null}
      <DetailFact label="Time zone">Times in {timeZone}</DetailFact>
    </div>
  );
}

/**
 * A detail page's data when the page fetched it itself (a shipment shared with the reader): what the
 * detail components read of a query.
 */
export type ExternalDetailQuery<T> = Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'error'> & {
  refetch: () => unknown;
};

/** Where a shared shipment's detail comes from and leads back to; it is read-only. */
export interface SharedDetailSource<T> {
  query: ExternalDetailQuery<T>;
  back: { href: string; label: string };
}

export interface DetailHeaderActions {
  archived: boolean;
  onToggleArchived: () => void;
  archiving: boolean;
}

/** The reader's own star on the shipment (ADR 0033: favourites are personal). */
export interface DetailHeaderFavorite {
  favorite: boolean;
  onToggle: () => void;
}

interface DetailHeaderProps {
  /** The browser tab's title. */
  documentTitle: string;
  back: { href: string; label: string };
  /** What is shown, before its number: "Container", "Parcel". */
  kind: string;
  number: string;
  /** What the number is, for the copy button: "container number". */
  numberName: string;
  /** Undefined while the shipment is not known. */
  status?: { look: StatusLook; pending: boolean };
  /** Set when the shipment is demo data: what the demo carrier makes up. */
  demoExplanation?: string;
  /** The line under the title: carrier, bill of lading, service… */
  subline: ReactNode;
  /**
   * The reader's star: anyone who sees the workspace's shipment may star it for themselves; null when
   * the shipment is not known or not the workspace's (shared with the reader).
   */
  favorite: DetailHeaderFavorite | null;
  /** Archive; null when the reader may not change the shipment or it is not known. */
  actions: DetailHeaderActions | null;
  /** More actions beside them (Share), composed by the page; shown whenever given. */
  extraActions?: ReactNode;
  /** The facts row, usually a DetailFacts. */
  facts: ReactNode;
}

/** Who the shipment is, the way back to its list, the actions on it and the facts about its checks. */
export function DetailHeader(props: DetailHeaderProps) {
  const { number, actions, favorite } = props;
  useDocumentTitle(props.documentTitle);
  return (
    <header className={classes.header}>
      <DetailBackLink href={props.back.href} label={props.back.label} />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div className={classes.identity}>
          <Group gap="xs" wrap="wrap" align="center">
            <Title order={1} className={classes.title}>
              <span className={classes.titleLabel}>{props.kind}</span>{' '}
              <span className={classes.titleNumber}>{number}</span>
            </Title>
            <CopyIdentifier value={number} what={props.numberName} size="sm" />
            {props.status ? (
              <StatusBadge look={props.status.look} pending={props.status.pending} size="lg" />
            ) : null}
            {props.demoExplanation ? <DemoBadge explanation={props.demoExplanation} /> : null}
          </Group>
          {props.subline}
        </div>
        {actions || favorite || props.extraActions ? (
          <Group gap="xs">
            {props.extraActions}
            {favorite ? (
              <FavoriteToggle
                favorite={favorite.favorite}
                name={number}
                onToggle={favorite.onToggle}
                size="lg"
              />
            ) : null}
            {actions ? (
              <Button
                variant="default"
                leftSection={actions.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
                onClick={actions.onToggleArchived}
                loading={actions.archiving}
              >
                {actions.archived ? 'Unarchive' : 'Archive'}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {props.facts}
    </header>
  );
}
