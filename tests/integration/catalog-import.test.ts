// Catalog import and export on each database: the export re-imports as "nothing changes" (CSV and XLSX);
// a zip bomb is refused (413, nothing stored);
// a file mixing good rows, bad rows (unknown brand, category, vehicle; bad money) and a repeated ref gives
// the dry-run counts and line numbers as a spreadsheet shows them, writes nothing, then applies exactly the
// good rows (price history, fitment, photo fetched once); re-importing it changes nothing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCatalogCsv } from '#src/domain/catalog/import/export.server.ts';
import { createImport, markQueued, runImport } from '#src/domain/catalog/import/import.server.ts';
import { mergeGinPendingLists } from '#src/db/maintenance.server.ts';
import { createUploadStore } from '#src/platform/uploads.server.ts';
import { createRemoteFetch } from '#src/platform/remote-image.server.ts';
import type { RemoteFetch } from '#src/platform/remote-image.server.ts';
import type { UploadStore } from '#src/platform/uploads.server.ts';
import { startFakePhotoHost } from '../support/fake-photo-host.ts';
import type { FakePhotoHost } from '../support/fake-photo-host.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import { writeXlsx, writeXlsxBomb } from '../support/xlsx.ts';
import type { TestDatabase } from '../support/databases.ts';
import type { Db } from '#src/db/client.server.ts';

async function exportText(db: Db): Promise<string> {
  let out = '';
  for await (const chunk of exportCatalogCsv(db)) out += chunk;
  return out;
}

const files = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-import-files-'));
afterAll(() => fs.rmSync(files, { recursive: true, force: true }));

/** Writes `bytes` to a file, as the upload or the command line hand it over, and runs the dry run on it. */
async function tryImport(db: Db, name: string, bytes: Uint8Array, userId: string | null = 'adm1') {
  const filePath = path.join(files, `${crypto.randomUUID()}-${name}`);
  fs.writeFileSync(filePath, bytes);
  return createImport(db, { fileName: name, path: filePath, userId });
}

async function importBytes(db: Db, name: string, bytes: Uint8Array) {
  const dry = await tryImport(db, name, bytes);
  if (!dry.ok) throw new Error(dry.message);
  return dry.summary;
}

let remoteFetch: RemoteFetch;
let uploadStore: UploadStore;
async function apply(db: Db, id: number) {
  expect(await markQueued(db, id)).toBe(true);
  return (await runImport(db, id, { remoteFetch, uploads: uploadStore }))!;
}

/** Every product's stored state, to prove a re-import changes nothing. */
const snapshot = (db: Db) =>
  queryRows<{ s: string }>(
    db,
    sql`select md5(string_agg(row(p.*)::text || coalesce((select string_agg(f::text, ',' order by f::text) from product_fitments f where f.product_id = p.id), '') || coalesce((select string_agg(i::text, ',' order by i::text) from product_images i where i.product_id = p.id), ''), '|' order by p.id)) as s from products p`,
  );

describe.each(DATABASE_KINDS)('catalog import/export on %s', (kind) => {
  let database: TestDatabase;
  let photoServer: FakePhotoHost;
  let photoUrl = '';
  let photoHits = 0;
  let png: Buffer;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 80 });
    uploadStore = createUploadStore(fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-import-')));
    await database.db.execute(sql`insert into users (id, name, email, role) values ('adm1', 'Ana Admin', 'ana@example.com', 'admin')`);
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f6aa1c' } })
      .png()
      .toBuffer();
    photoServer = await startFakePhotoHost((route, _req, res) => {
      photoHits++;
      if (route === '/peca.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(png);
      } else {
        res.writeHead(404).end();
      }
    });
    remoteFetch = createRemoteFetch(photoServer.settings);
    photoUrl = `${photoServer.origin}/peca.png`;
  }, 120_000);
  afterAll(async () => {
    await photoServer?.close();
    await database?.dispose();
  });

  it('export → import changes nothing (CSV), and the export has every product with its fitment', async () => {
    const text = await exportText(database.db);
    const records = parse(text.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(records[0]).toEqual([
      'ref',
      'titulo',
      'descricao',
      'marca',
      'categoria',
      'tipo_veiculo',
      'estado',
      'preco',
      'preco_antigo',
      'estoque',
      'oem',
      'equivalentes',
      'compatibilidade',
      'foto_url',
      'peso_kg',
      'altura_cm',
      'largura_cm',
      'comprimento_cm',
      'ncm',
      'origem',
      'cest',
      'unidade',
    ]);
    expect(records).toHaveLength(81);
    // The sample headlight: 2,85 kg in a 58 × 36 × 30 cm box (height, width, length), a lighting NCM (8512), national, by the unit.
    expect(records[1]!.slice(-8, -4)).toEqual(['2,85', '30', '36', '58']);
    expect(records[1]!.slice(-4)).toEqual(['8512.20.11', '0', '', 'UN']);
    expect(records.some((r) => /^[A-Z].+ \d{4}-\d{4}/.test(r[12]!))).toBe(true);
    const before = await snapshot(database.db);
    const dry = await importBytes(database.db, 'catalogo.csv', new TextEncoder().encode(text));
    expect(dry).toMatchObject({ status: 'dry_run', totalRows: 80, created: 0, updated: 0, unchanged: 80, failed: 0 });
    const done = await apply(database.db, dry.id);
    expect(done).toMatchObject({ status: 'done', processedRows: 80, created: 0, updated: 0, unchanged: 80, failed: 0 });
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('export → XLSX → import changes nothing', async () => {
    const records = parse((await exportText(database.db)).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    const xlsx = path.join(files, 'catalogo.xlsx');
    await writeXlsx(xlsx, records, { sharedStrings: true });
    const dry = await importBytes(database.db, 'catalogo.xlsx', fs.readFileSync(xlsx));
    expect(dry).toMatchObject({ totalRows: 80, unchanged: 80, created: 0, updated: 0, failed: 0 });
  });

  it('refuses a zip bomb XLSX with a pt-BR 413 naming the limit, and stores nothing', async () => {
    const records = parse((await exportText(database.db)).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    const bomb = path.join(files, 'bomba.xlsx');
    await writeXlsxBomb(bomb, records[0]!, records[1]!, 260);
    const [before] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from catalog_imports`);
    const res = await tryImport(database.db, 'bomba.xlsx', fs.readFileSync(bomb));
    expect(res).toMatchObject({ ok: false, status: 413 });
    expect(!res.ok && res.message).toMatch(/^A planilha está compactada além do normal \(mais de 100 vezes o tamanho\)/);
    expect(await queryRows(database.db, sql`select count(*)::int as n from catalog_imports`)).toEqual([before]);
  });

  it('a file with good rows, bad rows and a repeated ref: dry run, then apply, then re-import', async () => {
    const records = parse((await exportText(database.db)).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    const header = records[0]!;
    const col = (name: string) => header.indexOf(name);
    const first = [...records[1]!];
    const oldPrice = first[col('preco')]!;
    first[col('preco')] = '1.234,50';
    first[col('preco_antigo')] = '';
    const second = [...records[2]!];
    second[col('estoque')] = '0';
    const fresh = [
      'NOVA-0001',
      'Pastilha de Freio Nova Importada',
      'Jogo de pastilhas para teste da importação.',
      'bosch',
      'Freios',
      'carros',
      'novo',
      '199.90',
      '249,90',
      '12',
      '5U0698151|6R0698151',
      'Cobreq N-1234|Fras-le PD/580',
      'Volkswagen Gol 2014-2016|universal:motos',
      photoUrl,
    ];
    const badBrand = ['NOVA-0002', 'Peça de Marca Estranha', 'Descrição suficiente para passar.', 'Marca Que Não Existe', 'freios', 'carros', 'novo', '10,00', '', '1', '', '', '', ''];
    const badVehicle = [
      'NOVA-0003',
      'Peça de Carro Inventado',
      'Descrição suficiente para passar.',
      'Bosch',
      'freios',
      'carros',
      'novo',
      '10,00',
      '',
      '1',
      '',
      '',
      'Volkswagen Fusca Voador 1960-1970',
      '',
    ];
    const badMoney = ['NOVA-0004', 'Peça de Preço Ruim', 'Descrição suficiente para passar.', 'Bosch', 'freios', 'carros', 'novo', 'dez reais', '', '1', '', '', '', ''];
    const badCategory = ['NOVA-0005', 'Peça de Categoria Ruim', 'Descrição suficiente para passar.', 'Bosch', 'Pneus', 'carros', 'novo', '10,00', '', '1', '', '', '', ''];
    const repeated = [...fresh];
    repeated[col('titulo')] = 'Outra linha com a mesma referência';
    // Lines as a spreadsheet shows them: header 1, then 2, 3, …; a blank row (line 5) still counts.
    const rows = [header, first, second, fresh, [], badBrand, badVehicle, badMoney, badCategory, repeated];
    const csv = stringify(rows, { delimiter: ',' }).replace(/^(.*)\n\n/m, '$1\n\n');
    const bytes = new TextEncoder().encode(csv);
    const before = await snapshot(database.db);
    const dry = await importBytes(database.db, 'misto.csv', bytes);
    expect(dry).toMatchObject({ status: 'dry_run', totalRows: 8, validRows: 3, created: 1, updated: 2, unchanged: 0, failed: 5 });
    expect(dry.errors).toEqual([
      { line: 6, message: 'Marca desconhecida: "Marca Que Não Existe".' },
      { line: 7, message: 'Veículo desconhecido: "Volkswagen Fusca Voador 1960-1970" (modelo não cadastrado).' },
      { line: 8, message: 'Preço inválido: "dez reais" (use 1234,56 ou 1234.56).' },
      { line: 9, message: 'Categoria desconhecida: "Pneus".' },
      { line: 10, message: 'Referência NOVA-0001 repetida (já aparece na linha 4).' },
    ]);
    expect(await snapshot(database.db)).toEqual(before);

    const done = await apply(database.db, dry.id);
    expect(done).toMatchObject({ status: 'done', created: 1, updated: 2, unchanged: 0, failed: 5, processedRows: 3 });
    expect(photoHits).toBe(1);
    // The rows it wrote are in the GIN indexes proper (text search, part numbers, fitment keys), not in a
    // pending list every search would read whole until the next upkeep; the planner knows the new row.
    expect(await mergeGinPendingLists(database.db)).toBe(0);
    const [stats] = await queryRows<{ n: number }>(database.db, sql`select reltuples::int as n from pg_class where oid = 'products'::regclass`);
    expect(stats!.n).toBe(81);
    const [made] = await queryRows<{
      id: number;
      price_cents: number;
      old_price_cents: number;
      on_sale: boolean;
      brand: string;
      category: string;
      oem_codes: string[];
      fitments: number;
      universal: string[];
      image: string;
    }>(
      database.db,
      sql`select p.id, p.price_cents, p.old_price_cents, p.on_sale, p.brand, p.category, p.oem_codes,
            (select count(*)::int from product_fitments f where f.product_id = p.id) as fitments,
            (select array_agg(vehicle_type) from product_universal_fitments u where u.product_id = p.id) as universal,
            (select url from product_images i where i.product_id = p.id and position = 0) as image
          from products p where ref_code = 'NOVA-0001'`,
    );
    expect(made).toMatchObject({ price_cents: 19990, old_price_cents: 24990, on_sale: true, brand: 'Bosch', category: 'freios', oem_codes: ['5U0698151', '6R0698151'], universal: ['motos'] });
    expect(made!.fitments).toBeGreaterThan(0);
    expect(made!.image).toMatch(/^\/uploads\/produtos\/[a-f0-9]{32}\.webp$/);
    const [changed] = await queryRows<{ price_cents: number; on_sale: boolean }>(database.db, sql`select price_cents, on_sale from products where ref_code = ${first[col('ref')]!}`);
    expect(changed).toEqual({ price_cents: 123450, on_sale: false });
    const log = await queryRows<{ user_id: string; source: string; new_price_cents: number }>(database.db, sql`select user_id, source, new_price_cents from price_changes where source = 'importacao'`);
    expect(log).toEqual([{ user_id: 'adm1', source: 'importacao', new_price_cents: 123450 }]);
    expect(oldPrice).not.toBe('1234,50');

    // The same file again: nothing to do, nothing written, the photo not fetched again.
    const after = await snapshot(database.db);
    const again = await importBytes(database.db, 'misto.csv', bytes);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 5 });
    expect(await apply(database.db, again.id)).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await snapshot(database.db)).toEqual(after);
    expect(photoHits).toBe(1);

    // And the export now carries the new product as it was imported (round trip of a created row).
    const exported = parse((await exportText(database.db)).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    const row = exported.find((r) => r[0] === 'NOVA-0001')!;
    expect(row.slice(0, 12)).toEqual([
      'NOVA-0001',
      'Pastilha de Freio Nova Importada',
      'Jogo de pastilhas para teste da importação.',
      'Bosch',
      'freios',
      'carros',
      'novo',
      '199,90',
      '249,90',
      '12',
      '5U0698151|6R0698151',
      'Cobreq N-1234|Fras-le PD/580',
    ]);
    expect(row[13]).toBe(photoUrl);
  });

  it('refuses a file without the required columns, with a pt-BR reason', async () => {
    const res = await tryImport(database.db, 'x.csv', new TextEncoder().encode('ref;titulo\nA;B\n'), null);
    expect(res).toEqual({ ok: false, status: 400, message: 'Faltam colunas no cabeçalho: descricao, marca, categoria, tipo_veiculo, estado, preco, estoque.' });
  });

  it('an interrupted apply resumes after the last committed batch', async () => {
    const header = 'ref;titulo;descricao;marca;categoria;tipo_veiculo;estado;preco;estoque';
    const lines = Array.from({ length: 2500 }, (_, i) => `LOTE-${i};Produto em lote ${i};Descrição do produto em lote.;Bosch;filtros;carros;novo;${10 + (i % 50)},90;5`);
    const dry = await importBytes(database.db, 'lote.csv', new TextEncoder().encode([header, ...lines].join('\n')));
    expect(dry).toMatchObject({ created: 2500, failed: 0 });
    await markQueued(database.db, dry.id);
    // Simulates a crash after the first batch: its rows and progress committed, the job not finished.
    let calls = 0;
    await expect(
      runImport(database.db, dry.id, {
        onProgress: () => {
          calls++;
          if (calls === 1) throw new Error('queda simulada');
        },
      }),
    ).rejects.toThrow('queda simulada');
    const [mid] = await queryRows<{ status: string; processed_rows: number; n: number }>(
      database.db,
      sql`select status, processed_rows, (select count(*)::int from products where ref_code like 'LOTE-%') as n from catalog_imports where id = ${dry.id}`,
    );
    expect(mid).toEqual({ status: 'failed', processed_rows: 1000, n: 1000 });
    const done = await runImport(database.db, dry.id);
    expect(done).toMatchObject({ status: 'done', processedRows: 2500, created: 2500 });
    const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products where ref_code like 'LOTE-%'`);
    expect(count!.n).toBe(2500);
  });

  it('two runs of the same import at once (a retried job overtaking a slow one) apply each row once', async () => {
    const header = 'ref;titulo;descricao;marca;categoria;tipo_veiculo;estado;preco;estoque';
    const lines = Array.from({ length: 2200 }, (_, i) => `DUPLA-${i};Produto em dupla ${i};Descrição do produto em dupla.;Bosch;filtros;carros;novo;19,90;2`);
    const dry = await importBytes(database.db, 'dupla.csv', new TextEncoder().encode([header, ...lines].join('\n')));
    await markQueued(database.db, dry.id);
    await Promise.all([runImport(database.db, dry.id), runImport(database.db, dry.id)]);
    const [state] = await queryRows<{ status: string; processed_rows: number; created: number; n: number }>(
      database.db,
      sql`select status, processed_rows, created, (select count(*)::int from products where ref_code like 'DUPLA-%') as n from catalog_imports where id = ${dry.id}`,
    );
    expect(state).toEqual({ status: 'done', processed_rows: 2200, created: 2200, n: 2200 });
  });
});
