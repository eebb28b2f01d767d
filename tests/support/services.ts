// The services a test hands to the app (server/app.ts) or to a loader's context: built here around the
// test's own database, the way server/boot.ts builds them from configuration.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '#src/db/client.server.ts';
import type { Services } from '#src/platform/services.ts';
import { createCatalogSearchCache } from '#src/domain/catalog/changes.server.ts';
import { createRemoteFetch } from '#src/platform/remote-image.server.ts';
import { createUploadStore } from '#src/platform/uploads.server.ts';
import { createMailer } from '#src/platform/mailer.server.ts';

export function testServices(database: Database, overrides: Partial<Services> = {}): Services {
  const searchCache = createCatalogSearchCache(10);
  return {
    database,
    cookieSecret: crypto.randomBytes(32).toString('hex'),
    searchCache,
    remoteFetch: createRemoteFetch(),
    uploads: createUploadStore(path.join(os.tmpdir(), `olimpo-uploads-${process.pid}`)),
    mailer: createMailer({ from: 'Olimpo Peças <loja@example.com>', mailDir: path.join(os.tmpdir(), `olimpo-mail-${process.pid}`) }),
    ...overrides,
  };
}
