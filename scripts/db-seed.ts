// npm run db:seed [-- --products N]: replaces the catalog with the deterministic demo catalog, and the
// vehicle fleet with the catalog's fitment.
import { parseArgs } from 'node:util';
import { toolEnv } from './tool-env.ts';
import { seedCatalog, DEMO_PRODUCT_COUNT } from '#src/domain/catalog/seed/seed.server.ts';
import { seedCouponsIfEmpty } from '#src/domain/pricing/coupons.server.ts';
import { seedFitment } from '#src/domain/fitment/seed/seed.server.ts';
import { catalogChanged } from '#src/domain/catalog/changes.server.ts';
import { bootDatabase } from '../server/boot.ts';
import { createLogger } from '../server/logger.ts';

const { values } = parseArgs({ options: { products: { type: 'string' } } });
const count = values.products === undefined ? DEMO_PRODUCT_COUNT : Number(values.products);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('--products deve ser um número inteiro entre 1 e 1000000.');
  process.exit(1);
}
const config = toolEnv();
const database = await bootDatabase(config, createLogger(config.LOG_LEVEL), { seed: false });
const started = Date.now();
let last = 0;
await seedCatalog(database.db, {
  count,
  onProgress: (done, total) => {
    if (done - last >= 10_000 || done === total) {
      last = done;
      console.log(`  ${done}/${total} produtos`);
    }
  },
});
const catalogSeconds = (Date.now() - started) / 1000;
await seedCouponsIfEmpty(database.db);
console.log(`Catálogo criado: ${count} produtos em ${catalogSeconds.toFixed(1)} s.`);
const fitStarted = Date.now();
const fit = await seedFitment(database.db);
console.log(`Compatibilidades criadas: ${fit.vehicles} veículos, ${fit.fitments} compatibilidades e ${fit.universal} marcações universais em ${((Date.now() - fitStarted) / 1000).toFixed(1)} s.`);
// Instances running on this PostgreSQL drop their memo and cached pages (the whole catalog changed).
await catalogChanged(database.db);
await database.close();
