// A catalog file's foto_url goes through the hardened fetcher: a row pointing at the loopback, a private or
// IPv6 loopback address, plain http, a redirect into the loopback or an oversized photo is refused with our
// own pt-BR sentence (never the address, a status or the remote answer), nothing inside is ever requested,
// and the other rows, a good photo included, are applied.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImport, markQueued, runImport } from '#src/domain/catalog/import/import.server.ts';
import { PRODUCT_MESSAGES } from '#src/domain/catalog/product-form.ts';
import { createRemoteFetch } from '#src/platform/remote-image.server.ts';
import type { RemoteFetch } from '#src/platform/remote-image.server.ts';
import type { UploadStore } from '#src/platform/uploads.server.ts';
import { createUploadStore } from '#src/platform/uploads.server.ts';
import { createTestDatabase, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { startFakePhotoHost } from '../support/fake-photo-host.ts';
import type { FakePhotoHost } from '../support/fake-photo-host.ts';

const GENERIC = 'Não foi possível baixar a foto de foto_url. Use um link https público da imagem ou deixe a coluna vazia.';

describe('catalog import photos', () => {
  let database: TestDatabase;
  let host: FakePhotoHost;
  let inside: http.Server;
  let insidePort = 0;
  const insideHits: string[] = [];
  let uploads = '';
  let remoteFetch: RemoteFetch;
  let uploadStore: UploadStore;

  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seedProducts: 5 });
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-import-fotos-'));
    uploadStore = createUploadStore(uploads);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f6aa1c' } })
      .png()
      .toBuffer();
    // Stands for the shop's own API on the loopback: it must never be reached from a catalog file.
    inside = http.createServer((req, res) => {
      insideHits.push(req.url ?? '');
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"erro":"não autenticado"}');
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    insidePort = (inside.address() as AddressInfo).port;
    host = await startFakePhotoHost((route, _req, res) => {
      if (route === '/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (route === '/to-loopback') return res.writeHead(302, { location: `http://127.0.0.1:${insidePort}/api/account/export` }).end();
      if (route === '/to-loopback-https') return res.writeHead(302, { location: `https://127.0.0.1:${insidePort}/api/account/export` }).end();
      if (route === '/big.jpg') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(1024 * 1024, 7);
        for (let i = 0; i < 7; i++) res.write(chunk);
        return res.end();
      }
      res.writeHead(404).end();
    });
    remoteFetch = createRemoteFetch(host.settings);
  }, 120_000);

  afterAll(async () => {
    await host?.close();
    inside?.close();
    fs.rmSync(uploads, { recursive: true, force: true });
    await database?.dispose();
  });

  it('refuses photo addresses inside our network with a generic pt-BR reason and applies the other rows', async () => {
    const photos = [
      `${host.origin}/ok.png`,
      `http://127.0.0.1:${insidePort}/api/account/export`,
      `https://127.0.0.1:${insidePort}/api/account/export`,
      'https://10.0.0.8/foto.png',
      `https://[::1]:${insidePort}/foto.png`,
      `http://fotos.example.com:${host.port}/ok.png`,
      `${host.origin}/to-loopback`,
      `${host.origin}/to-loopback-https`,
      `${host.origin}/big.jpg`,
    ];
    const header = 'ref;titulo;descricao;marca;categoria;tipo_veiculo;estado;preco;estoque;foto_url';
    const lines = photos.map((url, i) => `FOTO-${i};Peça com foto ${i};Descrição da peça com foto remota.;Bosch;filtros;carros;novo;10,90;5;${url}`);
    const dry = await createImport(database.db, { fileName: 'fotos.csv', path: tempFile(new TextEncoder().encode([header, ...lines].join('\n'))), userId: null });
    if (!dry.ok) throw new Error(dry.message);
    expect(dry.summary).toMatchObject({ validRows: photos.length, failed: 0 });
    expect(await markQueued(database.db, dry.summary.id)).toBe(true);
    const done = (await runImport(database.db, dry.summary.id, { remoteFetch, uploads: uploadStore }))!;

    expect(done).toMatchObject({ status: 'done', created: 1, failed: photos.length - 1 });
    const byLine = new Map(done.errors.map((e) => [e.line, e.message]));
    // Lines as a spreadsheet shows them: the header is line 1, FOTO-0 line 2.
    for (let i = 1; i < photos.length - 1; i++) expect(byLine.get(i + 2), photos[i]).toBe(GENERIC);
    expect(byLine.get(photos.length + 1)).toBe(PRODUCT_MESSAGES.fotoSize);
    for (const e of done.errors) expect(e.message).not.toMatch(/127\.0\.0\.1|::1|10\.0\.0\.8|example|HTTP|401|export|autenticado/);
    expect(insideHits).toEqual([]);

    const [made] = await queryRows<{ image: string | null }>(
      database.db,
      sql`select (select url from product_images i where i.product_id = p.id and position = 0) as image from products p where ref_code = 'FOTO-0'`,
    );
    expect(made!.image).toMatch(/^\/uploads\/produtos\/[a-f0-9]{32}\.webp$/);
    const refused = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products where ref_code like 'FOTO-%' and ref_code <> 'FOTO-0'`);
    expect(refused[0]!.n).toBe(0);
  });
});

/** The import reads a file from disk, as the upload and the command line hand it over. */
function tempFile(bytes: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-import-')), 'catalogo.csv');
  fs.writeFileSync(file, bytes);
  return file;
}
