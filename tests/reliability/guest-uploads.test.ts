// Guests' uploads to the back office: ten parallel 30 MB uploads to /Admin/Importar are refused at once
// with the 401 page, and the server's memory barely moves (it does not read them). Before, the page-form
// middleware parsed each whole multipart body before the action checked for an admin: RSS 251 → 850 MB.
// A signed-in admin still uploads a spreadsheet.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts, signIn } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { createServerDatabase } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer, sleep } from './support/server.ts';

const MB = 1024 * 1024;
const GUESTS = 10;
const UPLOAD_MB = 30;

function multipart(file: Buffer, name: string): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = '----olimpo-upload';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`);
  return { body: new Uint8Array(Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)])), type: `multipart/form-data; boundary=${boundary}` };
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('guest uploads to the back office', () => {
  let database: ServerDatabase;
  let server: AppServer;
  let accounts: Record<string, Account>;

  beforeAll(async () => {
    database = await createServerDatabase('pglite', {
      seedProducts: 5,
      prepare: async (db) => {
        accounts = await createAccounts(db, { admin: 'admin' });
      },
    });
    server = await AppServer.create({ ...database.server, env: { TRUST_PROXY: 'true', LOG_LEVEL: 'warn' } });
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it(`${GUESTS} parallel ${UPLOAD_MB} MB guest uploads: 401 at once, RSS grows by less than 60 MB`, async () => {
    const pid = server.pid!;
    // Warm up the page path once, then take the baseline.
    await (await server.fetch('/Admin/Importar', { method: 'POST', headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' })).arrayBuffer();
    await sleep(300);
    const before = rssMb(pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, rssMb(pid));
        await sleep(20);
      }
    })();

    const { body, type } = multipart(Buffer.alloc(UPLOAD_MB * MB, 'ref;titulo;descricao\n'), 'catalogo.csv');
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: GUESTS }, async () => {
        const res = await server.fetch('/Admin/Importar', { method: 'POST', headers: { origin: server.url, 'content-type': type }, body });
        return { status: res.status, text: await res.text(), ms: performance.now() - started };
      }),
    );
    const ms = performance.now() - started;
    await sleep(500); // anything the server still does with the bodies shows now
    sampling = false;
    await sampler;
    peak = Math.max(peak, rssMb(pid));
    console.info(`[guest uploads] ${GUESTS} × ${UPLOAD_MB} MB: ${Math.round(ms)} ms; RSS ${before.toFixed(0)} → pico ${peak.toFixed(0)} MB (+${(peak - before).toFixed(1)})`);

    for (const a of answers) {
      expect(a.status, a.text.slice(0, 200)).toBe(401);
      expect(a.text).toContain('Entre na sua conta');
    }
    expect(ms, 'all refused quickly').toBeLessThan(10_000);
    expect(peak - before, 'RSS growth (MB)').toBeLessThan(60);
    expect(server.isRunning).toBe(true);
  });

  it('a signed-in admin still uploads a spreadsheet to the import', async () => {
    const admin = accounts.admin!;
    await signIn(server, admin);
    const header = 'ref;titulo;descricao;marca;categoria;tipo_veiculo;estado;preco;estoque';
    const csv = [header, 'GUARDA-1;Filtro de óleo guarda;Filtro de óleo para o teste de envio.;Bosch;filtros;carros;novo;29,90;5'].join('\n');
    const { body, type } = multipart(Buffer.from(csv), 'catalogo.csv');
    const res = await server.fetch('/Admin/Importar', { method: 'POST', headers: { origin: server.url, cookie: admin.cookie, 'content-type': type }, body });
    const text = await res.text();
    // The import's own answer (its preview page), not the edge's refusal.
    expect([401, 403, 413, 415], text.slice(0, 300)).not.toContain(res.status);
    expect(res.status, text.slice(0, 300)).toBeLessThan(500);
    expect(text).not.toContain('Entre na sua conta');
    if (res.status === 302 || res.status === 303) expect(res.headers.get('location')).toMatch(/^\/Admin\/Importar\?id=\d+$/);
  });
});
