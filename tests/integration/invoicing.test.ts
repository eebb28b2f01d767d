// NF-e for every paid order, on PGlite and PostgreSQL: a paid order is invoiced by the real job runner with the
// embedded sandbox (valid access key, "Faturado", the e-mail, the timeline); a refused nota keeps the SEFAZ
// message and is retried once the product's NCM is fixed; Focus NFe v2 is spoken to its local fake (processing,
// authorised, refused, cancelled); a nota is cancelled within 24 hours of authorisation, and a return nota
// (CFOP 1202/2202, finalidade 4, referencing the sale's key) is issued after that.
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { moveOrder } from '#src/domain/orders/orders.server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { isValidAccessKey } from '#src/domain/invoicing/access-key.ts';
import { cancelInvoice, cancelInvoicedOrder, cancelledWithLiveNota, fiscalEventOfCancellation, issueReturnInvoice } from '#src/domain/invoicing/events.server.ts';
import { CANCELLED_ELSEWHERE } from '#src/domain/invoicing/jobs.server.ts';
import { createFocusNfeProvider } from '#src/domain/invoicing/focusnfe.server.ts';
import { invoiceOrder, retryInvoice } from '#src/domain/invoicing/issue.server.ts';
import type { InvoicingDeps } from '#src/domain/invoicing/provider.ts';
import { invoices } from '#src/domain/invoicing/schema.ts';
import { fiscalSettings } from '#src/domain/invoicing/settings.ts';
import { orderLines, orders } from '#src/domain/orders/schema.ts';
import { signWebhook } from '#src/domain/payments/provider.ts';
import type { JobRunner } from '#src/platform/job-runner.server.ts';
import { createTestApp, TEST_WEBHOOK_SECRET } from '../support/app.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';
import { FAKE_FOCUSNFE_TOKEN, startFakeFocusNfe } from '../support/fake-focusnfe.ts';
import { startTestJobs, until } from '../support/jobs.ts';
import { mailText } from '../support/accounts.ts';
import { order } from '../support/orders.ts';
import type { Placed } from '../support/orders.ts';

describe.each(DATABASE_KINDS)('NF-e on %s', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  let jobs: JobRunner;
  let focus: Awaited<ReturnType<typeof startFakeFocusNfe>>;
  let focusDeps: InvoicingDeps;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 40 });
    t = createTestApp(database);
    await database.db.update(products).set({ stock: 500 });
    jobs = await startTestJobs(database, t.services);
    focus = await startFakeFocusNfe();
    focusDeps = { provider: createFocusNfeProvider({ baseUrl: focus.url, token: FAKE_FOCUSNFE_TOKEN }), settings: fiscalSettings() };
  });
  afterAll(async () => {
    await jobs?.stop();
    await focus?.close();
    await database?.dispose();
  });

  const place = async (over: Record<string, unknown> = {}) => {
    const res = await t.request('POST', '/api/orders', order(over));
    const json = (await res.json()) as Placed & { erro?: string };
    expect(res.status, json.erro).toBe(201);
    return json.order;
  };
  const pay = async (number: string, totalCents: number) => {
    const payload = JSON.stringify({ event: 'payment.paid', orderNumber: number, amountCents: totalCents });
    expect((await t.request('POST', '/api/payments/webhook', payload, { 'x-olimpo-signature': signWebhook(TEST_WEBHOOK_SECRET, payload) })).status).toBe(200);
  };
  /** Paid without the webhook (so no sandbox job runs for it): for the Focus NFe cases, driven step by step. */
  const paidWithoutJob = async (number: string) => {
    await database.db.update(orders).set({ status: 'paid' }).where(eq(orders.number, number));
    return (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number)))[0]!.id;
  };
  const statusOf = async (number: string) => (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.number, number)))[0]!.status;
  const saleOf = async (orderId: number) => (await database.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id))[0]!;
  const idOf = async (number: string) => (await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number)))[0]!.id;
  const notes = async (number: string) =>
    (await queryRows<{ note: string | null }>(database.db, sql`select e.note from order_events e join orders o on o.id = e.order_id where o.number = ${number} order by e.id`)).map(
      (r) => r.note ?? '',
    );

  it('invoices a paid order with the sandbox: Faturado, a valid key, the e-mail and the timeline', async () => {
    const o = await place({ lines: [{ productId: 3, quantity: 2 }] });
    await pay(o.number, o.totalCents);
    await until(async () => (await statusOf(o.number)) === 'invoiced', 30_000, 'o pedido faturado');
    const nota = await saleOf(await idOf(o.number));
    expect(nota).toMatchObject({ kind: 'sale', status: 'authorized', provider: 'sandbox', series: 1, cfop: '5102', totalCents: o.totalCents });
    expect(isValidAccessKey(nota.accessKey!)).toBe(true);
    expect(nota.accessKey!.slice(0, 2)).toBe('35');
    expect(nota.accessKey!.slice(6, 20)).toBe('12345678000195');
    expect(Number(nota.accessKey!.slice(25, 34))).toBe(nota.number);
    // The item carries the product's seeded NCM and the buyer's CPF.
    const [product] = await database.db.select({ ncm: products.ncm }).from(products).where(eq(products.id, 3));
    expect(nota.nota!.items[0]).toMatchObject({ ncm: product!.ncm, cfop: '5102', quantity: 2 });
    expect(nota.nota!.destinatario.cpf).toBe('52998224725');
    expect((await notes(o.number)).some((n) => n.startsWith(`NF-e nº ${nota.number}, série 1, autorizada. Chave de acesso: `))).toBe(true);
    const mailFile = `${t.mailDir}/pedido-${o.number}-invoiced.eml`;
    await until(() => fs.existsSync(mailFile), 30_000, 'o e-mail da nota');
    const mail = mailText(fs.readFileSync(mailFile, 'utf8'));
    expect(mail).toContain(`Nota fiscal do pedido #${o.number}`);
    expect(mail).toContain('DANFE');
  });

  it('numbers the sandbox notas one after another (a database sequence)', async () => {
    const a = await place();
    const b = await place();
    await pay(a.number, a.totalCents);
    await pay(b.number, b.totalCents);
    await until(async () => (await statusOf(a.number)) === 'invoiced' && (await statusOf(b.number)) === 'invoiced', 30_000, 'os dois pedidos faturados');
    const numbers = [(await saleOf(await idOf(a.number))).number!, (await saleOf(await idOf(b.number))).number!];
    expect(new Set(numbers).size).toBe(2);
  });

  it('keeps a refused nota with the SEFAZ message, and authorises it when retried after the NCM is fixed', async () => {
    await database.db.update(products).set({ ncm: '00000000' }).where(eq(products.id, 5));
    const o = await place({ lines: [{ productId: 5, quantity: 1 }] });
    await pay(o.number, o.totalCents);
    const id = await idOf(o.number);
    await until(async () => (await saleOf(id).catch(() => null))?.status === 'refused', 30_000, 'a nota recusada');
    expect((await saleOf(id)).message).toMatch(/Rejeição 778: Informado NCM inexistente/);
    expect(await statusOf(o.number)).toBe('paid');
    expect((await notes(o.number)).some((n) => n.startsWith('NF-e recusada: Rejeição 778'))).toBe(true);
    const firstNumber = (await saleOf(id)).number;

    await database.db.update(products).set({ ncm: '87083090' }).where(eq(products.id, 5));
    expect(await retryInvoice(database.db, o.number, t.services.invoicing)).toEqual({ ok: true, message: 'Nota fiscal autorizada.' });
    const nota = await saleOf(id);
    expect(nota).toMatchObject({ status: 'authorized', message: null, number: firstNumber, attempts: 2 });
    expect(await statusOf(o.number)).toBe('invoiced');
  });

  it('speaks Focus NFe v2: sends the nota, asks until authorised, and keeps its key, number and files', async () => {
    const o = await place({ lines: [{ productId: 7, quantity: 1 }], address: { cep: '20040002', street: 'Av. Rio Branco', number: '1', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' } });
    const id = await paidWithoutJob(o.number);
    expect(await invoiceOrder(database.db, id, focusDeps)).toEqual({ status: 'processing' });
    const post = focus.requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/v2/nfe');
    expect(post.body).toMatchObject({
      natureza_operacao: 'Venda de mercadoria',
      tipo_documento: 1,
      finalidade_emissao: 1,
      cnpj_emitente: '12345678000195',
      nome_destinatario: 'Maria da Silva',
      cpf_destinatario: '52998224725',
      uf_destinatario: 'RJ',
      modalidade_frete: 0,
      valor_total: (o.totalCents / 100).toFixed(2),
      valor_frete: (o.shippingCents / 100).toFixed(2),
    });
    expect(post.body.items[0]).toMatchObject({ numero_item: 1, cfop: '6102', quantidade_comercial: 1, icms_situacao_tributaria: '102', unidade_comercial: 'UN' });
    expect(post.body.items[0].codigo_ncm).toMatch(/^\d{8}$/);
    expect(post.body.formas_pagamento).toEqual([{ forma_pagamento: '17', valor_pagamento: (o.totalCents / 100).toFixed(2) }]);
    expect((await saleOf(id)).status).toBe('processing');

    expect(await invoiceOrder(database.db, id, focusDeps)).toEqual({ status: 'authorized' });
    const nota = await saleOf(id);
    expect(nota).toMatchObject({ status: 'authorized', provider: 'focusnfe', ref: `pedido-${o.number}`, series: 1 });
    expect(isValidAccessKey(nota.accessKey!)).toBe(true);
    expect(nota.xmlPath).toMatch(/-nfe\.xml$/);
    expect(focusDeps.provider.fileUrl(nota.danfePath!)).toBe(`${focus.url}${nota.danfePath}`);
    expect(await statusOf(o.number)).toBe('invoiced');
  });

  it('keeps a Focus NFe refusal (erro_autorizacao) and sends the same ref again once fixed', async () => {
    await database.db.update(products).set({ ncm: '87089990' }).where(eq(products.id, 8));
    focus.refusedNcms.add('87089990');
    const o = await place({ lines: [{ productId: 8, quantity: 1 }] });
    const id = await paidWithoutJob(o.number);
    await invoiceOrder(database.db, id, focusDeps);
    expect(await invoiceOrder(database.db, id, focusDeps)).toEqual({ status: 'refused', message: 'Rejeição: Informado NCM inexistente [nItem:1]' });
    // The job leaves a refused nota alone: the data must be fixed first.
    expect((await invoiceOrder(database.db, id, focusDeps)).status).toBe('skipped');
    focus.refusedNcms.clear();
    expect(await retryInvoice(database.db, o.number, focusDeps)).toEqual({ ok: true, message: 'Nota fiscal enviada; aguardando a autorização da SEFAZ.' });
    expect(await invoiceOrder(database.db, id, focusDeps)).toEqual({ status: 'authorized' });
    // The same ref both times: Focus NFe takes a refused ref again.
    expect(focus.requests.filter((r) => r.method === 'POST').length).toBeGreaterThanOrEqual(2);
    expect((await saleOf(id)).ref).toBe(`pedido-${o.number}`);
  });

  it('cancels a nota within 24 hours of authorisation (Focus NFe DELETE with the justificativa), not after', async () => {
    const o = await place({ lines: [{ productId: 9, quantity: 1 }] });
    const id = await paidWithoutJob(o.number);
    await invoiceOrder(database.db, id, focusDeps);
    await invoiceOrder(database.db, id, focusDeps);
    expect(await cancelInvoice(database.db, id, 'curta', focusDeps)).toEqual({ ok: false, message: 'A justificativa deve ter ao menos 15 caracteres.' });
    const late = new Date(Date.now() + 25 * 3600_000);
    expect((await cancelInvoice(database.db, id, 'Cliente desistiu da compra antes do envio', focusDeps, late)).message).toMatch(/mais de 24 horas/);
    expect(await cancelInvoice(database.db, id, 'Cliente desistiu da compra antes do envio', focusDeps)).toEqual({ ok: true, message: 'Nota fiscal cancelada.' });
    const del = focus.requests.filter((r) => r.method === 'DELETE').at(-1)!;
    expect(del).toMatchObject({ path: `/v2/nfe/pedido-${o.number}`, body: { justificativa: 'Cliente desistiu da compra antes do envio' } });
    expect((await saleOf(id)).status).toBe('cancelled');
    expect((await notes(o.number)).some((n) => n.startsWith('NF-e nº') && n.includes('cancelada: Cliente desistiu'))).toBe(true);
  });

  it('issues a return nota (devolução, CFOP 1202, the sale key referenced) for some units, never more than bought', async () => {
    const o = await place({ lines: [{ productId: 11, quantity: 3 }] });
    await pay(o.number, o.totalCents);
    await until(async () => (await statusOf(o.number)) === 'invoiced', 30_000, 'o pedido faturado');
    const id = await idOf(o.number);
    const sale = await saleOf(id);
    const [line] = await database.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, id));
    const first = await issueReturnInvoice(database.db, { orderId: id, lines: [{ orderLineId: line!.id, quantity: 2 }] }, t.services.invoicing);
    expect(first).toMatchObject({ ok: true, message: 'Nota de devolução emitida.' });
    const [ret] = await database.db.select().from(invoices).where(eq(invoices.id, first.invoiceId!));
    expect(ret).toMatchObject({ kind: 'return', status: 'authorized', cfop: '1202', referencedKey: sale.accessKey });
    expect(ret!.nota).toMatchObject({ finalidade: 4, naturezaOperacao: 'Devolução de mercadoria', referencedKey: sale.accessKey });
    expect(ret!.nota!.items[0]!.quantity).toBe(2);
    expect(isValidAccessKey(ret!.accessKey!)).toBe(true);
    expect(await issueReturnInvoice(database.db, { orderId: id, lines: [{ orderLineId: line!.id, quantity: 2 }] }, t.services.invoicing)).toMatchObject({ ok: false });
    expect(await issueReturnInvoice(database.db, { orderId: id, lines: [{ orderLineId: line!.id, quantity: 1 }] }, t.services.invoicing)).toMatchObject({ ok: true });
    expect((await notes(o.number)).filter((n) => n.startsWith('Nota de devolução nº')).length).toBe(2);
  });

  it('cancelling an invoiced order cancels its nota within 24 hours, and issues a return nota after that', async () => {
    const fresh = await place({ lines: [{ productId: 12, quantity: 1 }] });
    await pay(fresh.number, fresh.totalCents);
    await until(async () => (await statusOf(fresh.number)) === 'invoiced', 30_000, 'o pedido faturado');
    const r1 = await cancelInvoicedOrder(database.db, fresh.number, {
      reason: 'Cliente pediu o cancelamento',
      deps: t.services.invoicing,
      provider: t.services.checkout.provider,
      jobs,
      catalogChanges: t.services.catalogChanges,
    });
    expect(r1).toMatchObject({ ok: true, fiscal: 'Nota fiscal cancelada.' });
    expect(await statusOf(fresh.number)).toBe('cancelled');
    expect((await saleOf(await idOf(fresh.number))).status).toBe('cancelled');

    const old = await place({ lines: [{ productId: 13, quantity: 2 }] });
    await pay(old.number, old.totalCents);
    await until(async () => (await statusOf(old.number)) === 'invoiced', 30_000, 'o pedido faturado');
    const oldId = await idOf(old.number);
    await database.db
      .update(invoices)
      .set({ authorizedAt: new Date(Date.now() - 30 * 3600_000) })
      .where(eq(invoices.orderId, oldId));
    const r2 = await cancelInvoicedOrder(database.db, old.number, { deps: t.services.invoicing, provider: t.services.checkout.provider, jobs, catalogChanges: t.services.catalogChanges });
    expect(r2).toMatchObject({ ok: true, fiscal: 'Nota de devolução emitida.' });
    const all = await database.db.select().from(invoices).where(eq(invoices.orderId, oldId)).orderBy(invoices.id);
    expect(all.map((i) => [i.kind, i.status])).toEqual([
      ['sale', 'authorized'],
      ['return', 'authorized'],
    ]);
    expect(all[1]!.nota!.items[0]!.quantity).toBe(2);
  });

  it("writes the nota's lines as fiscal events: a delivered order's return nota keeps its delivery, a cancelled order keeps its reason", async () => {
    const events = async (number: string) =>
      queryRows<{ status: string; note: string | null }>(database.db, sql`select e.status, e.note from order_events e join orders o on o.id = e.order_id where o.number = ${number} order by e.id`);
    const o = await place({ lines: [{ productId: 14, quantity: 1 }] });
    await pay(o.number, o.totalCents);
    await until(async () => (await statusOf(o.number)) === 'invoiced', 30_000, 'o pedido faturado');
    const id = await idOf(o.number);
    for (const to of ['picking', 'shipped', 'delivered'] as const) expect(await moveOrder(database.db, o.number, to, { trackingCode: 'AA123456789BR', jobs })).toMatchObject({ ok: true });
    const [line] = await database.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, id));
    expect(await issueReturnInvoice(database.db, { orderId: id, lines: [{ orderLineId: line!.id, quantity: 1 }] }, t.services.invoicing)).toMatchObject({ ok: true });
    const delivered = (await events(o.number)).filter((e) => e.status === 'delivered');
    expect(delivered).toHaveLength(1);
    expect((await events(o.number)).filter((e) => e.note?.startsWith('Nota de devolução')).map((e) => e.status)).toEqual(['fiscal', 'fiscal']);

    const c = await place({ lines: [{ productId: 15, quantity: 1 }] });
    await pay(c.number, c.totalCents);
    await until(async () => (await statusOf(c.number)) === 'invoiced', 30_000, 'o pedido faturado');
    expect(
      await cancelInvoicedOrder(database.db, c.number, {
        reason: 'Cliente pediu o cancelamento',
        deps: t.services.invoicing,
        provider: t.services.checkout.provider,
        jobs,
        catalogChanges: t.services.catalogChanges,
      }),
    ).toMatchObject({
      ok: true,
    });
    const cancelled = (await events(c.number)).filter((e) => e.status === 'cancelled');
    expect(cancelled).toHaveLength(1);
    expect((await events(c.number)).find((e) => e.note?.includes('cancelada:'))?.status).toBe('fiscal');
  });

  it('an invoiced order cancelled outside the back office (a refund at the gateway) gets its fiscal event from the sweep, once', async () => {
    const o = await place({ lines: [{ productId: 14, quantity: 1 }] });
    await pay(o.number, o.totalCents);
    await until(async () => (await statusOf(o.number)) === 'invoiced', 30_000, 'o pedido faturado');
    const id = await idOf(o.number);
    // As the gateway's refund webhook does: the order cancelled, the nota left standing.
    expect(await moveOrder(database.db, o.number, 'cancelled', { note: 'Pagamento estornado no Mercado Pago.', jobs, catalogChanges: t.services.catalogChanges })).toEqual({ ok: true });
    // Just cancelled: the back office may be giving it its event now; the sweep waits.
    expect(await cancelledWithLiveNota(database.db)).not.toContain(id);
    await database.db.execute(sql`update orders set updated_at = now() - interval '5 minutes' where id = ${id}`);
    expect(await cancelledWithLiveNota(database.db)).toContain(id);
    expect(await fiscalEventOfCancellation(database.db, id, CANCELLED_ELSEWHERE, t.services.invoicing)).toMatchObject({ ok: true, message: 'Nota fiscal cancelada.' });
    expect((await saleOf(id)).status).toBe('cancelled');
    expect(await cancelledWithLiveNota(database.db)).not.toContain(id);
  });
});
