// npm run db:seed [-- --products N] [--batch N] [--keep-indexes] [--stats FILE]: replaces the catalog with the
// deterministic demo catalog, and the vehicle fleet with the catalog's fitment. Streamed in batches in one
// transaction (src/domain/catalog/seed/stream.server.ts): memory stays that of a batch at any size. Prints the
// time and the process's peak memory per 100,000 products; --stats FILE writes them as JSON (the bench).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { toolEnv } from './tool-env.ts';
import { DEMO_PRODUCT_COUNT } from '#src/domain/catalog/seed/seed.server.ts';
import { streamSeedCatalog } from '#src/domain/catalog/seed/stream.server.ts';
import { seedCouponsIfEmpty } from '#src/domain/pricing/coupons.server.ts';
import { analyzeSeedFitment, fitSeedProducts, replaceFleet } from '#src/domain/fitment/seed/seed.server.ts';
import { createCatalogChanges } from '#src/domain/catalog/changes.server.ts';
import { analyzeDatabase } from '#src/db/maintenance.server.ts';
import { bootDatabase } from '../server/boot.ts';
import { createLogger } from '../server/logger.ts';

const { values } = parseArgs({
  options: { products: { type: 'string' }, batch: { type: 'string' }, 'keep-indexes': { type: 'boolean' }, stats: { type: 'string' } },
});
const count = values.products === undefined ? DEMO_PRODUCT_COUNT : Number(values.products);
const batchSize = values.batch === undefined ? 2000 : Number(values.batch);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('--products deve ser um número inteiro entre 1 e 1000000.');
  process.exit(1);
}
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
  console.error('--batch deve ser um número inteiro entre 1 e 10000.');
  process.exit(1);
}
const config = toolEnv();
const database = await bootDatabase(config, createLogger(config.LOG_LEVEL), { seed: false });
const mb = (bytes: number) => Math.round(bytes / 1048576);
const peakRssMb = () => mb(process.resourceUsage().maxRSS * 1024);
const started = Date.now();
const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;
const steps: { products: number; seconds: number; rssMb: number; heapMb: number }[] = [];
const phases: Record<string, number> = {};
let stepStarted = started;
let lastStep = 0;
let fitments = 0;
let universal = 0;
let fleet: Awaited<ReturnType<typeof replaceFleet>> = { rows: [] };
await streamSeedCatalog(database.db, {
  count,
  batchSize,
  deferIndexes: values['keep-indexes'] !== true,
  beforeBatches: async (tx) => {
    fleet = await replaceFleet(tx);
  },
  // The whole catalog's fitment in one statement once the products are in, before their indexes are built
  // (the keys' trigger then rewrites the products with no secondary index to update). Per batch
  // (`afterBatch`), each batch's statement took minutes on the loaded machine (see the decision record).
  afterLoad: async (tx) => {
    const fit = await fitSeedProducts(tx, fleet);
    fitments += fit.fitments;
    universal += fit.universal;
    await analyzeSeedFitment(tx);
  },
  onProgress: (done, total, phase) => {
    if (phase !== 'products') {
      phases[phase] = seconds(started);
      console.log(`  ${phase === 'indexes' ? 'índices criados' : 'buscas reconstruídas'} em ${phases[phase]} s`);
      return;
    }
    if (done - lastStep >= 100_000 || done === total) {
      const step = { products: done, seconds: seconds(stepStarted), rssMb: peakRssMb(), heapMb: mb(process.memoryUsage().heapUsed) };
      steps.push(step);
      console.log(`  ${done}/${total} produtos: ${done - lastStep} em ${step.seconds} s, pico de memória ${step.rssMb} MB`);
      lastStep = done;
      stepStarted = Date.now();
    }
  },
});
await seedCouponsIfEmpty(database.db);
await analyzeDatabase(database.db);
const totalSeconds = seconds(started);
console.log(
  `Catálogo criado: ${count} produtos, ${fleet.rows.length} veículos, ${fitments} compatibilidades e ${universal} marcações universais em ${totalSeconds} s (pico de memória ${peakRssMb()} MB).`,
);
if (values.stats) fs.writeFileSync(values.stats, JSON.stringify({ products: count, batchSize, seconds: totalSeconds, phases, peakRssMb: peakRssMb(), steps, fitments, universal }));
// Instances running on this PostgreSQL drop their memo and cached pages (the whole catalog changed).
if (database.listen) await createCatalogChanges(database.db).announce();
await database.close();
