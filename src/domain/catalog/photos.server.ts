// Product photos sent by sellers: checked by their content (not their name or declared type), re-encoded
// to WebP at most 1200 px on the longer side, with EXIF, GPS and every other metadata left behind. A photo
// given as an https:// address is fetched once and goes through the same steps, so the shop serves it.
// One image is decoded at a time in a process (a decoded photo costs width × height × 4 bytes or more; four
// 50-megapixel uploads at once took memory from 257 to 404 MB) and at most 24 megapixels are accepted.
import type { RemoteFetch } from '#src/platform/remote-image.server.ts';
import { MAX_PHOTO_BYTES, PRODUCT_MESSAGES } from './product-form.ts';

export const PHOTO_MAX_SIDE = 1200;
export const PHOTO_MAX_PIXELS = 24_000_000;

// In-process only (CPU and memory of this process, nothing to lose on a crash): photos wait their turn.
let queue: Promise<unknown> = Promise.resolve();
let inFlight = 0;
let mostAtOnce = 0;
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    inFlight++;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    try {
      return await work();
    } finally {
      inFlight--;
    }
  });
  queue = run.catch(() => {});
  return run;
}
/** For tests: the most photos ever decoded at the same time in this process. */
export const photoDecodeStats = () => ({ mostAtOnce });
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

export type PhotoResult = { ok: true; data: Buffer; width: number; height: number } | { ok: false; message: string };

export async function processProductPhoto(input: Uint8Array): Promise<PhotoResult> {
  if (input.byteLength > MAX_PHOTO_BYTES) return { ok: false, message: PRODUCT_MESSAGES.fotoSize };
  return oneAtATime(() => decode(input));
}

/** A photo at an https:// address: fetched once (timeout, 5 MB cap), then processed like an upload. */
export async function processRemoteProductPhoto(url: string, remoteFetch: RemoteFetch): Promise<PhotoResult> {
  const fetched = await remoteFetch(url, MAX_PHOTO_BYTES);
  if (!fetched.ok) return { ok: false, message: fetched.reason === 'too_big' ? PRODUCT_MESSAGES.fotoSize : PRODUCT_MESSAGES.fotoUrlFetch };
  return processProductPhoto(fetched.data);
}

async function decode(input: Uint8Array): Promise<PhotoResult> {
  try {
    // Loaded on the first upload, not at start-up: libvips costs every server process ~20 MB of RSS.
    const { default: sharp } = await import('sharp');
    sharp.cache(false); // nothing is decoded twice; a cache only holds memory
    // The header says how big the image is before anything is decoded: too many pixels are refused here,
    // and limitInputPixels stops a file that lies about it (a decompression bomb).
    const header = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
    if (!header.format || !ACCEPTED.has(header.format) || (header.pages ?? 1) > 1) return { ok: false, message: PRODUCT_MESSAGES.fotoType };
    if ((header.width ?? 0) * (header.height ?? 0) > PHOTO_MAX_PIXELS) return { ok: false, message: PRODUCT_MESSAGES.fotoPixels };
    const image = sharp(input, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS });
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
