/**
 * The sea-lane graph the app routes voyages on (sea-lanes.json; README.md beside it says where it comes
 * from). For the server: the web app draws the paths the server sends and never loads this file.
 */
import data from './sea-lanes.json';
import { seaLanesFrom, type SeaLanes } from './sea-routes';

let lanes: SeaLanes | null = null;

/** The graph, built on first use (about 5,500 nodes; a few milliseconds). */
export function seaLanes(): SeaLanes {
  lanes ??= seaLanesFrom(data);
  return lanes;
}
