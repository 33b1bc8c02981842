import '@mantine/dropzone/styles.css';
import { Button, CloseButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { OCEAN_INTAKE_MAX_ITEMS } from '@tracklane/shared/ocean-shipments/ocean-shipments.schema';
import { useDeferredValue, useMemo, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { isApiError } from '../../../lib/api-client';
import { useCreateOceanShipments } from '../api/create-ocean-shipments';
import { parseBulkText } from '../utils/bulk-parser';
import { xlsxToRows } from '../../../lib/xlsx';
import { BulkPreviewTable } from './bulk-preview-table';
import { IntakeOutcomes, type LineOutcome } from './intake-outcomes';
import classes from './new-ocean-shipment.module.css';

const CSV_MAX_BYTES = 5_000_000;
const CSV_ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  // What Windows reports for .csv files when Excel is installed.
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

const PASTE_EXAMPLE = `MSCU1234566, MEDUXY123456
MRKU2345672\tMAEU241100123
TGHU3456784; ABCD5566778; HLCU`;

function rejectionMessage(rejections: FileRejection[]): string {
  const [first] = rejections;
  if (!first) return 'That file cannot be read.';
  if (/\.xls$/i.test(first.file.name)) {
    return 'Old .xls workbooks cannot be read. In Excel, choose File › Save As › Excel Workbook (.xlsx) or CSV.';
  }
  if (first.errors.some((e) => e.code === 'file-too-large')) return 'The file is larger than 5 MB.';
  return `${first.file.name} is not a CSV or XLSX file. Upload one with the columns container, MBL and carrier.`;
}

interface BulkIntakeProps {
  detailHref: (shipment: { containerNo: string; mblNo: string }) => string;
}

/**
 * Many shipments at once: pasted lines or a CSV or XLSX file, each row checked and shown before anything is
 * sent, duplicates skipped; then the server's answer for every row.
 */
export function BulkIntake({ detailHref }: BulkIntakeProps) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<{ outcomes: LineOutcome[]; skipped: number } | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const create = useCreateOceanShipments();

  // Parsing a long paste is quick, but not on every keystroke of a slow machine.
  const source = useDeferredValue(file ? file.text : text);
  const parse = useMemo(() => (source.trim() ? parseBulkText(source) : null), [source]);

  const readFile = async (files: File[]) => {
    const [picked] = files;
    if (!picked) return;
    setFileError(null);
    if (/\.xlsx$/i.test(picked.name)) {
      try {
        // Cells become tab-separated lines, which the same parser reads as pasted text.
        const rows = xlsxToRows(new Uint8Array(await picked.arrayBuffer()));
        setFile({ name: picked.name, text: rows.map((cells) => cells.join('\t')).join('\n') });
      } catch {
        setFileError(`${picked.name} could not be read as an Excel workbook. Save it again as .xlsx or CSV.`);
      }
      return;
    }
    setFile({ name: picked.name, text: await picked.text() });
  };

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
      const outcomes = await create.mutateAsync(sent.map((row) => row.item));
      setResult({
        outcomes: outcomes.map((outcome, index) => ({ line: sent[index]?.line ?? index + 1, outcome })),
        skipped: parse.rows.length - sent.length,
      });
    } catch (error) {
      setSubmitError(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
    }
  };

  if (result) {
    return (
      <IntakeOutcomes
        outcomes={result.outcomes}
        skipped={result.skipped}
        detailHref={detailHref}
        onAddMore={reset}
      />
    );
  }

  const ready = parse?.ready.length ?? 0;

  return (
    <Stack gap="md">
      <div className={classes.bulkInputs}>
        {file ? (
          <div className={classes.fileCard} data-testid="bulk-file">
            <IconFileSpreadsheet size={28} stroke={1.5} color="var(--mantine-color-ocean-7)" aria-hidden />
            <div className={classes.fileName}>
              <Text size="sm" fw={600} truncate>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {parse ? `${String(parse.rows.length)} rows read` : 'No rows in this file'}
              </Text>
            </div>
            <CloseButton aria-label={`Remove ${file.name}`} onClick={() => setFile(null)} />
          </div>
        ) : (
          <Textarea
            label="Paste shipments"
            description="One per line: container, MBL and optionally the carrier, separated by tabs, commas, semicolons or spaces. Copying from a spreadsheet works."
            placeholder={PASTE_EXAMPLE}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            rows={7}
            resize="vertical"
            classNames={{ input: classes.mono }}
            spellCheck={false}
          />
        )}
        <div>
          <Text size="sm" fw={500} mb={4}>
            Or upload a CSV or XLSX file
          </Text>
          <Dropzone
            onDrop={(files) => void readFile(files)}
            onReject={(rejections) => setFileError(rejectionMessage(rejections))}
            accept={CSV_ACCEPT}
            maxSize={CSV_MAX_BYTES}
            multiple={false}
            className={classes.dropzone}
            aria-label="Upload a CSV or XLSX file"
            data-testid="bulk-dropzone"
          >
            <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={32} stroke={1.5} color="var(--mantine-color-ocean-6)" />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={32} stroke={1.5} color="var(--mantine-color-red-6)" />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileUpload size={32} stroke={1.5} color="var(--mantine-color-gray-6)" />
              </Dropzone.Idle>
              <div>
                <Text size="sm" fw={600}>
                  Drop a CSV or XLSX file here or click to choose
                </Text>
                <Text size="xs" c="dimmed">
                  Columns: container, MBL, carrier (optional). A header row is recognised. Up to 5 MB.
                </Text>
              </div>
            </Group>
          </Dropzone>
          {fileError ? (
            <Text size="xs" c="red.8" mt={6} role="alert">
              {fileError}
            </Text>
          ) : null}
        </div>
      </div>

      {parse ? <BulkPreviewTable parse={parse} /> : null}

      {parse?.overLimit ? (
        <FormAlert tone="error" data-testid="bulk-over-limit">
          At most {OCEAN_INTAKE_MAX_ITEMS} shipments can be added at a time, and {parse.ready.length} are
          ready. Split the list and submit it in parts.
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
            loading={create.isPending}
            disabled={ready === 0 || parse.overLimit}
            data-testid="bulk-submit"
          >
            {ready === 0 ? 'Nothing to track' : `Track ${String(ready)} shipment${ready === 1 ? '' : 's'}`}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
