// The order's background work against the real built server (`node server/main.js`, its job runner
// started by it): a kill -9 between the orders' commit and their e-mails still sends each e-mail exactly
// once after the restart; unpaid PIX orders expire after PIX_EXPIRY_MINUTES=1 and give their stock back
// exactly once, also with two instances running the runner on one PostgreSQL; and a production start
// with an https PUBLIC_URL refuses the sandbox's default payment settings.
// Most of the file waits on the clock (the one-minute PIX, the e-mails' one-minute lease and sweep), not on
// the processor: its blocks run concurrently, so the file takes about as long as its longest wait.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#src/domain/catalog/schema.ts';
import { createServerDatabase, DATABASE_KINDS, rows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer, sleep } from './support/server.ts';

const address = { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
const customer = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };
const PRODUCT = 6;
const STOCK = 100;

async function placePix(server: AppServer, email: string, quantity = 2): Promise<string> {
  const res = await server.fetch('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idempotencyKey: crypto.randomUUID(), email, lines: [{ productId: PRODUCT, quantity }], address, shipping: 'standard', payment: 'pix', installments: 1, customer }),
  });
  const body = (await res.json()) as { order?: { number: string }; erro?: string };
  expect(res.status, body.erro).toBe(201);
  return body.order!.number;
}

/** The .eml files of every mail folder, by name (one file per message key: pedido-<n>-<kind>.eml). */
const mailFiles = (dirs: string[]) => dirs.flatMap((d) => (fs.existsSync(d) ? fs.readdirSync(d) : []));

async function waitFor(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`tempo esgotado: ${what}`);
    await sleep(500);
  }
}

describe.concurrent('order background work through the built server', () => {
  describe.each(DATABASE_KINDS)('order e-mails and expiry through the runner on %s', (kind) => {
    let database: ServerDatabase;
    let server: AppServer;
    let dataDir: string;
    beforeAll(async () => {
      database = await createServerDatabase(kind, {
        seedProducts: 20,
        prepare: async (db) => void (await db.update(products).set({ stock: STOCK }).where(eq(products.id, PRODUCT))),
      });
      // PGlite keeps the mail beside its data; PostgreSQL runs get a folder of their own.
      dataDir = database.server.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-rel-mail-'));
      server = await AppServer.create({ ...database.server, env: { DATA_DIR: dataDir, PIX_EXPIRY_MINUTES: '1' } });
    }, 240_000);
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
      if (!database?.server.dataDir && dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('kill -9 between the orders commit and their e-mails: after the restart each e-mail is sent exactly once, and the PIX expiry still happens', async () => {
      // The first process sends through an SMTP server that accepts the connection and never answers: its relay
      // is in the middle of sending the confirmations (each taken with its lease) when it is killed.
      const blackHole = net.createServer(() => {});
      await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
      const smtp = `smtp://127.0.0.1:${(blackHole.address() as net.AddressInfo).port}`;
      const mailDir = path.join(dataDir, 'mail');
      const numbers: string[] = [];
      let placedAt: number;
      try {
        await server.start(60_000, { SMTP_URL: smtp });
        for (let i = 0; i < 6; i++) numbers.push(await placePix(server, `queda${i}@example.com`));
        placedAt = Date.now();
        // The relay takes them within milliseconds of each answer (PGlite's folder cannot be read meanwhile).
        await sleep(1000);
        await server.kill9();
      } finally {
        blackHole.close();
      }
      expect(mailFiles([mailDir]).filter((f) => numbers.some((n) => f === `pedido-${n}-confirmation.eml`))).toEqual([]);

      // Restarted with the .eml folder: the dead process's leases run out and the minute's sweep hands each
      // e-mail to a job.
      await server.start();
      await waitFor(() => numbers.every((n) => fs.existsSync(path.join(mailDir, `pedido-${n}-confirmation.eml`))), 180_000, 'os e-mails de confirmação');
      const confirmations = mailFiles([mailDir]).filter((f) => f.endsWith('-confirmation.eml'));
      for (const n of numbers) expect(confirmations.filter((f) => f.includes(n))).toHaveLength(1);
      for (const n of numbers) expect(fs.readFileSync(path.join(mailDir, `pedido-${n}-confirmation.eml`), 'utf8')).toContain(`To: queda${numbers.indexOf(n)}@example.com`);

      // PIX_EXPIRY_MINUTES=1: a minute after the orders their stock is back, each order cancelled once, one e-mail each.
      await waitFor(() => numbers.every((n) => fs.existsSync(path.join(mailDir, `pedido-${n}-cancelled.eml`))), 150_000, 'a expiração dos PIX');
      expect(Date.now() - placedAt!).toBeGreaterThan(55_000);
      if (kind === 'pglite') await server.stop();
      const state = await database.use(async (db) => ({
        stock: (await db.select({ stock: products.stock }).from(products).where(eq(products.id, PRODUCT)))[0]!.stock,
        orders: await rows<{ status: string; cancels: number; unsent: number }>(
          db,
          sql`select o.status, (select count(*)::int from order_events e where e.order_id = o.id and e.status = 'cancelled' and e.note = 'pagamento não confirmado no prazo') as cancels,
                   (select count(*)::int from order_emails m where m.order_id = o.id and m.sent_at is null) as unsent
            from orders o where o.number in ${numbers}`,
        ),
      }));
      expect(state.stock).toBe(STOCK);
      expect(state.orders).toHaveLength(numbers.length);
      for (const o of state.orders) expect(o).toEqual({ status: 'cancelled', cancels: 1, unsent: 0 });
      expect(mailFiles([mailDir]).filter((f) => numbers.some((n) => f.startsWith(`pedido-${n}-`)))).toHaveLength(numbers.length * 2);
    }, 360_000);
  });

  describe.runIf(DATABASE_KINDS.includes('postgres'))('PIX expiry with two instances running the runner on one PostgreSQL', () => {
    let database: ServerDatabase;
    let a: AppServer;
    let b: AppServer;
    const dirs: string[] = [];
    beforeAll(async () => {
      database = await createServerDatabase('postgres', {
        seedProducts: 20,
        prepare: async (db) => void (await db.update(products).set({ stock: STOCK }).where(eq(products.id, PRODUCT))),
      });
      for (let i = 0; i < 2; i++) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-rel-mail-')));
      a = await AppServer.create({ ...database.server, env: { DATA_DIR: dirs[0]!, PIX_EXPIRY_MINUTES: '1' } });
      b = await AppServer.create({ ...database.server, env: { DATA_DIR: dirs[1]!, PIX_EXPIRY_MINUTES: '1' } });
      await Promise.all([a.start(), b.start()]);
    }, 240_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.dispose();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    });

    it('expires every order once: the stock comes back exactly, one cancellation and one e-mail per order', async () => {
      const numbers = await Promise.all(Array.from({ length: 10 }, (_, i) => placePix(i % 2 ? a : b, `duas${i}@example.com`, 3)));
      const held = await database.use(async (db) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, PRODUCT)))[0]!.stock);
      expect(held).toBe(STOCK - 30);
      const mailDirs = dirs.map((d) => path.join(d, 'mail'));
      await waitFor(() => numbers.every((n) => mailFiles(mailDirs).includes(`pedido-${n}-cancelled.eml`)), 150_000, 'a expiração dos PIX');
      // Let both runners (job and sweep) have their chance to double anything.
      await sleep(5000);
      const after = await database.use(async (db) => ({
        stock: (await db.select({ stock: products.stock }).from(products).where(eq(products.id, PRODUCT)))[0]!.stock,
        cancels: await rows<{ n: number }>(db, sql`select count(*)::int as n from order_events e join orders o on o.id = e.order_id where o.number in ${numbers} and e.status = 'cancelled'`),
        statuses: await rows<{ status: string }>(db, sql`select status from orders where number in ${numbers}`),
      }));
      expect(after.stock).toBe(STOCK);
      expect(after.cancels[0]!.n).toBe(numbers.length);
      expect(after.statuses.every((s) => s.status === 'cancelled')).toBe(true);
      for (const n of numbers) {
        expect(
          mailFiles(mailDirs).filter((f) => f === `pedido-${n}-cancelled.eml`),
          n,
        ).toHaveLength(1);
        expect(
          mailFiles(mailDirs).filter((f) => f === `pedido-${n}-confirmation.eml`),
          n,
        ).toHaveLength(1);
      }
    }, 300_000);
  });

  describe('a production start with an https PUBLIC_URL refuses the sandbox defaults', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-rel-env-'));
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const start = async (env: Record<string, string>) => {
      const server = await AppServer.create({ dataDir, env: { PUBLIC_URL: 'https://loja.exemplo.com.br', ...env } });
      // A fresh data folder is created and migrated on the first start: slow on a busy machine.
      const error = await server.start(120_000).then(
        () => null,
        (e: Error) => e.message,
      );
      await server.stop();
      return { error, output: server.output };
    };

    it('stops without PAYMENT_PROVIDER, and with the sandbox but a missing or default PAYMENT_WEBHOOK_SECRET, naming the variable in pt-BR', async () => {
      const none = await start({});
      expect(none.error).toMatch(/terminou ao iniciar/);
      expect(none.output).toMatch(/Configuração inválida[\s\S]*PAYMENT_PROVIDER: obrigatório com PUBLIC_URL https/);
      const missing = await start({ PAYMENT_PROVIDER: 'sandbox' });
      expect(missing.output).toMatch(/PAYMENT_WEBHOOK_SECRET: defina um segredo próprio/);
      const builtIn = await start({ PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: 'sandbox-webhook-secret-troque-em-producao' });
      expect(builtIn.output).toMatch(/PAYMENT_WEBHOOK_SECRET: defina um segredo próprio/);
      // Chosen by name with a secret of its own, the sandbox starts (a demo on https).
      const own = await start({ PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: crypto.randomBytes(24).toString('hex') });
      expect(own.error).toBeNull();
    }, 300_000);
  });
});
