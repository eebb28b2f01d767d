// Owns the image link previews (og:image) get: previewers such as WhatsApp show no SVG, so a drawing is
// named by its PNG twin, which the edge rasterises (server/middleware/files.ts).
import { parseArtPath } from './art.ts';
import type { ArtSpec } from './art.ts';

/**
 * The image to give link previews (og:image): a drawing as its PNG twin (`/art/…/0.png`), since WhatsApp and
 * most previewers show no SVG; any other photo as it is.
 */
export function shareImagePath(url: string): string {
  return parseArtPath(url) ? url.replace(/\.svg$/, '.png') : url;
}

/** The drawing a PNG twin's path names (`/art/…/0.png`), or null. */
export function parseArtPngPath(pathname: string): ArtSpec | null {
  return pathname.endsWith('.png') ? parseArtPath(`${pathname.slice(0, -4)}.svg`) : null;
}
