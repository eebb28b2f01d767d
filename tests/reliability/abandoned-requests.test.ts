// A client that leaves before its answer (a prefetch the browser drops when the shopper navigates, a closed
// tab): React Router gives up on the aborted request with a 500 that nobody receives. The server logged it as
// "request failed" at error level (seen in the e2e suite on /ProductView/…data after a card's hover prefetch);
// it is logged as abandoned, and the server goes on answering.
//
// The requests are abandoned while their loader is surely running: the product page's freight (`?cep=`)
// waits on a ViaCEP that answers after 2 s, and the client leaves once ViaCEP has every lookup. A first
// version gave requests up after 10 ms, hoping the server was still working on them; on a fast machine it
// had answered most of them, and only 1 to 4 of 800 were abandoned mid-way (2026-11-26).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';
import { until } from '../support/jobs.ts';

const REQUESTS = 8;

/** ViaCEP (GET /ws/{cep}/json/) answering "not found" after `delayMs`; counts the lookups it received. */
function slowViaCep(delayMs: number): Promise<{ url: string; lookups: () => number; close: () => Promise<void> }> {
  let lookups = 0;
  const server = http.createServer((req, res) => {
    lookups++;
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ erro: 'true' })), delayMs);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        lookups: () => lookups,
        close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
      }),
    ),
  );
}

describe('requests the client abandons (PGlite, built server)', () => {
  let database: ServerDatabase;
  let server: AppServer;
  let viaCep: Awaited<ReturnType<typeof slowViaCep>>;
  beforeAll(async () => {
    viaCep = await slowViaCep(2000);
    database = await createServerDatabase('pglite', { seedProducts: 30 });
    server = await AppServer.create({ ...database.server, env: { CATALOG_CACHE_SECONDS: '0', PAGE_CACHE_SECONDS: '0', VIACEP_URL: viaCep.url } });
    await server.start();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    await viaCep?.close();
  });

  it('are logged as abandoned, never as failed requests, and the next ones are answered', async () => {
    const abandoned = () => server.output.split('\n').filter((l) => l.includes('request abandoned by the client')).length;
    // Product pages and their .data, each with a CEP of its own (the lookups are cached per CEP).
    const paths = Array.from({ length: REQUESTS }, (_, i) => `/ProductView/${1 + i}${i % 2 ? '.data' : ''}?cep=0131000${i}`);
    const client = new AbortController();
    const sent = Promise.all(
      paths.map((path) =>
        server
          .fetch(path, { signal: client.signal })
          .then((r) => r.arrayBuffer())
          .catch(() => null),
      ),
    );
    // Every loader is waiting on ViaCEP: the shopper leaves.
    await until(() => viaCep.lookups() >= REQUESTS, 10_000, 'as consultas ao ViaCEP');
    expect(viaCep.lookups()).toBe(REQUESTS);
    client.abort();
    await sent;
    await until(() => abandoned() >= REQUESTS, 10_000, 'os pedidos abandonados no log');
    expect(abandoned()).toBe(REQUESTS);
    expect(server.output).not.toContain('request failed');
    expect(server.output).toMatch(/"path":"\/ProductView\/\d+(\.data)?","status":5\d\d,"ms":[\d.]+,"msg":"request abandoned by the client"/);
    const res = await server.fetch('/ProductView/1.data');
    expect(res.status).toBe(200);
  });
});
