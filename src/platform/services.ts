// The process's services, built once from configuration by the composition root (server/boot.ts) and handed
// to the code that needs them: Hono handlers read them from `c.var.services`, React Router loaders and actions
// from `context.get(servicesContext)` (app/lib/context.server.ts), domain functions take what they need as
// parameters. Tests build their own (tests/support/).
import type { Database } from '../db/types.ts';
import type { SearchCache } from '../domain/catalog/search-cache.server.ts';
import type { CatalogChanges } from '../domain/catalog/changes.server.ts';
import type { RemoteFetch } from './remote-image.server.ts';
import type { UploadStore } from './uploads.server.ts';
import type { Mailer } from './mailer.server.ts';
import type { ReturnInvoice } from '../domain/returns/receive.server.ts';
import type { InvoicingDeps } from '../domain/invoicing/provider.ts';
import type { CheckoutServices } from '../domain/checkout/services.ts';
import type { EmailRelay } from '../domain/orders/outbox.server.ts';
import type { JobQueue } from './job-queue.ts';
import type { Authentication } from '../domain/accounts/auth.server.ts';

export interface Services {
  database: Database;
  /** COOKIE_SECRET (server/cookie-secret.ts): signs the guest garage cookie and the order tracking links. */
  cookieSecret: string;
  /** The payment provider, CEP lookup, shipping, order limits and the order e-mails' settings (src/domain/checkout/services.server.ts). */
  checkout: CheckoutServices;
  /** Sends new orders' confirmations from this process without a job each: set once the job runner starts (server/boot.ts bootJobRunner); null where none runs. */
  emailRelay: EmailRelay | null;
  /** The job runner of a serving process (set by the composition root once it starts), for the jobs a request enqueues; null where none runs. */
  jobs: JobQueue | null;
  /** Sign-in: Better Auth on `database` (its handler, sessions), the social providers configured (src/domain/accounts/auth.server.ts). */
  auth: Authentication;
  /** The catalog change event: catalog writes announce through it; the page cache and the memo listen (NOTIFY across instances on PostgreSQL). */
  catalogChanges: CatalogChanges;
  /** The catalog list memo (CATALOG_CACHE_SECONDS), cleared on every catalog change. */
  searchCache: SearchCache;
  /** Fetches the photos a seller points to by address (https, public hosts only: src/platform/safe-fetch.server.ts). */
  remoteFetch: RemoteFetch;
  /** Uploaded product photos (DATA_DIR/uploads). */
  uploads: UploadStore;
  /** Order and account e-mails (SMTP_URL, or .eml files in DATA_DIR/mail). */
  mailer: Mailer;
  /** The nota fiscal provider (INVOICE_PROVIDER) and the store's fiscal settings (NFE_*): docs/invoicing.md. */
  invoicing: InvoicingDeps;
  /** Issues a return's nota fiscal when its items are received (src/domain/invoicing/events.server.ts). */
  returnInvoice: ReturnInvoice;
}
