// OlimpIA quotes freight through the checkout's own shipping module: with the table, the spec's options for
// any CEP; with Melhor Envio (a local fake of its API), the carriers' prices for the CEP asked, the same the
// product page shows and the order charges; and without a CEP it asks for one instead of quoting the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '#src/domain/assistant/engine.server.ts';
import { CEP_FOR_FREIGHT } from '#src/domain/assistant/act/freight.server.ts';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { orderTotals } from '#src/domain/pricing/pricing.ts';
import { createMelhorEnvioProvider } from '#src/domain/shipping/melhorenvio.server.ts';
import { productFreight } from '#src/domain/shipping/quote.server.ts';
import { createShippingService, createTableShipping } from '#src/domain/shipping/service.ts';
import type { ShippingService } from '#src/domain/shipping/service.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { FAKE_MELHORENVIO_TOKEN, startFakeMelhorEnvio } from '../support/fake-melhorenvio.ts';

const MANAUS = '69005000';
const SAO_PAULO = '01310100';
const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const brl = (cents: number) => plain(formatBRL(cents));

describe.each(DATABASE_KINDS)('OlimpIA freight on %s', (kind) => {
  let database: TestDatabase;
  let fake: Awaited<ReturnType<typeof startFakeMelhorEnvio>>;
  let carriers: ShippingService;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 40 });
    fake = await startFakeMelhorEnvio();
    const provider = createMelhorEnvioProvider({ baseUrl: fake.url, token: FAKE_MELHORENVIO_TOKEN, userAgent: 'Olimpo Pecas (atendimento@olimpopecas.com.br)' });
    carriers = createShippingService(provider, { originCep: SAO_PAULO }, { timeoutMs: 2000, cacheSeconds: 0 });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.dispose();
  });

  const ask = async (shipping: ShippingService, content: string, pageProductId: number | null = 1) =>
    plain((await answer({ db: database.db, viewer: { userId: null }, pageProductId, shipping }, [{ sender: 'user', content }])).resposta);

  it("with the table, a CEP gets the checkout's two options and their delays", async () => {
    const reply = await ask(createTableShipping(), 'qual o frete pra 01310-100?');
    expect(reply).toContain('CEP 01310-100');
    expect(reply).toContain('Envio Padrão: R$ 15,90, 5-7 dias úteis');
    expect(reply).toContain('Envio Expresso: R$ 29,90, 2-3 dias úteis');
  });

  it("with Melhor Envio, quotes the product page's carrier prices for the CEP asked, and Manaus pays more than São Paulo", async () => {
    const manaus = await productFreight(carriers, database.db, { productId: 1, cep: MANAUS, now: new Date() });
    const sp = await productFreight(carriers, database.db, { productId: 1, cep: SAO_PAULO, now: new Date() });
    const replyManaus = await ask(carriers, 'quanto fica o frete desse pra 69005-000?');
    const replySp = await ask(carriers, 'quanto fica o frete desse pra 01310-100?');
    for (const o of manaus.options) expect(replyManaus).toContain(`${brl(o.priceCents)}, ${o.days}`);
    for (const o of sp.options) expect(replySp).toContain(`${brl(o.priceCents)}, ${o.days}`);
    expect(replyManaus).not.toContain('R$ 15,90');
    expect(manaus.options[0]!.priceCents).toBeGreaterThan(sp.options[0]!.priceCents);
  });

  it('with Melhor Envio and no CEP, asks for the CEP instead of quoting the table', async () => {
    expect(await ask(carriers, 'qual o valor do frete?', null)).toContain(CEP_FOR_FREIGHT);
    expect(await ask(carriers, 'quanto fica esse com frete expresso no pix?')).toContain(CEP_FOR_FREIGHT);
  });

  it("a total with express shipping and PIX adds the carrier's fastest option for that CEP, as the order would charge", async () => {
    const p = (await getProduct(database.db, 1))!;
    const quote = await productFreight(carriers, database.db, { productId: 1, cep: MANAUS, now: new Date() });
    const fastest = [...quote.options].sort((a, b) => a.maxDays - b.maxDays || a.priceCents - b.priceCents)[0]!;
    const total = orderTotals([{ unitPriceCents: p.priceCents, quantity: 1 }], { shippingCents: fastest.priceCents, payment: 'pix' }).totalCents;
    const reply = await ask(carriers, 'quanto fica esse com frete expresso no pix pro cep 69005-000?');
    expect(reply).toContain(`Com ${fastest.label} (${brl(fastest.priceCents)}`);
    expect(reply).toContain(`No PIX, o total fica ${brl(total)}`);
  });

  it('the chat API quotes with the shipping service the app runs with', async () => {
    const t = createTestApp(database, { shipping: carriers });
    const res = await t.request('POST', '/api/chat', { mensagens: [{ sender: 'user', content: 'qual o frete pra 69005-000?' }], contexto: { productId: 1 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { resposta: string };
    const quote = await productFreight(carriers, database.db, { productId: 1, cep: MANAUS, now: new Date() });
    expect(plain(body.resposta)).toContain(`${brl(quote.options[0]!.priceCents)}, ${quote.options[0]!.days}`);
  });
});
