// Spreadsheet imports through the back office's page, against the real server on PGlite (the default
// deployment, and the one whose process also holds the database), on Node's default heap:
// - a zip bomb (a 260 MB sheet deflated to about 1 MB) is refused with a pt-BR 413 naming the limit, and the
//   server stays up with its memory (VmRSS) barely moved;
// - an XLSX (shared strings, as Excel writes them) is uploaded to /Admin/Importar, dry-run, confirmed, and
//   applied by the job runner in batches while the page is polled: every row lands, and the server's VmRSS
//   stays bounded from upload to the end.
// The suite runs it at IMPORT_UPLOAD_ROWS=10,000 (several batches, progress seen, memory growth bounded);
// `npm run bench:import-upload` runs the same test at 100,000 rows with the 600 MB peak of the production
// target (about 5 minutes: a measurement, not a behaviour).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNS, formatMoneyCell } from '#src/domain/catalog/import/format.ts';
import { generateCatalog } from '#src/domain/catalog/seed/generate.ts';
import { universalKinds } from '#src/domain/catalog/seed/kinds.ts';
import { writeXlsx, writeXlsxBomb } from '../support/xlsx.ts';
import { createAccounts, expectPageRefusal, randomIp, signIn } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { createServerDatabase, rows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer, sleep } from './support/server.ts';

const ROWS = Number(process.env.IMPORT_UPLOAD_ROWS ?? 10_000);
/** The peak the production target allows at 100,000 rows. */
const RSS_LIMIT_MB = 600;
/**
 * Growth over the idle server allowed at the suite's size: reading the whole sheet into memory (exceljs's
 * workbook reader took over 1 GB at 100,000 rows) would pass it several times over even at 10,000 rows.
 */
const RSS_GROWTH_MB = Number(process.env.IMPORT_UPLOAD_GROWTH_MB ?? 250);

/** The server's resident memory, sampled every 100 ms while `watch` is on. */
function rssSampler(pid: number) {
  let peak = 0;
  const read = () => {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  };
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read());
    } catch {
      // the process is gone: the test's own checks say so
    }
  }, 100);
  return {
    now: read,
    peak: () => Math.max(peak, read()),
    stop: () => clearInterval(timer),
  };
}

/** A supplier's catalog as the import reads it, from the demo catalog's generator (its fitment universal only). */
function* supplierRows(count: number): Generator<(string | number)[]> {
  const universal = new Map(universalKinds().map((k) => [k.kind, k.types]));
  yield [...COLUMNS];
  let i = 0;
  for (const p of generateCatalog(count)) {
    i++;
    const kind = [...universal].find(([k]) => p.title.startsWith(k));
    yield [
      `FORN-${String(i).padStart(6, '0')}`,
      p.title,
      p.description,
      p.brand,
      p.category,
      p.vehicleType,
      p.condition,
      formatMoneyCell(p.priceCents),
      formatMoneyCell(p.onSale ? p.oldPriceCents : null),
      p.stock,
      `9${String(i).padStart(8, '0')}`,
      '',
      kind ? kind[1].map((t) => `universal:${t}`).join('|') : '',
      '',
    ];
  }
}

describe('spreadsheet imports through /Admin/Importar (pglite)', () => {
  let database: ServerDatabase;
  let server: AppServer;
  let admin: Account;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-import-upload-'));

  beforeAll(async () => {
    let accounts: Record<string, Account> = {};
    database = await createServerDatabase('pglite', { seedProducts: 40, prepare: async (db) => void (accounts = await createAccounts(db, { admin: 'admin' })) });
    admin = accounts.admin!;
    // As `npm run serve` runs it (its allocator settings and young generation), with V8's default old space.
    server = await AppServer.create({ ...database.server, env: { NODE_OPTIONS: '--max-semi-space-size=8', MALLOC_ARENA_MAX: '16', MALLOC_MMAP_THRESHOLD_: '65536' } });
    await server.start();
    await signIn(server, admin);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const upload = (name: string, filePath: string) => {
    const form = new FormData();
    form.set('arquivo', new Blob([fs.readFileSync(filePath)]), name);
    return server.fetch('/Admin/Importar', { method: 'POST', headers: { cookie: admin.cookie, origin: server.url, 'x-forwarded-for': randomIp() }, body: form });
  };
  const page = async (id: string): Promise<string> => {
    // A poll may meet a kept-alive connection the server has just closed (the browser would retry too).
    const res = await server.fetch(`/Admin/Importar?id=${id}`, { headers: { cookie: admin.cookie } }).catch(() => server.fetch(`/Admin/Importar?id=${id}`, { headers: { cookie: admin.cookie } }));
    expect(res.status).toBe(200);
    return (await res.text()).replace(/<!-- -->/g, '');
  };

  it('refuses a zip bomb with a pt-BR 413 naming the limit; the server stays up and its memory stays put', async () => {
    const bomb = path.join(dir, 'bomba.xlsx');
    const [header, row] = [...supplierRows(1)];
    await writeXlsxBomb(bomb, header as string[], (row as (string | number)[]).map(String), 260);
    expect(fs.statSync(bomb).size).toBeLessThan(2 * 1024 * 1024);
    const rss = rssSampler(server.pid!);
    const before = rss.now();
    try {
      const res = await upload('bomba.xlsx', bomb);
      const { status, errors } = await expectPageRefusal(res, 'zip bomb');
      expect(status).toBe(413);
      expect(errors.join(' ')).toMatch(/A planilha está compactada além do normal \(mais de 100 vezes o tamanho\)/);
      expect(server.isRunning).toBe(true);
      expect((await server.fetch('/readyz')).status).toBe(200);
      expect(rss.peak() - before, `VmRSS ${before.toFixed(0)} → pico ${rss.peak().toFixed(0)} MB`).toBeLessThan(150);
    } finally {
      rss.stop();
    }
  });

  it(`imports a ${ROWS.toLocaleString('en')}-row XLSX from the page through the job runner in batches, with every row and bounded VmRSS`, { timeout: 20 * 60_000 }, async () => {
    const file = path.join(dir, 'fornecedor.xlsx');
    await writeXlsx(file, supplierRows(ROWS), { sharedStrings: true });
    const rss = rssSampler(server.pid!);
    const started = Date.now();
    const idle = rss.now();
    const log: string[] = [`arquivo ${(fs.statSync(file).size / 1e6).toFixed(1)} MB, VmRSS no início ${idle.toFixed(0)} MB`];
    try {
      const res = await upload('fornecedor.xlsx', file);
      expect(res.status, (await res.clone().text()).slice(0, 500)).toBe(302);
      const id = /[?&]id=(\d+)/.exec(res.headers.get('location') ?? '')?.[1];
      expect(id).toBeTruthy();
      log.push(`simulação em ${((Date.now() - started) / 1000).toFixed(0)} s, pico ${rss.peak().toFixed(0)} MB`);
      const dry = await page(id!);
      expect(dry).toContain('Simulação (nada gravado)');
      expect(dry).toContain(`Confirmar e aplicar ${ROWS.toLocaleString('pt-BR')} linha`);

      const confirm = await server.fetch('/Admin/Importar', {
        method: 'POST',
        headers: { cookie: admin.cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': randomIp() },
        body: new URLSearchParams({ intent: 'confirmar', id: id! }).toString(),
      });
      expect(confirm.status).toBe(302);
      const applying = Date.now();
      let html = await page(id!);
      let sawProgress = false;
      while (!html.includes('Concluída')) {
        expect(server.isRunning, server.output.slice(-2000)).toBe(true);
        expect(html, 'a importação parou').not.toContain('A importação parou');
        if (html.includes('Importação em andamento…')) sawProgress = true;
        expect(Date.now() - applying, 'a importação não terminou em 15 minutos').toBeLessThan(15 * 60_000);
        await sleep(500);
        html = await page(id!);
      }
      log.push(`aplicação em ${((Date.now() - applying) / 1000).toFixed(0)} s, pico ${rss.peak().toFixed(0)} MB`);
      expect(sawProgress).toBe(true);
      expect(html).toMatch(new RegExp(`Criados</dt><dd[^>]*>${ROWS.toLocaleString('pt-BR').replace('.', '\\.')}<`));
      expect(html).toMatch(/Com erro<\/dt><dd[^>]*>0</);
      expect(rss.peak(), log.join('; ')).toBeLessThan(RSS_LIMIT_MB);
      if (ROWS < 100_000) expect(rss.peak() - idle, log.join('; ')).toBeLessThan(RSS_GROWTH_MB);
    } finally {
      rss.stop();
      console.log(`importação de ${ROWS} linhas pela página: ${log.join('; ')}`);
      if (!server.isRunning) console.log(`o servidor parou:\n${server.output.slice(-4000)}`);
    }
    await server.stop();
    const [count] = await database.use((db) =>
      rows<{ n: number; files: number }>(db, sql`select (select count(*)::int from products where ref_code like 'FORN-%') as n, (select count(*)::int from catalog_import_files) as files`),
    );
    expect(count).toEqual({ n: ROWS, files: 0 });
  });
});
