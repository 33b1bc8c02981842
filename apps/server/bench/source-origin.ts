// Where a profiled function comes from, through the build's source maps: list-profile.ts and
// list-trace.ts name the package or app folder of what ran.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
function consumer(url: string): SourceMapConsumer | null {
  const file = url.split('/assets/')[1];
  if (!file) return null;
  if (!maps.has(file)) {
    try {
      const raw = JSON.parse(
        readFileSync(path.join(webDist, 'assets', `${file}.map`), 'utf8'),
      ) as RawSourceMap;
      maps.set(file, new SourceMapConsumer(raw));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file) ?? null;
}

/** Where a frame comes from: a package (`@mantine/core`, `react-dom`) or an app folder. */
export function origin(frame: ProfileNode['callFrame']): { where: string; fn: string } {
  if (!frame.url) return { where: frame.functionName || '(program)', fn: frame.functionName || '(program)' };
  const map = frame.lineNumber >= 0 ? consumer(frame.url) : null;
  if (!map) return { where: frame.url.split('/').pop() ?? frame.url, fn: frame.functionName };
  const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = pos.source ?? '?';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  const where = pkg
    ? pkg[1] === '@mantine/core'
      ? `@mantine/core/${pkg[2]!.split('/').slice(-2, -1)[0] ?? ''}`
      : pkg[1]!
    : source.replace(/^.*apps\/web\/src\//, 'app/');
  return { where, fn: `${pos.name ?? frame.functionName} (${where.split('/').pop() ?? ''})` };
}
