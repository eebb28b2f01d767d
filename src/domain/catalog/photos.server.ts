// Product photos sent by sellers: checked by their content (not their name or declared type), re-encoded
// to WebP at most 1200 px on the longer side, with EXIF, GPS and every other metadata left behind.
import { MAX_PHOTO_BYTES, PRODUCT_MESSAGES } from './product-form.ts';

export const PHOTO_MAX_SIDE = 1200;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

export type PhotoResult = { ok: true; data: Buffer; width: number; height: number } | { ok: false; message: string };

export async function processProductPhoto(input: Uint8Array): Promise<PhotoResult> {
  if (input.byteLength > MAX_PHOTO_BYTES) return { ok: false, message: PRODUCT_MESSAGES.fotoSize };
  try {
    // Loaded on the first upload, not at start-up: libvips costs every server process ~20 MB of RSS.
    const { default: sharp } = await import('sharp');
    // limitInputPixels guards against decompression bombs (a tiny file declaring a huge image).
    const image = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED.has(meta.format) || (meta.pages ?? 1) > 1) return { ok: false, message: PRODUCT_MESSAGES.fotoType };
    const { data, info } = await image
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, data, width: info.width, height: info.height };
  } catch {
    return { ok: false, message: PRODUCT_MESSAGES.fotoType };
  }
}
