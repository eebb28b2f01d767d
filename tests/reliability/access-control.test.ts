// Access control, against the real built server on each database: a table of actors (a guest, the owner of
// the order/address/product, another shopper, a seller, another seller, an admin) × every endpoint that
// reads or changes something of someone (support/access-endpoints.ts), API and pages alike; cross-origin
// writes refused whoever is signed in; photo uploads that are not images (SVG with a script, PHP or HTML
// renamed .jpg, a zero-byte file, a polyglot, a GIF, files too big) refused in pt-BR with nothing stored; and no
// refused request changes a row. Then an image carrying a payload is stored re-encoded, without it. The world
// they run in (one server per database for all of it): support/access-fixture.ts. The guest × order-token
// matrix: hostile-input-and-private-data.test.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accessEndpoints, expectOutcome } from './support/access-endpoints.ts';
import { ACTORS, PRODUCT, useAccessFixture } from './support/access-fixture.ts';
import { expectPageRefusal } from './support/accounts.ts';
import { DATABASE_KINDS } from './support/databases.ts';

describe.each(DATABASE_KINDS)('access control: actors × endpoints (%s)', (kind) => {
  const fx = useAccessFixture(kind);
  const ENDPOINTS = accessEndpoints(fx);

  it.each(ACTORS.map((a) => [a] as const))('%s', async (actor) => {
    for (const endpoint of ENDPOINTS) {
      const expected = endpoint.expected(actor);
      if (endpoint.write && expected === 'ok') continue; // a permitted write is not this table's business
      const res = await endpoint.send(actor);
      await expectOutcome(res, expected, `${actor} → ${endpoint.name}`, fx.server.url);
      const text = await res.text();
      if (endpoint.secret && !endpoint.secret.mayContain(actor)) expect(text, `${actor} → ${endpoint.name} leaks`).not.toContain(endpoint.secret.text());
      if (endpoint.secret && endpoint.secret.mayContain(actor) && expected === 'ok') expect(text, `${actor} → ${endpoint.name} shows their own data`).toContain(endpoint.secret.text());
    }
  });

  it('cross-origin writes are refused whoever is signed in', async () => {
    for (const [method, url] of [
      ['DELETE', '/api/account'],
      ['PUT', '/api/account/cart'],
      ['POST', '/MinhaConta'],
      ['POST', '/Admin/Pedidos'],
      ['POST', `/MeusProdutos/${fx.ids.product}`],
    ] as const) {
      const res = await fx.server.fetch(url, {
        method,
        headers: { origin: 'https://loja-falsa.example', cookie: fx.accounts.admin!.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'intent=excluir&confirmacao=EXCLUIR',
      });
      expect(res.status, `${method} ${url}`).toBe(403);
      await res.arrayBuffer();
    }
  });

  // --- uploads that are not images -------------------------------------------------------------------------
  it('uploads that are not images are refused in pt-BR and nothing is stored', async () => {
    const text = (s: string) => new TextEncoder().encode(s);
    const jpegHeader = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const files: [string, Uint8Array, string, string][] = [
      ['SVG com script', text(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>`), 'foto.svg', 'image/svg+xml'],
      ['SVG renomeado .jpg', text(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>`), 'foto.jpg', 'image/jpeg'],
      ['PHP renomeado .jpg', text(`<?php system($_GET['c']); ?>`), 'foto.jpg', 'image/jpeg'],
      ['HTML renomeado .jpg', text(`<!doctype html><html><body><script>alert(1)</script></body></html>`), 'foto.jpg', 'image/jpeg'],
      ['arquivo vazio', new Uint8Array(0), 'foto.jpg', 'image/jpeg'],
      ['poliglota JPEG + HTML', new Uint8Array([...jpegHeader, ...text(`<html><script>alert(1)</script></html><?php echo 1; ?>`)]), 'foto.jpg', 'image/jpeg'],
      [
        'GIF (formato não aceito)',
        Uint8Array.from(
          await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
            .gif()
            .toBuffer(),
        ),
        'foto.gif',
        'image/gif',
      ],
      ['grande demais (5,5 MB)', crypto.randomBytes(5.5 * 1024 * 1024), 'foto.jpg', 'image/jpeg'],
      ['enorme (8 MB)', crypto.randomBytes(8 * 1024 * 1024), 'foto.jpg', 'image/jpeg'],
    ];
    const countProducts = async () => {
      const res = await fx.server.fetch('/MeusProdutos', { headers: { cookie: fx.accounts.seller!.cookie } });
      return [...(await res.text()).matchAll(/aria-label="Editar /g)].length;
    };
    const products = await countProducts();
    const stored = fx.uploads();
    for (const [name, bytes, filename, type] of files) {
      for (const target of ['/CriarProduto', `/MeusProdutos/${fx.ids.product}`]) {
        const form = new FormData();
        // No photo URL: the upload is the photo.
        for (const [k, v] of Object.entries({ ...PRODUCT, foto_url: '' })) form.append(k, v);
        form.append('foto', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), filename);
        const res = await fx.server.fetch(target, { method: 'POST', headers: { origin: fx.server.url, cookie: fx.accounts.seller!.cookie }, body: form });
        const { errors } = await expectPageRefusal(res, `${name} → ${target}`);
        expect(errors.join(' '), `${name} → ${target}`).toMatch(/foto/i);
      }
    }
    expect(fx.uploads(), 'files stored').toEqual(stored);
    expect(await countProducts()).toBe(products);
  });

  it('nothing was written by any refused request', async () => {
    const after = await fx.dump();
    const added = after.filter((r) => !fx.before.includes(r));
    const removed = fx.before.filter((r) => !after.includes(r));
    expect({ added: added.map((r) => r.slice(0, 200)), removed: removed.map((r) => r.slice(0, 200)) }).toEqual({ added: [], removed: [] });
  });

  it('an image carrying a payload after its data is stored re-encoded, without the payload', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const payload = `<?php system($_GET['c']); ?><script>alert(1)</script>`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...PRODUCT, foto_url: '', titulo: 'Produto Com Foto Poliglota' })) form.append(k, v);
    form.append('foto', new Blob([Buffer.concat([png, Buffer.from(payload)])], { type: 'image/png' }), 'foto.png');
    const stored = fx.uploads();
    const res = await fx.server.fetch('/CriarProduto', { method: 'POST', headers: { origin: fx.server.url, cookie: fx.accounts.seller!.cookie }, body: form });
    if (res.status === 302) {
      const added = fx.uploads().filter((f) => !stored.includes(f));
      expect(added).toHaveLength(1);
      const file = fs.readFileSync(path.join(fx.dataDir, 'uploads', 'produtos', added[0]!));
      expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(file.includes(Buffer.from('<?php'))).toBe(false);
      expect(file.includes(Buffer.from('<script'))).toBe(false);
      const served = await fx.server.fetch(`/uploads/produtos/${added[0]}`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      await served.arrayBuffer();
    } else {
      await expectPageRefusal(res, 'PNG + carga');
      expect(fx.uploads()).toEqual(stored);
    }
  });
});
