import { describe, expect, it } from 'vitest';
import { sanitizeFilename, sniffDocumentType } from './content-sniff';

const zipWith = (...names: string[]) =>
  Buffer.concat(
    names.map((name) => {
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(Buffer.byteLength(name), 26);
      return Buffer.concat([header, Buffer.from(name)]);
    }),
  );
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);

describe('sniffDocumentType', () => {
  it('finds each allowed type from its bytes', async () => {
    expect(await sniffDocumentType(Buffer.from('%PDF-1.7\n'), 'x')).toBe('application/pdf');
    expect(await sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'x')).toBe('image/jpeg');
    expect(await sniffDocumentType(Buffer.from('GIF89a....'), 'x')).toBe('image/gif');
    expect(await sniffDocumentType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), 'x')).toBe(
      'image/webp',
    );
    expect(await sniffDocumentType(zipWith('[Content_Types].xml', 'word/document.xml'), 'a.zip')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(await sniffDocumentType(zipWith('[Content_Types].xml', 'xl/workbook.xml'), 'a')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(await sniffDocumentType(zipWith('[Content_Types].xml', 'ppt/presentation.xml'), 'a')).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(await sniffDocumentType(OLE, 'old.xls')).toBe('application/vnd.ms-excel');
    expect(await sniffDocumentType(OLE, 'old.doc')).toBe('application/msword');
    expect(
      await sniffDocumentType(Buffer.from('Received: from x\r\nFrom: a@b.c\r\nSubject: Hi\r\n\r\nBody'), 'm'),
    ).toBe('message/rfc822');
  });

  it('refuses everything else, whatever the name says', async () => {
    for (const [bytes, name] of [
      [Buffer.from('MZ\x90\x00', 'latin1'), 'a.pdf'],
      [Buffer.from('<html><script>x</script></html>'), 'a.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg'],
      [zipWith('evil.exe'), 'a.docx'],
      [Buffer.from('Subject: hi\r\n<script>x</script>\r\n\r\n'), 'a.eml'],
      [Buffer.from('just some text'), 'a.eml'],
      [Buffer.alloc(0), 'a.pdf'],
    ] as const)
      expect(await sniffDocumentType(bytes, name), name).toBeNull();
  });
});

describe('sanitizeFilename', () => {
  it('keeps the last path segment without control or quoting characters', () => {
    expect(sanitizeFilename('../../etc/passwd', 150)).toBe('passwd');
    expect(sanitizeFilename('..\\..\\boot.ini', 150)).toBe('boot.ini');
    expect(sanitizeFilename('a\r\nSet-Cookie: x=1.pdf', 150)).toBe('a Set-Cookie x=1.pdf');
    expect(sanitizeFilename('"quoted";.pdf', 150)).toBe('quoted.pdf');
    expect(sanitizeFilename('...hidden.pdf', 150)).toBe('hidden.pdf');
    expect(sanitizeFilename('\u0000', 150)).toBe('document');
  });

  it('shortens long names to `max` characters, keeping the extension', () => {
    const name = sanitizeFilename(`${'a'.repeat(400)}.xlsx`, 150);
    expect(name).toHaveLength(150);
    expect(name.endsWith('.xlsx')).toBe(true);
  });
});
