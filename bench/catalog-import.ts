// npm run bench:import: times the catalog import of a 100,000-row supplier file on the database given by
// DATABASE_URL (an empty PostgreSQL database of its own; PGlite with DATA_DIR works too). The file is
// generated from the demo catalog's generator (titles, brands, prices, stock, OEM codes, and fitment as
// `Marca Modelo motor ano-ano` or `universal:tipo`), written to a temporary CSV, then: dry run, apply
// (the same batches the job runs), and a second import of the same file (nothing to change). Target: the
// whole import under 2 minutes on PostgreSQL. Prints the figures and writes bench/IMPORT.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.server.ts';
import { COLUMNS, formatMoneyCell } from '../src/domain/catalog/import/format.ts';
import { createImport, markQueued, runImport } from '../src/domain/catalog/import/import.server.ts';
import { generateCatalog } from '../src/domain/catalog/seed/generate.ts';
import { universalKinds } from '../src/domain/catalog/seed/kinds.ts';
import { TITLE_VEHICLES } from '../src/domain/fitment/seed/fleet.ts';
import { seedFitment } from '../src/domain/fitment/seed/seed.server.ts';

const ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const TARGET_SECONDS = 120;

function supplierFile(count: number): string {
  const universal = new Map(universalKinds().map((k) => [k.kind, k.types]));
  const names = Object.keys(TITLE_VEHICLES).sort((a, b) => b.length - a.length);
  const lines: string[][] = [COLUMNS as unknown as string[]];
  let i = 0;
  for (const p of generateCatalog(count)) {
    i++;
    let compat = '';
    const kindTypes = [...universal].find(([kind]) => p.title.startsWith(kind));
    if (kindTypes) compat = kindTypes[1].map((t) => `universal:${t}`).join('|');
    else {
      const m = / (\d{4})-(\d{4})$/.exec(p.title);
      const name = m && names.find((n) => p.title.slice(0, m.index).endsWith(` ${n}`));
      if (m && name) {
        const v = TITLE_VEHICLES[name]!;
        compat = `${v.make} ${v.model}${v.engine ? ` ${v.engine}` : ''} ${m[1]}-${m[2]}`;
      }
    }
    lines.push([
      `FORN-${String(i).padStart(6, '0')}`,
      p.title,
      p.description,
      p.brand,
      p.category,
      p.vehicleType,
      p.condition,
      formatMoneyCell(p.priceCents),
      formatMoneyCell(p.onSale ? p.oldPriceCents : null),
      String(p.stock),
      `${p.refCode.replace(/[^A-Z0-9]/g, '')}|9${String(i).padStart(8, '0')}`,
      '',
      compat,
      '',
    ]);
  }
  return stringify(lines, { delimiter: ';' });
}

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? 'memory://' });
try {
  await database.migrate();
  const [{ n } = { n: 0 }] = ((await database.db.execute(sql`select count(*)::int as n from vehicles`)) as unknown as { rows: { n: number }[] }).rows;
  if (n === 0) await seedFitment(database.db);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-bench-import-')), 'fornecedor.csv');
  let t = Date.now();
  fs.writeFileSync(file, supplierFile(ROWS));
  console.log(`Arquivo: ${ROWS.toLocaleString('pt-BR')} linhas, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB (gerado em ${((Date.now() - t) / 1000).toFixed(1)} s)`);

  const run = async (label: string) => {
    const t0 = Date.now();
    const dry = await createImport(database.db, { fileName: 'fornecedor.csv', path: file, userId: null });
    if (!dry.ok) throw new Error(dry.message);
    const dryS = (Date.now() - t0) / 1000;
    await markQueued(database.db, dry.summary.id);
    const t1 = Date.now();
    const done = (await runImport(database.db, dry.summary.id))!;
    const applyS = (Date.now() - t1) / 1000;
    const total = dryS + applyS;
    console.log(`${label}: simulação ${dryS.toFixed(1)} s + aplicação ${applyS.toFixed(1)} s = ${total.toFixed(1)} s — ${done.created} criados, ${done.updated} atualizados, ${done.unchanged} sem mudança, ${done.failed} com erro`);
    return { dryRunSeconds: dryS, applySeconds: applyS, totalSeconds: total, created: done.created, updated: done.updated, unchanged: done.unchanged, failed: done.failed };
  };
  const first = await run('Primeira importação');
  const again = await run('Mesma planilha de novo');
  t = Date.now();
  const report = { at: new Date().toISOString(), database: database.kind, rows: ROWS, targetSeconds: TARGET_SECONDS, first, again, met: first.totalSeconds < TARGET_SECONDS };
  fs.writeFileSync(path.join(import.meta.dirname, 'IMPORT.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(report.met ? `Meta atingida (< ${TARGET_SECONDS} s).` : `Meta NÃO atingida (${first.totalSeconds.toFixed(1)} s ≥ ${TARGET_SECONDS} s).`);
} finally {
  await database.close();
}
