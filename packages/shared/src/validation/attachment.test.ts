import { describe, expect, it } from 'vitest';
import { FEEDBACK_ATTACHMENT_MAX_BYTES } from '../constants';
import { ATTACHMENT_MESSAGES, checkAttachment, sniffImageType } from './attachment';

const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

describe('feedback attachments', () => {
  it('tells the type from the bytes', () => {
    expect(sniffImageType(png(16))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a....'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('GIF88a....'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('accepts exactly 5,000,000 bytes and refuses one more', () => {
    expect(checkAttachment(png(FEEDBACK_ATTACHMENT_MAX_BYTES))).toBeNull();
    expect(checkAttachment(png(FEEDBACK_ATTACHMENT_MAX_BYTES + 1))).toEqual({
      message: ATTACHMENT_MESSAGES.size,
    });
  });

  it('refuses what is not an image, with the spec message', () => {
    expect(checkAttachment(new TextEncoder().encode('<!doctype html>'))).toEqual({
      message: 'File type not supported',
    });
  });
});
