import { Button, Group, Stack } from '@mantine/core';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import type { BulkParse } from '../lib/paste-table';
import { BulkPreviewTable, type PreviewColumn, type PreviewRow } from './bulk-preview-table';
import { FormAlert } from './form-alert';
import { IntakeOutcomes, type IntakeOutcome, type LineOutcome } from './intake-outcomes';
import { PasteOrUpload, type TableFile } from './paste-or-upload';

interface BulkIntakeProps<
  Row extends PreviewRow,
  Ready extends { line: number },
  Outcome extends IntakeOutcome,
> {
  /** The mode's parser: cells to checked rows, and those ready to send. */
  parse: (text: string) => BulkParse<Row, Ready>;
  /** Sends the ready rows; answers one outcome per row, in the same order. */
  submit: (ready: Ready[]) => Promise<Outcome[]>;
  submitting: boolean;
  /** How many rows the server takes at once: the parse says when there are more. */
  maxItems: number;
  previewColumns: PreviewColumn<Row>[];
  errorOf: (row: Row) => string | null;
  outcomeColumns: PreviewColumn<Outcome>[];
  /** The list the new shipments go to. */
  listHref: string;
  paste: { label: string; description: string; placeholder: string };
  /** The columns a file should have: "container, MBL, carrier (optional)". */
  fileColumns: string;
  /** Said above the preview: what the import cannot read just now (the custom fields failed to load). */
  notice?: ReactNode;
}

const plural = (n: number) => `${String(n)} shipment${n === 1 ? '' : 's'}`;

/** Under a file's name: how many rows it gave, and how a plain-text file was read. */
function fileSummary(name: string, rows: number): string {
  const read = `${String(rows)} row${rows === 1 ? '' : 's'} read`;
  return /\.txt$/i.test(name)
    ? `${read} as CSV text (columns separated by commas, semicolons or tabs)`
    : read;
}

/**
 * Many shipments at once, in any mode: pasted lines or a CSV or XLSX file, each row checked and shown
 * before anything is sent, duplicates skipped; then the server's answer for every row.
 */
export function BulkIntake<
  Row extends PreviewRow,
  Ready extends { line: number },
  Outcome extends IntakeOutcome,
>(props: BulkIntakeProps<Row, Ready, Outcome>) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<TableFile | null>(null);
  const [result, setResult] = useState<{ outcomes: LineOutcome<Outcome>[]; skipped: number } | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);

  // Parsing a long paste is quick, but not on every keystroke of a slow machine.
  const source = useDeferredValue(file ? file.text : text);
  const { parse: parseText } = props;
  const parse = useMemo(() => (source.trim() ? parseText(source) : null), [source, parseText]);

  const reset = () => {
    setText('');
    setFile(null);
    setResult(null);
    setSubmitError(null);
  };

  const submit = async () => {
    if (!parse || parse.ready.length === 0 || parse.overLimit) return;
    setSubmitError(null);
    const sent = parse.ready;
    try {
      const outcomes = await props.submit(sent);
      setResult({
        outcomes: outcomes.map((outcome, index) => ({ line: sent[index]?.line ?? index + 1, outcome })),
        skipped: parse.rows.length - sent.length,
      });
    } catch (error) {
      setSubmitError(errorMessage(error));
    }
  };

  if (result) {
    return (
      <IntakeOutcomes
        outcomes={result.outcomes}
        columns={props.outcomeColumns}
        skipped={result.skipped}
        listHref={props.listHref}
        onAddMore={reset}
      />
    );
  }

  const ready = parse?.ready.length ?? 0;

  return (
    <Stack gap="md">
      <PasteOrUpload
        text={text}
        onTextChange={setText}
        file={file}
        onFileChange={setFile}
        fileSummary={parse && file ? fileSummary(file.name, parse.rows.length) : 'No rows in this file'}
        paste={props.paste}
        fileColumns={props.fileColumns}
      />

      {props.notice ? <FormAlert tone="error">{props.notice}</FormAlert> : null}

      {parse ? (
        <BulkPreviewTable parse={parse} columns={props.previewColumns} errorOf={props.errorOf} />
      ) : null}

      {parse?.overLimit ? (
        <FormAlert tone="error" data-testid="bulk-over-limit">
          At most {props.maxItems} shipments can be added at a time, and {parse.ready.length} are ready. Split
          the list and submit it in parts.
        </FormAlert>
      ) : null}
      {submitError ? <FormAlert tone="error">{submitError}</FormAlert> : null}

      {parse ? (
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" color="gray" onClick={reset}>
            Clear
          </Button>
          <Button
            onClick={() => void submit()}
            loading={props.submitting}
            disabled={ready === 0 || parse.overLimit}
            data-testid="bulk-submit"
          >
            {ready === 0 ? 'Nothing to track' : `Track ${plural(ready)}`}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
