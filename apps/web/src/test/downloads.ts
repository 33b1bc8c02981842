import { strFromU8, unzipSync } from 'fflate';
import { vi } from 'vitest';

/**
 * Catches the files the app hands to the browser's downloads: jsdom has no object URLs, so a URL
 * class that has them stands in for the calling test only. Answers the last file downloaded.
 */
export function captureDownloads() {
  let downloaded: Blob | undefined;
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = (blob: Blob) => {
        downloaded = blob;
        return 'blob:download';
      };
      static override revokeObjectURL = vi.fn();
    },
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return {
    click,
    file: () => {
      if (!downloaded) throw new Error('Nothing was downloaded');
      return downloaded;
    },
  };
}

/**
 * The date cells of an exported workbook's sheet, in order: the cell, and its serial number (null when
 * empty). Throws unless every one uses a style whose number format is day/month/year.
 */
export function dateCells(workbook: Uint8Array): { cell: string; serial: string | null }[] {
  const files = unzipSync(workbook);
  const parse = (path: string) => new DOMParser().parseFromString(strFromU8(files[path]!), 'application/xml');
  const styles = parse('xl/styles.xml');
  const formats = new Map(
    [...styles.getElementsByTagName('numFmt')].map((f) => [
      f.getAttribute('numFmtId'),
      f.getAttribute('formatCode'),
    ]),
  );
  const cellFormats = [...styles.getElementsByTagName('cellXfs')[0]!.getElementsByTagName('xf')].map((xf) =>
    formats.get(xf.getAttribute('numFmtId')),
  );
  return [...parse('xl/worksheets/sheet1.xml').getElementsByTagName('c')]
    .filter((c) => c.getAttribute('t') === null)
    .map((c) => {
      const format = cellFormats[Number(c.getAttribute('s') ?? 0)];
      if (format !== 'dd/mm/yyyy') throw new Error(`${c.getAttribute('r') ?? ''} is not a date cell`);
      return { cell: c.getAttribute('r') ?? '', serial: c.getElementsByTagName('v')[0]?.textContent ?? null };
    });
}
