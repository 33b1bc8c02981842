/**
 * The words of the page headers that the HTML of a signed-in page paints before its JavaScript
 * (app/layouts/page-frame.tsx): the pages and that frame both take them from here, so the
 * header the frame paints is the one the page then renders, to the pixel (its description is the
 * largest paint: were the page's any larger, the browser would count a second, later one).
 */
import type { ReactNode } from 'react';

/** `things`: "Containers", "Parcels" (each mode's `listHeader`, src/modes/<mode>/mode.ts). */
export function listDescription(things: string, timeZone: ReactNode): ReactNode {
  // One text before the zone, as the words were written out per mode: the frame's HTML is unchanged.
  return (
    <>
      {`${things} this workspace follows, refreshed from the carriers. Dates are days in `}
      {timeZone}.
    </>
  );
}

/** `things`: "containers", "parcels" (each mode's dashboard config, src/modes/<mode>/mode.ts). */
export function dashboardDescription(things: string, timeZone: ReactNode): ReactNode {
  return (
    <>
      Your {things} at a glance. Times are in {timeZone}.
    </>
  );
}
