// How the benchmarks report: percentiles, Markdown tables for docs/performance.md, the machine.
import os from 'node:os';
import { performance } from 'node:perf_hooks';

/** The median and 95th percentile of `values` (NaN for none). */
export function percentiles(values: number[]): { p50: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Results as a Markdown table, ready for docs/performance.md. */
export function markdownTable(rows: object[]): string {
  if (!rows.length) return '';
  const header = Object.keys(rows[0]!);
  const line = (cells: unknown[]) => `| ${cells.map((c) => String(c)).join(' | ')} |`;
  return [
    line(header),
    line(header.map(() => '---')),
    ...rows.map((r) =>
      line(Object.values(r).map((v: unknown) => (typeof v === 'number' ? v.toLocaleString('en') : v))),
    ),
  ].join('\n');
}

export const seconds = (since: number) => (performance.now() - since) / 1000;
export const round = (n: number) => Math.round(n * 100) / 100;
export const machine = () =>
  `${String(os.cpus().length)} cores (${os.cpus()[0]?.model ?? '?'}), load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;
