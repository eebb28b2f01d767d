// The process's services, built once from configuration by the composition root (server/boot.ts) and handed
// to the code that needs them: Hono handlers read them from `c.var.services`, React Router loaders and actions
// from `context.get(servicesContext)` (app/lib/context.server.ts), domain functions take what they need as
// parameters. Tests build their own (tests/support/).
import type { Database } from '../db/types.ts';
import type { SearchCache } from '../domain/catalog/search-cache.server.ts';
import type { RemoteFetch } from './remote-image.server.ts';
import type { UploadStore } from './uploads.server.ts';
import type { Mailer } from './mailer.server.ts';

export interface Services {
  database: Database;
  /** COOKIE_SECRET (server/cookie-secret.ts): signs the guest garage cookie and the order tracking links. */
  cookieSecret: string;
  /** The catalog list memo (CATALOG_CACHE_SECONDS), cleared on every catalog change. */
  searchCache: SearchCache;
  /** Fetches the photos a seller points to by address (https, public hosts only: src/platform/safe-fetch.server.ts). */
  remoteFetch: RemoteFetch;
  /** Uploaded product photos (DATA_DIR/uploads). */
  uploads: UploadStore;
  /** Order and account e-mails (SMTP_URL, or .eml files in DATA_DIR/mail). */
  mailer: Mailer;
}
