import { Badge, SegmentedControl, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import type { BulkParse, BulkRow } from '../utils/bulk-parser';
import { shortCarrierName } from '../utils/carriers';
import classes from './new-ocean-shipment.module.css';

/** A preview this long is already more than anyone reads; the counts above cover the rest. */
const PREVIEW_MAX_ROWS = 1000;

function RowCheck({ row }: { row: BulkRow }) {
  if (!row.check.valid) {
    return (
      <span className={classes.checkError}>
        <IconAlertTriangle size={14} stroke={2} aria-hidden />
        {row.check.message}
      </span>
    );
  }
  if (row.duplicateOf !== null) {
    return (
      <span className={classes.checkDuplicate}>
        <IconCopy size={14} stroke={2} aria-hidden />
        Duplicate of line {row.duplicateOf}: skipped
      </span>
    );
  }
  return (
    <span className={classes.checkReady}>
      <IconCircleCheck size={14} stroke={2} aria-hidden />
      Ready
    </span>
  );
}

function CarrierCell({ row }: { row: BulkRow }) {
  if (!row.check.valid) {
    return (
      <Text span size="sm" c="dimmed">
        {row.carrierInput || '-'}
      </Text>
    );
  }
  const name = shortCarrierName(row.check.carrier.name);
  return row.check.inferred ? (
    <span className={classes.nowrap}>
      {name}{' '}
      <Text span size="xs" c="dimmed">
        detected
      </Text>
    </span>
  ) : (
    <span>{name}</span>
  );
}

/** Every parsed row with what is wrong with it, before anything is sent. */
export function BulkPreviewTable({ parse }: { parse: BulkParse }) {
  const [show, setShow] = useState<'all' | 'problems'>('all');
  const problems = parse.invalidCount + parse.duplicateCount;
  const rows =
    show === 'all' ? parse.rows : parse.rows.filter((r) => !r.check.valid || r.duplicateOf !== null);
  const shown = rows.slice(0, PREVIEW_MAX_ROWS);

  return (
    <div className={classes.preview}>
      <div className={classes.previewBar}>
        <div className={classes.summary} data-testid="bulk-summary" aria-live="polite">
          <Text size="sm" fw={600}>
            {parse.rows.length} row{parse.rows.length === 1 ? '' : 's'}
          </Text>
          <Badge color="teal" variant="light" radius="sm" className={classes.badge}>
            {parse.ready.length} ready
          </Badge>
          {parse.invalidCount > 0 ? (
            <Badge color="red" variant="light" radius="sm" className={classes.badge}>
              {parse.invalidCount} with errors
            </Badge>
          ) : null}
          {parse.duplicateCount > 0 ? (
            <Badge color="orange" variant="light" radius="sm" className={classes.badge}>
              {parse.duplicateCount} duplicate{parse.duplicateCount === 1 ? '' : 's'}
            </Badge>
          ) : null}
          {parse.headerLine !== null ? (
            <Text size="xs" c="dimmed">
              Header row on line {parse.headerLine} skipped
            </Text>
          ) : null}
        </div>
        {problems > 0 ? (
          <SegmentedControl
            size="xs"
            value={show}
            onChange={(value) => setShow(value === 'problems' ? 'problems' : 'all')}
            data={[
              { value: 'all', label: 'All rows' },
              { value: 'problems', label: `Problems (${String(problems)})` },
            ]}
            aria-label="Rows to show"
          />
        ) : null}
      </div>
      <div className={classes.previewScroll}>
        <Table className={classes.previewTable} stickyHeader verticalSpacing={6} data-testid="bulk-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.lineCell}>Line</Table.Th>
              <Table.Th>Container</Table.Th>
              <Table.Th>MBL</Table.Th>
              <Table.Th>Carrier</Table.Th>
              <Table.Th>Check</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr
                key={row.line}
                data-testid="bulk-row"
                data-state={!row.check.valid ? 'error' : row.duplicateOf !== null ? 'duplicate' : 'ready'}
              >
                <Table.Td className={classes.lineCell}>{row.line}</Table.Td>
                <Table.Td className={classes.mono}>
                  {row.check.valid ? row.check.item.containerNo : row.containerInput || '-'}
                </Table.Td>
                <Table.Td className={classes.mono}>
                  {row.check.valid ? row.check.item.mblNo : row.mblInput || '-'}
                </Table.Td>
                <Table.Td>
                  <CarrierCell row={row} />
                </Table.Td>
                <Table.Td>
                  <RowCheck row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {rows.length > PREVIEW_MAX_ROWS ? (
          <Text size="xs" c="dimmed" p="sm">
            Showing the first {PREVIEW_MAX_ROWS} of {rows.length} rows.
          </Text>
        ) : null}
      </div>
    </div>
  );
}
