// A client that leaves before its answer (a prefetch the browser drops when the shopper navigates, a closed
// tab): React Router gives up on the aborted request with a 500 that nobody receives. The server logged it as
// "request failed" at error level (seen in the e2e suite on /ProductView/…data after a card's hover prefetch);
// it is logged as abandoned, and the server goes on answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer, sleep } from './support/server.ts';

describe('requests the client abandons (PGlite, built server)', () => {
  let database: ServerDatabase;
  let server: AppServer;
  beforeAll(async () => {
    database = await createServerDatabase('pglite', { seedProducts: 30 });
    server = await AppServer.create({ ...database.server, env: { CATALOG_CACHE_SECONDS: '0', PAGE_CACHE_SECONDS: '0' } });
    await server.start();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('are logged as abandoned, never as failed requests, and the next ones are answered', async () => {
    const abandoned = () => server.output.split('\n').filter((l) => l.includes('request abandoned by the client')).length;
    // Forty pages and .data requests at once, all given up after 10 ms: the server is still working on most
    // of them (PGlite answers one statement at a time). Until several were abandoned mid-way.
    for (let round = 0; round < 20 && abandoned() < 5; round++) {
      const signal = AbortSignal.timeout(10);
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? `/ProductView/${1 + (i % 30)}.data` : `/ProductList?q=farol&pagina=${1 + (i % 3)}`)).map((path) =>
          server
            .fetch(path, { signal })
            .then((r) => r.arrayBuffer())
            .catch(() => null),
        ),
      );
      await sleep(100);
    }
    await sleep(200);
    expect(abandoned()).toBeGreaterThanOrEqual(5);
    expect(server.output).not.toContain('request failed');
    expect(server.output).toMatch(/"path":"\/(ProductView|ProductList)[^"]*","status":5\d\d,"ms":[\d.]+,"msg":"request abandoned by the client"/);
    const res = await server.fetch('/ProductView/1.data');
    expect(res.status).toBe(200);
  });
});
