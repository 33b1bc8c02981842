import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF attachment, pages joined; '' for a file that is not a readable PDF. */
export async function pdfText(bytes: Buffer): Promise<string> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } catch {
    return '';
  }
}
