// Link previews need a raster image: every drawing has a PNG twin, and the product page's og:image names it.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { shareImagePath } from '#src/domain/catalog/share-image.ts';
import { productArt } from './files.ts';

describe('product art for link previews', () => {
  const app = new Hono().get('/art/*', productArt());

  it('serves a drawing as a PNG of its size, cacheable for a year', async () => {
    const res = await app.request('/art/calcados/cinza/0.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR: width and height, big-endian, at bytes 16-23.
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([600, 600]);
    expect((await app.request('/art/calcados/inexistente/0.png')).status).toBe(404);
  });

  it('names the PNG twin of a drawing and leaves other photos alone', () => {
    expect(shareImagePath('/art/freios/ambar/1.svg')).toBe('/art/freios/ambar/1.png');
    expect(shareImagePath('/uploads/produtos/abc.webp')).toBe('/uploads/produtos/abc.webp');
  });
});
