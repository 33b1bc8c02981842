import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { listAllOceanShipments } from '../api/export-ocean-shipments';
import type { OceanListFilters, OceanListStatus } from '../api/list-ocean-shipments';
import type { ColumnDefinition } from '../utils/columns';
import { downloadFile, exportFileName, shipmentsToCsv, shipmentsToRows } from '../utils/export-csv';
import { rowsToXlsx } from '../../../lib/xlsx';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ExportButtonProps {
  status: OceanListStatus;
  filters: OceanListFilters;
  columns: ColumnDefinition[];
  timeZone: string;
  disabled: boolean;
}

/**
 * Exports the current view (every page under the current filters and sort, the visible columns) as a
 * CSV or XLSX file, the button counting the rows as they arrive.
 */
export function ExportButton({ status, filters, columns, timeZone, disabled }: ExportButtonProps) {
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);

  const run = async (format: 'csv' | 'xlsx') => {
    setProgress({ loaded: 0, total: 0 });
    try {
      const shipments = await listAllOceanShipments(status, filters, (loaded, total) =>
        setProgress({ loaded, total }),
      );
      if (format === 'csv') {
        downloadFile(shipmentsToCsv(shipments, columns, timeZone), exportFileName(status));
      } else {
        const workbook = rowsToXlsx(shipmentsToRows(shipments, columns, timeZone)) as Uint8Array<ArrayBuffer>;
        downloadFile(workbook, exportFileName(status, new Date(), 'xlsx'), XLSX_TYPE);
      }
      notifications.show({
        color: 'teal',
        message: `Exported ${String(shipments.length)} shipment${shipments.length === 1 ? '' : 's'} to ${format.toUpperCase()}`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not export',
        message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
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
