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
