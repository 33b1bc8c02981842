/**
 * The frame of a signed-in page, as its HTML paints it before any JavaScript has arrived:
 * the shell's skeleton (rail, sidebar, top bar) around the page's real header and a skeleton of its
 * body. No one's data: the build renders it once for everyone (prerender.tsx), and the app shows the
 * same while it checks the session and the user agreement (guard.tsx), so the page then replaces it
 * with nothing moving. The reader's time zone in the header is written by the HTML's inline script
 * (`FRAME_SCRIPT`) before the first paint, from the stored profile or the browser.
 */
import { Button } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { dashboardDescription, listDescription } from '../../components/page-headers';
import { DashboardSkeleton } from '../../features/dashboard/components/dashboard-skeleton';
import type { DashboardModeConfig } from '../../features/dashboard/utils/modes';
import { MODE_LIST } from '../../modes/registry';
import { useReaderTimeZone } from '../pages/use-shipment-access';
import classes from './page-frame.module.css';

/** The reader's zone: the inline script writes it before the first paint; React leaves that text be. */
function Zone() {
  const timeZone = useReaderTimeZone();
  return (
    <span data-reader-zone suppressHydrationWarning>
      {timeZone}
    </span>
  );
}

/**
 * A list's header actions as the list first renders them (before its rows: export disabled), so the
 * description wraps where it will. "New shipment" shows as it does before the workspace's permission
 * is known.
 */
function ListActions({ newShipmentHref }: { newShipmentHref: string }) {
  return (
    <>
      <Button.Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} stroke={1.75} />}
          disabled
          aria-live="polite"
        >
          Export CSV
        </Button>
        <Button variant="default" disabled aria-label="Export XLSX">
          XLSX
        </Button>
      </Button.Group>
      <Button component={Link} to={newShipmentHref} leftSection={<IconPlus size={16} />}>
        New shipment
      </Button>
    </>
  );
}

function ListFrame({
  title,
  description,
  newShipmentHref,
}: {
  title: string;
  description: ReactNode;
  newShipmentHref: string;
}) {
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={<ListActions newShipmentHref={newShipmentHref} />}
      />
      <div
        className={classes.card}
        role="status"
        aria-label="Loading shipments"
        data-testid="card-skeleton"
      />
    </>
  );
}

function DashboardFrame({ config }: { config: DashboardModeConfig }) {
  return (
    <>
      <PageHeader title={config.title} description={dashboardDescription(config.things, <Zone />)} />
      <DashboardSkeleton />
    </>
  );
}

/** The pages with a frame, by path: what each shows first, without data (the modes' lists, then dashboards). */
export const FRAMES: Record<string, () => ReactNode> = Object.fromEntries([
  ...MODE_LIST.flatMap((mode) =>
    Object.entries(mode.paths.lists).map(([tab, path]): [string, () => ReactNode] => [
      path,
      () => (
        <ListFrame
          title={mode.listHeader.titles[tab] ?? ''}
          description={listDescription(mode.listHeader.things, <Zone />)}
          newShipmentHref={mode.paths.newShipment}
        />
      ),
    ]),
  ),
  ...MODE_LIST.map((mode): [string, () => ReactNode] => [
    mode.paths.dashboard,
    () => <DashboardFrame config={mode.dashboard} />,
  ]),
]);

/**
 * The page's part of the frame at `path`, inside the shell's skeleton (the guard draws that: it is in the
 * entry, and importing it here would split the entry's modules into more chunks). Null without a frame.
 */
export function FrameContent({ path }: { path: string }) {
  const frame = FRAMES[path];
  return frame ? frame() : null;
}
