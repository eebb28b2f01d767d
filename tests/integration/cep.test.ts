// The CEP lookup API through the real ViaCEP client, against a local fake ViaCEP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createViaCepClient } from '#src/domain/shipping/viacep.server.ts';
import { createTestDatabase } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { createTestApp } from '../support/app.ts';
import { startFakeViaCep } from '../support/fake-viacep.ts';

describe('GET /api/cep/:cep', () => {
  let fake: Awaited<ReturnType<typeof startFakeViaCep>>;
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    fake = await startFakeViaCep();
    database = await createTestDatabase('pglite');
    t = createTestApp(database, { viaCepUrl: fake.url });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.dispose();
  });

  it('returns the address ViaCEP knows, and caches it', async () => {
    const res = await t.request('GET', '/api/cep/01001000');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ street: 'Praça da Sé', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' });
    const before = fake.requests.length;
    await t.request('GET', '/api/cep/01001000');
    expect(fake.requests.length).toBe(before);
  });

  it('says "CEP não encontrado" when ViaCEP reports erro as a string or a boolean', async () => {
    for (const cep of ['99999999', '88888888']) {
      const res = await t.request('GET', `/api/cep/${cep}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ erro: 'CEP não encontrado' });
    }
  });

  it('refuses a malformed CEP without calling ViaCEP', async () => {
    const before = fake.requests.length;
    const res = await t.request('GET', '/api/cep/0100');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ erro: 'Digite um CEP válido com 8 números.' });
    expect(fake.requests.length).toBe(before);
  });

  it('lets the shopper type the address when ViaCEP fails or hangs', async () => {
    const res = await t.request('GET', '/api/cep/50000000');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { erro: string }).erro).toMatch(/Preencha o endereço manualmente/);
    const client = createViaCepClient({ baseUrl: fake.url, timeoutMs: 300 });
    const started = Date.now();
    expect(await client.lookup('40000000')).toEqual({ status: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
