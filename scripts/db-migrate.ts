// npm run db:migrate: applies the committed migrations to DATABASE_URL or the PGlite folder in DATA_DIR.
import { env } from '../src/config/env.ts';
import { bootDatabase } from '../server/boot.ts';
import { createLogger } from '../server/logger.ts';

const config = env();
const database = await bootDatabase(config, createLogger(config.LOG_LEVEL), { seed: false });
await database.close();
console.log('Migrações aplicadas.');
