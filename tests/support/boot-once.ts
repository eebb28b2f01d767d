// A serving process's start-up, then a clean exit: opens the database from the environment (DATABASE_URL),
// applies migrations, seeds the demo catalog when SEED_ON_START is true and starts the job runner (pg-boss
// creates its schema). Used by tests that start several of these at the same moment.
import { env } from '#src/config/env.ts';
import { bootDatabase, bootJobRunner, createServices } from '../../server/boot.ts';
import { createLogger } from '../../server/logger.ts';

const config = env();
const logger = createLogger('warn');
const database = await bootDatabase(config, logger);
const jobs = await bootJobRunner(database, logger, createServices(config, database, logger));
await jobs.stop();
await database.close();
console.log('booted');
