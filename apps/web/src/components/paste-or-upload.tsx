import '@mantine/dropzone/styles.layer.css';
import { CloseButton, Group, Text, Textarea } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { isLegacyWorkbook, readTableFile } from '../lib/paste-table';
import classes from './paste-or-upload.module.css';

const FILE_MAX_BYTES = 5_000_000;
const FILE_ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  // What Windows reports for .csv files when Excel is installed.
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** A file read for the bulk parser: its name, and its content as text (a workbook's as tab-separated lines). */
export interface TableFile {
  name: string;
  text: string;
}

interface PasteOrUploadProps {
  text: string;
  onTextChange: (text: string) => void;
  file: TableFile | null;
  onFileChange: (file: TableFile | null) => void;
  /** Under the file's name, once read: how many rows it gave. */
  fileSummary: ReactNode;
  paste: { label: string; description: string; placeholder: string };
  /** The columns a file should have: "container, MBL, carrier (optional)". */
  fileColumns: string;
}

function rejectionMessage(rejections: FileRejection[], fileColumns: string): string {
  const [first] = rejections;
  if (!first) return 'That file cannot be read.';
  if (isLegacyWorkbook(first.file.name)) {
    return 'Old .xls workbooks cannot be read. In Excel, choose File › Save As › Excel Workbook (.xlsx) or CSV.';
  }
  if (first.errors.some((e) => e.code === 'file-too-large')) return 'The file is larger than 5 MB.';
  return `${first.file.name} is not a CSV or XLSX file. Upload one with the columns ${fileColumns}.`;
}

/**
 * Where bulk intake starts, in every mode: a box to paste rows into, or a CSV or XLSX file dropped
 * beside it. A file replaces the pasted text until it is removed.
 */
export function PasteOrUpload({
  text,
  onTextChange,
  file,
  onFileChange,
  fileSummary,
  paste,
  fileColumns,
}: PasteOrUploadProps) {
  const [fileError, setFileError] = useState<string | null>(null);

  const readFile = async (files: File[]) => {
    const [picked] = files;
    if (!picked) return;
    setFileError(null);
    try {
      onFileChange({ name: picked.name, text: await readTableFile(picked) });
    } catch {
      setFileError(`${picked.name} could not be read as an Excel workbook. Save it again as .xlsx or CSV.`);
    }
  };

  return (
    <div className={classes.bulkInputs}>
      {file ? (
        <div className={classes.fileCard} data-testid="bulk-file">
          <IconFileSpreadsheet size={28} stroke={1.5} color="var(--mantine-color-ocean-7)" aria-hidden />
          <div className={classes.fileName}>
            <Text size="sm" fw={600} truncate>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {fileSummary}
            </Text>
          </div>
          <CloseButton aria-label={`Remove ${file.name}`} onClick={() => onFileChange(null)} />
        </div>
      ) : (
        <Textarea
          label={paste.label}
          description={paste.description}
          placeholder={paste.placeholder}
          value={text}
          onChange={(event) => onTextChange(event.currentTarget.value)}
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
          onReject={(rejections) => setFileError(rejectionMessage(rejections, fileColumns))}
          accept={FILE_ACCEPT}
          maxSize={FILE_MAX_BYTES}
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
                Columns: {fileColumns}. A header row is recognised. Up to 5 MB.
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
  );
}
