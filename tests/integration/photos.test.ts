// Sellers' photos: an https:// address is fetched once (from a local https server standing in for the
// seller's host, tests/support/fake-photo-host.ts), checked by its content and stored like an upload, so the shop serves it; the fetch has a
// timeout, a size cap and never reaches our own network. Uploads are capped at 24 megapixels and decoded one
// at a time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProductPost } from '#app/lib/product-page.server.ts';
import { photoDecodeStats, processProductPhoto, processRemoteProductPhoto } from '#src/domain/catalog/photos.server.ts';
import { PRODUCT_MESSAGES } from '#src/domain/catalog/product-form.ts';
import { createRemoteFetch } from '#src/platform/remote-image.server.ts';
import type { RemoteFetch } from '#src/platform/remote-image.server.ts';
import type { UploadStore } from '#src/platform/uploads.server.ts';
import { createUploadStore } from '#src/platform/uploads.server.ts';
import { createTestDatabase } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { startFakePhotoHost } from '../support/fake-photo-host.ts';
import type { FakePhotoHost } from '../support/fake-photo-host.ts';

const M = PRODUCT_MESSAGES;
let fake: FakePhotoHost;
let base = '';
let png: Buffer;
let uploads: string;
// The product form reads the vehicle fleet (compatibility fields) from the database.
let database: TestDatabase;
let remoteFetch: RemoteFetch;
let uploadStore: UploadStore;

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  fake = await startFakePhotoHost((route, _req, res) => {
    if (route === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (route === '/moved.png') return res.writeHead(302, { location: `${base}/ok.png` }).end();
    if (route === '/big.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' }); // no length: the cap counts the bytes as they come
      const chunk = Buffer.alloc(1024 * 1024, 7);
      for (let i = 0; i < 6; i++) res.write(chunk);
      return res.end();
    }
    if (route === '/page.html') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>não é foto</html>');
    if (route === '/slow.png') return; // never answers
    res.writeHead(404).end();
  });
  base = fake.origin;
  remoteFetch = createRemoteFetch({ ...fake.settings, timeoutMs: 800 });
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-fotos-'));
  uploadStore = createUploadStore(uploads);
});

afterAll(async () => {
  await fake.close();
  fs.rmSync(uploads, { recursive: true, force: true });
  await database.dispose();
});

describe('photos at an https:// address', () => {
  it('fetches a real image once and re-encodes it (following a redirect)', async () => {
    for (const url of [`${base}/ok.png`, `${base}/moved.png`]) {
      const result = await processRemoteProductPhoto(url, remoteFetch);
      expect(result.ok, url).toBe(true);
      if (result.ok) {
        expect((await sharp(result.data).metadata()).format).toBe('webp');
        expect(result.width).toBe(800);
      }
    }
  });

  it('refuses what is not an image, too big, too slow or missing, with pt-BR messages', async () => {
    expect(await processRemoteProductPhoto(`${base}/page.html`, remoteFetch)).toEqual({ ok: false, message: M.fotoType });
    expect(await processRemoteProductPhoto(`${base}/big.jpg`, remoteFetch)).toEqual({ ok: false, message: M.fotoSize });
    const started = Date.now();
    expect(await processRemoteProductPhoto(`${base}/slow.png`, remoteFetch)).toEqual({ ok: false, message: M.fotoUrlFetch });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await processRemoteProductPhoto(`${base}/nada.png`, remoteFetch)).toEqual({ ok: false, message: M.fotoUrlFetch });
    expect(await processRemoteProductPhoto(base.replace('https:', 'http:') + '/ok.png', remoteFetch)).toEqual({ ok: false, message: M.fotoUrlFetch });
  });

  it('never fetches from our own network (with the production defaults)', async () => {
    const production = createRemoteFetch({ timeoutMs: 800 });
    for (const url of [
      'https://127.0.0.1/x.png',
      'https://10.0.0.8/x.png',
      'https://[::1]/x.png',
      'https://169.254.169.254/latest/meta-data',
      `https://127.0.0.2:${fake.port}/ok.png`,
      `https://localhost:${fake.port}/ok.png`,
    ]) {
      expect(await processRemoteProductPhoto(url, production), url).toEqual({ ok: false, message: M.fotoUrlFetch });
    }
  });

  it('"Cadastrar Produto" with a photo address stores our own copy and points the product at it', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      titulo: 'Farol Remoto Teste',
      descricao: 'Farol com foto vinda de um endereço.',
      valorantigo: '200,00',
      valoratual: '150,00',
      categoria: 'iluminacao',
      marca: 'Bosch',
      veiculo: 'carros',
      estado: 'novo',
      estoque: '3',
      foto_url: `${base}/ok.png`,
    }))
      form.append(k, v);
    const post = await readProductPost(new Request('http://loja.test/CriarProduto', { method: 'POST', body: form }), database.db, { photoRequired: true, remoteFetch, uploads: uploadStore });
    expect(post.ok).toBe(true);
    if (!post.ok) return;
    expect(post.photo?.url).toMatch(/^\/uploads\/produtos\/[a-f0-9]{32}\.webp$/);
    expect(post.input.photoUrl).toBe(post.photo?.url);
    expect(fs.readdirSync(path.join(uploads, 'produtos'))).toHaveLength(1);

    const bad = new FormData();
    for (const [k, v] of form) bad.append(k, k === 'foto_url' ? `${base}/nada.png` : v);
    const refused = await readProductPost(new Request('http://loja.test/CriarProduto', { method: 'POST', body: bad }), database.db, { photoRequired: true, remoteFetch, uploads: uploadStore });
    expect(refused.ok).toBe(false);
  });
});

describe('uploads', () => {
  it('refuses more than 24 megapixels before decoding', async () => {
    const huge = await sharp({ create: { width: 6000, height: 4100, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.byteLength).toBeLessThan(5 * 1024 * 1024);
    expect(await processProductPhoto(huge)).toEqual({ ok: false, message: M.fotoPixels });
  });

  it('decodes one photo at a time', async () => {
    const photos = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        sharp({ create: { width: 2000 + i, height: 1500, channels: 3, background: '#39c' } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const results = await Promise.all(photos.map((p) => processProductPhoto(p)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(photoDecodeStats().mostAtOnce).toBe(1);
  });
});
