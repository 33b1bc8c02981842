import sharp from 'sharp';
import { AppError } from './app-error';

/** The uploads we accept, as recognised from their bytes. */
export type UploadedImageType = 'image/jpeg' | 'image/png' | 'image/gif';

/**
 * Decoding limits. A 2 MB upload can claim (and, compressed, really hold) billions of pixels; the header
 * is checked before any pixel is decoded, and libvips enforces the pixel budget again while decoding.
 * 25 megapixels covers a 24 MP camera photo (6000 × 4000); a side over 8192 px is no avatar.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;
export const IMAGE_MAX_SIDE = 8192;
/** Avatars and workspace/organization images are shown at most ~100 px wide: 512 leaves room for HiDPI. */
export const IMAGE_OUTPUT_SIDE = 512;

export const IMAGE_UNREADABLE_MESSAGE = 'The image could not be read. Use a valid JPEG, PNG or GIF image.';
export const IMAGE_DIMENSIONS_MESSAGE = `Image dimensions too large. Use an image of at most ${String(IMAGE_MAX_SIDE)} × ${String(IMAGE_MAX_SIDE)} pixels.`;

// Each upload is decoded once: libvips' operation cache would only hold on to memory.
sharp.cache(false);

export interface ReencodedImage {
  data: Buffer;
  extension: 'jpg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
}

/**
 * Decodes an upload and encodes its pixels afresh, so what we store is only an image: trailing bytes
 * (HTML or script polyglots), EXIF/XMP/ICC metadata (GPS positions, comments) and extra GIF frames are
 * gone. JPEG stays JPEG (photos); PNG and GIF become PNG (keeps transparency; a GIF keeps its first frame).
 * Bad or hostile input is a 400, never a 5xx.
 */
export async function reencodeImage(data: Buffer, type: UploadedImageType): Promise<ReencodedImage> {
  // The header alone: no pixel is decoded here, so the pixel limit is ours to check just below.
  const header = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new AppError('VALIDATION', IMAGE_UNREADABLE_MESSAGE);
    });
  const expectedFormat = type === 'image/jpeg' ? 'jpeg' : type === 'image/png' ? 'png' : 'gif';
  if (header.format !== expectedFormat || !header.width || !header.height)
    throw new AppError('VALIDATION', IMAGE_UNREADABLE_MESSAGE);
  if (
    header.width > IMAGE_MAX_SIDE ||
    header.height > IMAGE_MAX_SIDE ||
    header.width * header.height > IMAGE_MAX_PIXELS
  )
    throw new AppError('VALIDATION', IMAGE_DIMENSIONS_MESSAGE);

  // autoOrient turns the pixels upright before the EXIF orientation tag is dropped with the rest.
  const pipeline = sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, autoOrient: true, pages: 1 }).resize({
    width: IMAGE_OUTPUT_SIDE,
    height: IMAGE_OUTPUT_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const jpeg = type === 'image/jpeg';
  try {
    const output = jpeg
      ? await pipeline.jpeg({ quality: 85 }).toBuffer()
      : await pipeline.png({ compressionLevel: 9 }).toBuffer();
    return jpeg
      ? { data: output, extension: 'jpg', contentType: 'image/jpeg' }
      : { data: output, extension: 'png', contentType: 'image/png' };
  } catch {
    // Corrupt or truncated pixel data (sharp fails on libvips warnings by default, as advised for
    // untrusted input), or a header that lied about its size.
    throw new AppError('VALIDATION', IMAGE_UNREADABLE_MESSAGE);
  }
}
