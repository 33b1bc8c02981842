import { Badge, SegmentedControl, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { IntakeReferences } from '@tracklane/shared/references/references.schema';
import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';
import { referencesSummary } from '../lib/intake-references';
import { customCellText } from '../lib/intake-custom-fields';
import type { BulkParse } from '../lib/paste-table';
import classes from './bulk-preview.module.css';

/** A preview this long is already more than anyone reads; the counts above cover the rest. */
const PREVIEW_MAX_ROWS = 1000;

/** One column of a bulk preview or its outcomes: what a row says in it. */
export interface PreviewColumn<Row> {
  label: string;
  /** Tells the column apart where its label may repeat another's (a custom field's name). */
  key?: string;
  cell: (row: Row) => ReactNode;
  /** Identifiers (container, tracking number) are set in monospace. */
  mono?: boolean;
  /** Whether the column is drawn for these rows (always when left out). */
  shownFor?: (rows: readonly Row[]) => boolean;
}

/**
 * The workspace's references a row carries (a file's reference columns), in a few words; drawn only
 * when some row has any.
 */
export function referencesPreviewColumn<Row>(
  referencesOf: (row: Row) => IntakeReferences | undefined,
): PreviewColumn<Row> {
  return {
    label: 'References',
    cell: (row) => referencesSummary(referencesOf(row)) || '-',
    shownFor: (rows) => rows.some((row) => referencesOf(row) !== undefined),
  };
}

/**
 * A column per workspace custom field a file's header names: the row's value as it will be set (a
 * date as the app shows days, choices in the field's spelling), or its cell as written when the row
 * was refused. Drawn only for the fields the header names.
 */
export function customFieldPreviewColumns<Row>(
  fields: readonly CustomField[],
  cellsOf: (row: Row) => Record<string, string>,
  valuesOf: (row: Row) => Record<string, unknown> | undefined,
): PreviewColumn<Row>[] {
  return fields.map((field) => ({
    label: field.name,
    key: `custom-field-${field.id}`,
    cell: (row) => customCellText(field, valuesOf(row), cellsOf(row)[field.id]),
    shownFor: (rows) => rows.some((row) => field.id in cellsOf(row)),
  }));
}

/** What a bulk preview needs of each row: its line, and whether a row above already has it. */
export interface PreviewRow {
  line: number;
  duplicateOf: number | null;
}

/**
 * A preview row's carrier: for a row that passed its checks, the carrier it goes to ("detected" when
 * it was read from the number); else what the row said, as written.
 */
export function PreviewCarrier({
  carrier,
  detected,
  written,
}: {
  carrier: string | null;
  detected: boolean;
  written: string;
}) {
  if (carrier === null) {
    return (
      <Text span size="sm" c="dimmed">
        {written || '-'}
      </Text>
    );
  }
  return detected ? (
    <span className={classes.nowrap}>
      {carrier}{' '}
      <Text span size="xs" c="dimmed">
        detected
      </Text>
    </span>
  ) : (
    <span>{carrier}</span>
  );
}

function RowCheck({ error, duplicateOf }: { error: string | null; duplicateOf: number | null }) {
  if (error !== null) {
    return (
      <span className={classes.checkError}>
        <IconAlertTriangle size={14} stroke={2} aria-hidden />
        {error}
      </span>
    );
  }
  if (duplicateOf !== null) {
    return (
      <span className={classes.checkDuplicate}>
        <IconCopy size={14} stroke={2} aria-hidden />
        Duplicate of line {duplicateOf}: skipped
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

interface BulkPreviewTableProps<Row extends PreviewRow> {
  parse: BulkParse<Row, unknown>;
  /** The mode's columns between the line number and the check: container, MBL, carrier… */
  columns: PreviewColumn<Row>[];
  /** Why a row cannot be sent, or null when it passed every check. */
  errorOf: (row: Row) => string | null;
}

/** Every parsed row with what is wrong with it, before anything is sent. */
export function BulkPreviewTable<Row extends PreviewRow>({
  parse,
  columns,
  errorOf,
}: BulkPreviewTableProps<Row>) {
  const [show, setShow] = useState<'all' | 'problems'>('all');
  const problems = parse.invalidCount + parse.duplicateCount;
  const rows =
    show === 'all' ? parse.rows : parse.rows.filter((r) => errorOf(r) !== null || r.duplicateOf !== null);
  const shown = rows.slice(0, PREVIEW_MAX_ROWS);
  const drawn = columns.filter((column) => column.shownFor?.(parse.rows) ?? true);

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
          {parse.unreadColumns.length > 0 ? (
            <Text size="xs" c="orange.9" data-testid="bulk-unread-columns">
              Not read: {parse.unreadColumns.map((c) => `“${c}”`).join(', ')} (no column or custom field of
              that name)
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
              {drawn.map((column) => (
                <Table.Th key={column.key ?? column.label}>{column.label}</Table.Th>
              ))}
              <Table.Th>Check</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => {
              const error = errorOf(row);
              return (
                <Table.Tr
                  key={row.line}
                  data-testid="bulk-row"
                  data-state={error !== null ? 'error' : row.duplicateOf !== null ? 'duplicate' : 'ready'}
                >
                  <Table.Td className={classes.lineCell}>{row.line}</Table.Td>
                  {drawn.map((column) => (
                    <Table.Td
                      key={column.key ?? column.label}
                      className={column.mono ? classes.mono : undefined}
                    >
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <RowCheck error={error} duplicateOf={row.duplicateOf} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
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
