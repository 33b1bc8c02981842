import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { downloadFile, exportFileName, tableToCells, tableToCsv, type ExportColumn } from './table-export';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ExportButtonProps<Row> {
  /** Every row of the current view, page after page; `onProgress` hears the running count. */
  loadRows: (onProgress: (loaded: number, total: number) => void) => Promise<Row[]>;
  columns: ExportColumn<Row>[];
  timeZone: string;
  /** Names the file: "ocean-shipments-active" gives ocean-shipments-active-2025-03-14.csv. */
  fileName: string;
  disabled: boolean;
}

/**
 * Exports the current view (every page under the current filters and sort, the visible columns) as a
 * CSV or XLSX file, the button counting the rows as they arrive.
 */
export function ExportButton<Row>({
  loadRows,
  columns,
  timeZone,
  fileName,
  disabled,
}: ExportButtonProps<Row>) {
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);

  const run = async (format: 'csv' | 'xlsx') => {
    setProgress({ loaded: 0, total: 0 });
    try {
      const rows = await loadRows((loaded, total) => setProgress({ loaded, total }));
      if (format === 'csv') {
        downloadFile(tableToCsv(rows, columns, timeZone), exportFileName(fileName));
      } else {
        // The XLSX writer (and its zip library) loads on first use, not with every list.
        const { rowsToXlsx } = await import('../lib/xlsx');
        const workbook = rowsToXlsx(tableToCells(rows, columns, timeZone)) as Uint8Array<ArrayBuffer>;
        downloadFile(workbook, exportFileName(fileName, new Date(), 'xlsx'), XLSX_TYPE);
      }
      notifications.show({
        color: 'teal',
        message: `Exported ${String(rows.length)} shipment${rows.length === 1 ? '' : 's'} to ${format.toUpperCase()}`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not export',
        message: errorMessage(error),
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Button.Group>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} stroke={1.75} />}
        onClick={() => void run('csv')}
        disabled={disabled || progress !== null}
        aria-live="polite"
      >
        {progress === null
          ? 'Export CSV'
          : progress.loaded === 0
            ? 'Exporting…'
            : `Exporting ${String(progress.loaded)}…`}
      </Button>
      <Button
        variant="default"
        onClick={() => void run('xlsx')}
        disabled={disabled || progress !== null}
        aria-label="Export XLSX"
      >
        XLSX
      </Button>
    </Button.Group>
  );
}
