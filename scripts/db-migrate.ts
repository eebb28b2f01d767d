// npm run db:migrate: applies the committed migrations to DATABASE_URL or the PGlite folder in DATA_DIR.
import { toolEnv } from './tool-env.ts';
import { bootDatabase } from '../server/boot.ts';
import { createLogger } from '../server/logger.ts';

const config = toolEnv();
const database = await bootDatabase(config, createLogger(config.LOG_LEVEL), { seed: false });
await database.close();
console.log('Migrações aplicadas.');
