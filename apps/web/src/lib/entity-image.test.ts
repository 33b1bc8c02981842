import { describe, expect, it } from 'vitest';
import { appendImageChange, imageFileProblem } from './entity-image';

const file = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'image', { type });

describe('imageFileProblem', () => {
  it('takes JPEG, PNG and GIF up to 2 MB', () => {
    expect(imageFileProblem(file('image/png', 2_000_000))).toBeNull();
    expect(imageFileProblem(file('image/jpeg', 10))).toBeNull();
    expect(imageFileProblem(file('image/gif', 10))).toBeNull();
  });

  it("refuses other types and larger files with the server's words", () => {
    expect(imageFileProblem(file('image/webp', 10))).toBe(
      'File type not supported. Use a JPEG, PNG or GIF image.',
    );
    expect(imageFileProblem(file('image/png', 2_000_001))).toBe('File too large');
  });
});

describe('appendImageChange', () => {
  const fieldsOf = (change: Parameters<typeof appendImageChange>[1]) => {
    const form = new FormData();
    appendImageChange(form, change);
    return [...form.keys()].map((key) => [key, form.get(key) instanceof File ? 'File' : form.get(key)]);
  };

  it('keeps, removes or replaces the image (hasImage and file of spec §7)', () => {
    expect(fieldsOf({ kind: 'keep' })).toEqual([['hasImage', 'true']]);
    expect(fieldsOf({ kind: 'remove' })).toEqual([['hasImage', 'false']]);
    expect(fieldsOf({ kind: 'replace', file: file('image/png', 10) })).toEqual([
      ['hasImage', 'true'],
      ['file', 'File'],
    ]);
  });
});
