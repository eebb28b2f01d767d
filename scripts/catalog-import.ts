// npm run catalog:import -- file.csv|file.xlsx [--dry-run]: the back office's import from the command line. Checks
// every row first and prints what would change; without --dry-run it then applies the rows that pass
// (same batches as /Admin/Importar, run in this process) and lists the others by line number, counted as a
// spreadsheet shows them (the header is line 1). With PGlite, stop the server first (one process per folder).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toolEnv } from './tool-env.ts';
import { createImport, markQueued, runImport } from '#src/domain/catalog/import/import.server.ts';
import type { ImportSummary } from '#src/domain/catalog/import/import.server.ts';
import { createUploadStore } from '#src/platform/uploads.server.ts';
import { createCatalogChanges } from '#src/domain/catalog/changes.server.ts';
import { bootDatabase } from '../server/boot.ts';
import { createLogger } from '../server/logger.ts';

const { values, positionals } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } }, allowPositionals: true });
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error('Uso: npm run catalog:import -- arquivo.csv|arquivo.xlsx [--dry-run]');
  process.exit(2);
}
if (!fs.existsSync(file)) {
  console.error(`Arquivo não encontrado: ${file}`);
  process.exit(2);
}

const config = toolEnv();
const database = await bootDatabase(config, createLogger('warn'), { seed: false });
const uploads = createUploadStore(path.resolve(config.DATA_DIR, 'uploads'));
const n = (v: number) => v.toLocaleString('pt-BR');

function printErrors(s: ImportSummary): void {
  if (s.errors.length === 0) return;
  console.log(`\nLinhas com erro${s.failed > s.errors.length ? ` (primeiras ${s.errors.length} de ${n(s.failed)})` : ''}:`);
  for (const e of s.errors) console.log(`  linha ${e.line}: ${e.message}`);
}

let exitCode = 0;
try {
  const started = Date.now();
  const dry = await createImport(database.db, { fileName: path.basename(file), path: file, userId: null });
  if (!dry.ok) {
    console.error(dry.message);
    exitCode = 1;
  } else {
    const s = dry.summary;
    console.log(
      `${path.basename(file)}: ${n(s.totalRows)} linhas de produtos — ${n(s.created)} a criar, ${n(s.updated)} a atualizar, ${n(s.unchanged)} sem mudança, ${n(s.failed)} com erro (${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );
    if (values['dry-run']) {
      printErrors(s);
      console.log('\nSimulação: nada foi gravado.');
    } else {
      await markQueued(database.db, s.id);
      const applyStarted = Date.now();
      let last = 0;
      const done = await runImport(database.db, s.id, {
        uploads,
        // Instances running on this PostgreSQL drop their memo and cached pages once the rows are in.
        catalogChanges: database.listen ? createCatalogChanges(database.db) : null,
        onProgress: ({ processed, valid }) => {
          if (processed - last >= 10_000 || processed === valid) {
            last = processed;
            console.log(`  ${n(processed)}/${n(valid)} linhas aplicadas`);
          }
        },
      });
      console.log(
        `Importação #${s.id} concluída em ${((Date.now() - applyStarted) / 1000).toFixed(1)} s: ${n(done!.created)} criados, ${n(done!.updated)} atualizados, ${n(done!.unchanged)} sem mudança, ${n(done!.failed)} com erro.`,
      );
      printErrors(done!);
    }
    if (s.failed > 0) exitCode = 3;
  }
} finally {
  await database.close();
}
process.exit(exitCode);
