// The access-control files' shared world, on one real built server per database: five accounts (the owner of
// an order, an address and a profile; another shopper; two sellers with a product each; an admin), the owner's
// order, profile and saved cart, a seller application, and a snapshot of every row taken once all of it exists.
// `call` sends as an actor (each request from an address of its own, so per-IP limits never mix actors up).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { addAddress } from '#src/domain/accounts/addresses.server.ts';
import { submitSellerApplication } from '#src/domain/accounts/sellers.server.ts';
import { createProduct } from '#src/domain/catalog/admin.server.ts';
import { parseProductForm } from '#src/domain/catalog/product-form.ts';
import { createAccounts, randomIp, signIn } from './accounts.ts';
import type { Account } from './accounts.ts';
import { createServerDatabase, dumpAllRows, rows } from './databases.ts';
import type { Kind, ServerDatabase } from './databases.ts';
import { AppServer } from './server.ts';

export type ActorKey = 'visitante' | 'dono' | 'outro cliente' | 'vendedor' | 'outro vendedor' | 'admin';
export const ACTORS: ActorKey[] = ['visitante', 'dono', 'outro cliente', 'vendedor', 'outro vendedor', 'admin'];

// Markers only the owner's data contains: a page or answer showing them to anyone else leaks.
export const OWNER_STREET = 'Rua Exclusiva do Dono';
export const OWNER_CPF = '529.982.247-25';
export const PRODUCT = {
  titulo: 'Pastilha Controle de Acesso',
  descricao: 'Produto do vendedor para a tabela de acesso.',
  valorantigo: '200,00',
  valoratual: '150,00',
  desconto: '',
  valordesconto: '',
  categoria: 'freios',
  marca: 'Bosch',
  veiculo: 'carros',
  estado: 'novo',
  estoque: '7',
  foto_url: 'https://fotos.example.com/acesso.jpg',
};

export interface AccessFixture {
  readonly server: AppServer;
  readonly accounts: Record<string, Account>;
  /** The owner's address, both sellers' products, the stranger's seller application, the owner's order. */
  readonly ids: { ownerAddress: number; product: number; otherProduct: number; application: number; order: string; orderToken: string };
  /** The data folder (uploads live in `uploads/produtos`). */
  readonly dataDir: string;
  /** Every row (but bookkeeping no refused request is responsible for), sorted, once the world exists. */
  readonly before: string[];
  call(actor: ActorKey, method: string, url: string, body?: { json?: unknown; form?: Record<string, string> }): Promise<Response>;
  /** The product photos stored so far (file names). */
  uploads(): string[];
  dump(): Promise<string[]>;
}

/** Registers the file's hooks for `kind` (call it inside `describe`) and returns the world its tests use. */
export function useAccessFixture(kind: Kind): AccessFixture {
  let database: ServerDatabase;
  let server: AppServer;
  let dataDir: string;
  let accounts: Record<string, Account>;
  const ids = { ownerAddress: 0, product: 0, otherProduct: 0, application: 0, order: '', orderToken: '' };
  let before: string[];

  const cookieOf = (actor: ActorKey) =>
    ({
      visitante: '',
      dono: accounts.owner!.cookie,
      'outro cliente': accounts.stranger!.cookie,
      vendedor: accounts.seller!.cookie,
      'outro vendedor': accounts.seller2!.cookie,
      admin: accounts.admin!.cookie,
    })[actor];
  const call = (actor: ActorKey, method: string, url: string, body?: { json?: unknown; form?: Record<string, string> }) => {
    const headers: Record<string, string> = { origin: server.url, 'x-forwarded-for': randomIp() };
    if (cookieOf(actor)) headers.cookie = cookieOf(actor);
    let payload: string | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    }
    return server.fetch(url, { method, headers, body: payload });
  };
  const uploads = () => {
    const dir = path.join(dataDir, 'uploads', 'produtos');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const dump = async () => {
    if (kind === 'pglite') await server.stop();
    // rate_limit_buckets counts refused attempts by design; order_emails is the outbox, which the job runner
    // marks sent in the background after the order placed in beforeAll. Audit rows of permitted reads (an admin
    // looking at customers) are not writes, nor is the job runner's own bookkeeping (pg-boss refreshes its
    // queue, instance and maintenance rows on boot and on a timer).
    const ignored = (table: string) => table === 'public.rate_limit_buckets' || table === 'public.order_emails' || table === 'public.customer_record_views' || table.startsWith('pgboss.');
    const all = (await database.use(dumpAllRows)).filter((r) => !ignored(r.table)).map((r) => `${r.table}:${r.text}`);
    if (kind === 'pglite') await server.start();
    return all.sort();
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-rel-access-'));
    let made: Record<string, Account> = {};
    database = await createServerDatabase(kind, {
      seedProducts: 10,
      prepare: async (db) => {
        made = await createAccounts(db, { owner: 'customer', stranger: 'customer', seller: 'seller', seller2: 'seller', admin: 'admin' });
        const a = await addAddress(db, made.owner!.id, {
          nome: 'Dono Do Pedido',
          celular: '11987654321',
          cep: '01305000',
          rua: OWNER_STREET,
          numero: '42',
          complemento: '',
          bairro: 'Consolação',
          cidade: 'São Paulo',
          estado: 'SP',
        });
        if (!a.ok) throw new Error(a.message);
        ids.ownerAddress = a.address.id;
        const product = parseProductForm(PRODUCT);
        if (!product.ok) throw new Error(JSON.stringify(product.errors));
        ids.product = await createProduct(db, null, made.seller!.id, product.value, { url: PRODUCT.foto_url, width: 600, height: 600 });
        ids.otherProduct = await createProduct(db, null, made.seller2!.id, { ...product.value, title: 'Produto do Outro Vendedor' }, { url: PRODUCT.foto_url, width: 600, height: 600 });
        const applied = await submitSellerApplication(db, made.stranger!.id, {
          nome: 'Outro Cliente',
          email: 'outro@example.com',
          cpf: '11144477735',
          celular: '11987654321',
          endereco: 'Rua B, 1',
          bairro: 'Centro',
          cidade: 'São Paulo',
          cep: '01305000',
        });
        if (!applied.ok) throw new Error(applied.message);
        ids.application = (await rows<{ id: number }>(db, sql`select id from seller_applications order by id desc limit 1`))[0]!.id;
      },
    });
    accounts = made;
    server = await AppServer.create({ ...database.server, env: { TRUST_PROXY: 'true', LOG_LEVEL: 'warn', ...(kind === 'postgres' ? { DATA_DIR: dataDir } : {}) } });
    if (kind === 'pglite') dataDir = database.server.dataDir!;
    await server.start();
    for (const a of Object.values(accounts)) await signIn(server, a);
    // The owner's order, placed signed in, and a profile with the owner's CPF.
    const placed = await call('dono', 'POST', '/api/orders', {
      json: {
        idempotencyKey: crypto.randomUUID(),
        email: accounts.owner!.email,
        lines: [{ productId: 2, quantity: 1 }],
        address: { cep: '01305000', street: OWNER_STREET, number: '42', neighborhood: 'Consolação', city: 'São Paulo', state: 'SP' },
        shipping: 'standard',
        payment: 'pix',
        installments: 1,
        customer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
      },
    });
    const body = (await placed.json()) as { order: { number: string }; accessToken: string };
    expect(placed.status).toBe(201);
    ids.order = body.order.number;
    ids.orderToken = body.accessToken;
    const profile = await call('dono', 'POST', '/Informacoes', {
      form: {
        nome: 'Dono Do Pedido',
        email: accounts.owner!.email,
        cpf: OWNER_CPF,
        celular: '(11) 98765-4321',
        endereco: `${OWNER_STREET}, 42`,
        bairro: 'Consolação',
        cidade: 'São Paulo',
        cep: '01305-000',
      },
    });
    expect(profile.status, await profile.text()).toBe(302);
    const cart = await call('dono', 'PUT', '/api/account/cart', { json: { items: [{ id: 3, quantity: 2, cor: 'Cor-Do-Dono' }] } });
    expect(cart.status).toBe(200);
    await cart.arrayBuffer();
    before = await dump();
  });

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    if (kind === 'postgres') fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get server() {
      return server;
    },
    get accounts() {
      return accounts;
    },
    ids,
    get dataDir() {
      return dataDir;
    },
    get before() {
      return before;
    },
    call,
    uploads,
    dump,
  };
}
