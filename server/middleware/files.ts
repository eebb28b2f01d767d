// Files the edge serves itself, before the React Router app: uploaded product photos, the product art
// (SVG drawn from its path) and, in production, the client build (hashed assets, then its other files).
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Handler, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import { parseArtPath, renderArt } from '#src/domain/catalog/art.ts';
import { parseArtPngPath } from '#src/domain/catalog/share-image.ts';
import type { AppEnv } from '../app-env.ts';

/** Uploaded product photos: only names we generated, served as images that cannot run anything. */
export function uploadedPhotos(): Handler<AppEnv> {
  return async (c) => {
    const file = c.var.services.uploads.pathOf(c.req.param('kind')!, c.req.param('name')!);
    if (!file) return c.text('Imagem não encontrada.', 404);
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch {
      return c.text('Imagem não encontrada.', 404);
    }
    c.header('Content-Type', 'image/webp');
    c.header('Content-Disposition', 'inline');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(new Uint8Array(data));
  };
}

/** A product's art, drawn from its path; `.png` is the same drawing rasterised, for link previews (og:image). */
export function productArt(): Handler {
  // At most 495 drawings exist (9 categories × 11 colours × 5 views); previews ask for few of them.
  const pngs = new LRUCache<string, Uint8Array<ArrayBuffer>>({ max: 64 });
  return async (c) => {
    const png = parseArtPngPath(c.req.path);
    if (png) {
      let body = pngs.get(c.req.path);
      if (!body) {
        const { default: sharp } = await import('sharp');
        body = new Uint8Array(
          await sharp(Buffer.from(renderArt(png)))
            .png({ compressionLevel: 9 })
            .toBuffer(),
        );
        pngs.set(c.req.path, body);
      }
      c.header('Content-Type', 'image/png');
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      return c.body(body);
    }
    const spec = parseArtPath(c.req.path);
    if (!spec) return c.text('Imagem não encontrada.', 404);
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(renderArt(spec));
  };
}

/** The build's hashed assets, precompressed and cached for a year. */
export function builtAssets(clientDir: string): MiddlewareHandler {
  return serveStatic({
    root: path.relative(process.cwd(), clientDir),
    precompressed: true, // .br/.gz written at build time (vite/precompress.ts)
    onFound: (_p, c) => {
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
}

/** The build's other files (favicon, placeholder), listed once: a page request does not stat the disk. */
export function builtPublic(clientDir: string): MiddlewareHandler {
  const publicFiles = builtPublicFiles(clientDir);
  const servePublic = serveStatic({
    root: path.relative(process.cwd(), clientDir),
    onFound: (_p, c) => {
      c.header('Cache-Control', 'public, max-age=3600');
    },
  });
  return (c, next) => (publicFiles.has(c.req.path) ? servePublic(c, next) : next());
}

/** URL paths of the client build's files outside /assets/ (which has its own handler). */
export function builtPublicFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  if (!existsSync(clientDir)) return files;
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (!rel.startsWith('assets/')) files.add(`/${rel}`);
  }
  return files;
}
