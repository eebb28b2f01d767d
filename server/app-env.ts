// What each request carries through Hono's middleware and handlers (`c.var`), typed.
import type { Services } from '#src/platform/services.ts';

export type AppEnv = {
  Variables: {
    /** The process's services (server/boot.ts), set by the first middleware. */
    services: Services;
    /** Connection losses counted when the request began (a failure during it met a dead connection). */
    losses: number;
  };
};
