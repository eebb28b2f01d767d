// Access control, against the real built server on each database: a table of actors (a guest, the owner of
// the order/address/product, another shopper, a seller, another seller, an admin) × every endpoint that
// reads or changes something of someone (orders, saved cart, addresses, profile, LGPD export/deletion,
// seller products, the back office), API and pages alike. Refused writes change no row. Then uploads that
// are not images (SVG with a script, PHP or HTML renamed .jpg, a zero-byte file, a huge file, a polyglot)
// are refused in pt-BR and nothing is stored. hostile-input-and-private-data.test.ts keeps the guest × order-token matrix.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#src/domain/accounts/addresses.server.ts';
import { submitSellerApplication } from '#src/domain/accounts/sellers.server.ts';
import { createProduct } from '#src/domain/catalog/admin.server.ts';
import { parseProductForm } from '#src/domain/catalog/product-form.ts';
import { createAccounts, expectPageRefusal, randomIp, signIn } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { createServerDatabase, DATABASE_KINDS, dumpAllRows, rows } from './support/databases.ts';
import type { ServerDatabase } from './support/databases.ts';
import { AppServer } from './support/server.ts';

type ActorKey = 'visitante' | 'dono' | 'outro cliente' | 'vendedor' | 'outro vendedor' | 'admin';
const ACTORS: ActorKey[] = ['visitante', 'dono', 'outro cliente', 'vendedor', 'outro vendedor', 'admin'];

// Markers only the owner's data contains: a page or answer showing them to anyone else leaks.
const OWNER_STREET = 'Rua Exclusiva do Dono';
const OWNER_CPF = '529.982.247-25';
const PRODUCT = {
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

/**
 * What an endpoint must answer: 'ok' (2xx), 'login' (a page sends guests to sign in), 'unauthorized' (the
 * API's 401), 'forbidden' (403 page or answer), 'not-found' (404: an order or address that is not yours
 * does not exist for you).
 */
type Outcome = 'ok' | 'login' | 'unauthorized' | 'forbidden' | 'not-found';

describe.each(DATABASE_KINDS)('access control: actors × endpoints (%s)', (kind) => {
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
        ids.product = await createProduct(db, made.seller!.id, product.value, { url: PRODUCT.foto_url, width: 600, height: 600 });
        ids.otherProduct = await createProduct(db, made.seller2!.id, { ...product.value, title: 'Produto do Outro Vendedor' }, { url: PRODUCT.foto_url, width: 600, height: 600 });
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

  // --- the table ----------------------------------------------------------------------------------------------
  const customerPage = (a: ActorKey): Outcome => (a === 'visitante' ? 'login' : 'ok');
  const sellerPage = (a: ActorKey): Outcome => (a === 'visitante' ? 'login' : ['vendedor', 'outro vendedor', 'admin'].includes(a) ? 'ok' : 'forbidden');
  const adminPage = (a: ActorKey): Outcome => (a === 'visitante' ? 'login' : a === 'admin' ? 'ok' : 'forbidden');
  const signedApi = (a: ActorKey): Outcome => (a === 'visitante' ? 'unauthorized' : 'ok');
  const ownerOrAdmin = (a: ActorKey): Outcome => (a === 'dono' || a === 'admin' ? 'ok' : 'not-found');
  const ownerOnly = (a: ActorKey): Outcome => (a === 'dono' ? 'ok' : 'not-found');
  /** A write everyone but `allowed` must be refused; it is only sent by refused actors (nothing may change). */
  const refusedWrite = (allowed: (a: ActorKey) => Outcome) => (a: ActorKey) => allowed(a);
  /**
   * A write to the back office or a product form: the edge checks the session before reading the body, so a
   * guest gets the 401 page (with a link to sign in) rather than the action's redirect.
   */
  const guardedWrite =
    (allowed: (a: ActorKey) => Outcome) =>
    (a: ActorKey): Outcome =>
      a === 'visitante' ? 'unauthorized' : allowed(a);

  interface Endpoint {
    name: string;
    send: (a: ActorKey) => Promise<Response>;
    expected: (a: ActorKey) => Outcome;
    /** Writes are only sent by actors who must be refused. */
    write?: boolean;
    /** Text that only the owner (or whoever may see it) may find in the answer. */
    secret?: { text: () => string; mayContain: (a: ActorKey) => boolean };
  }

  const ENDPOINTS: Endpoint[] = [
    // Orders.
    { name: 'GET /api/orders/:n', send: (a) => call(a, 'GET', `/api/orders/${ids.order}`), expected: ownerOrAdmin },
    { name: 'GET /api/orders/:n/pix.svg', send: (a) => call(a, 'GET', `/api/orders/${ids.order}/pix.svg`), expected: ownerOrAdmin },
    { name: 'página /Pedidos/:n', send: (a) => call(a, 'GET', `/Pedidos/${ids.order}`), expected: ownerOrAdmin },
    { name: 'GET /api/orders (lista)', send: (a) => call(a, 'GET', '/api/orders'), expected: signedApi, secret: { text: () => ids.order, mayContain: (a) => a === 'dono' } },
    { name: 'GET /orders (lista do spec)', send: (a) => call(a, 'GET', '/orders'), expected: signedApi, secret: { text: () => ids.order, mayContain: (a) => a === 'dono' } },
    { name: 'página /Pedidos', send: (a) => call(a, 'GET', '/Pedidos'), expected: () => 'ok', secret: { text: () => ids.order, mayContain: (a) => a === 'dono' } },
    { name: 'página /HistoricoPedidos', send: (a) => call(a, 'GET', '/HistoricoPedidos'), expected: () => 'ok', secret: { text: () => ids.order, mayContain: (a) => a === 'dono' } },
    { name: 'POST /api/orders/:n/rating', send: (a) => call(a, 'POST', `/api/orders/${ids.order}/rating`, { json: { rating: 1 } }), expected: refusedWrite(ownerOnly), write: true },
    { name: 'POST /api/payments/sandbox/:n/pay', send: (a) => call(a, 'POST', `/api/payments/sandbox/${ids.order}/pay`), expected: refusedWrite(ownerOrAdmin), write: true },
    // The shopper's own data (no id in any URL: each answers for the session's user only).
    { name: 'GET /api/account', send: (a) => call(a, 'GET', '/api/account'), expected: signedApi, secret: { text: () => accounts.owner!.email, mayContain: (a) => a === 'dono' } },
    { name: 'GET /api/account/cart', send: (a) => call(a, 'GET', '/api/account/cart'), expected: signedApi, secret: { text: () => 'Cor-Do-Dono', mayContain: (a) => a === 'dono' } },
    { name: 'PUT /api/account/cart', send: (a) => call(a, 'PUT', '/api/account/cart', { json: { items: [] } }), expected: refusedWrite(signedApi), write: true },
    { name: 'POST /api/account/cart/merge', send: (a) => call(a, 'POST', '/api/account/cart/merge', { json: { items: [{ id: 4, quantity: 1 }] } }), expected: refusedWrite(signedApi), write: true },
    { name: 'GET /api/account/addresses', send: (a) => call(a, 'GET', '/api/account/addresses'), expected: signedApi, secret: { text: () => OWNER_STREET, mayContain: (a) => a === 'dono' } },
    { name: 'GET /api/account/export (LGPD)', send: (a) => call(a, 'GET', '/api/account/export'), expected: signedApi, secret: { text: () => OWNER_STREET, mayContain: (a) => a === 'dono' } },
    { name: 'DELETE /api/account (LGPD)', send: (a) => call(a, 'DELETE', '/api/account'), expected: refusedWrite(signedApi), write: true },
    { name: 'página /MinhaConta', send: (a) => call(a, 'GET', '/MinhaConta'), expected: customerPage, secret: { text: () => accounts.owner!.email, mayContain: (a) => a === 'dono' } },
    {
      name: 'POST /MinhaConta (excluir conta)',
      send: (a) => call(a, 'POST', '/MinhaConta', { form: { intent: 'excluir', confirmacao: 'EXCLUIR' } }),
      expected: refusedWrite(customerPage),
      write: true,
    },
    { name: 'página /Informacoes', send: (a) => call(a, 'GET', '/Informacoes'), expected: customerPage, secret: { text: () => OWNER_CPF, mayContain: (a) => a === 'dono' } },
    { name: 'página /CustomerForm', send: (a) => call(a, 'GET', '/CustomerForm'), expected: customerPage, secret: { text: () => OWNER_CPF, mayContain: (a) => a === 'dono' } },
    {
      name: 'POST /Informacoes',
      send: (a) =>
        call(a, 'POST', '/Informacoes', {
          form: { nome: 'Outra Pessoa', email: 'x@example.com', cpf: '111.444.777-35', celular: '(11) 98765-4321', endereco: 'Rua X, 1', bairro: 'B', cidade: 'C', cep: '01305-000' },
        }),
      expected: refusedWrite(customerPage),
      write: true,
    },
    { name: 'página /CriarFormulario', send: (a) => call(a, 'GET', '/CriarFormulario'), expected: customerPage, secret: { text: () => OWNER_STREET, mayContain: (a) => a === 'dono' } },
    // Somebody else's address id: not found for everyone but its owner (who is not asked: it would delete it).
    {
      name: 'POST /CriarFormulario (apagar endereço do dono)',
      send: (a) => call(a, 'POST', '/CriarFormulario', { form: { intent: 'apagar', id: String(ids.ownerAddress) } }),
      expected: (a) => (a === 'visitante' ? 'login' : a === 'dono' ? 'ok' : 'not-found'),
      write: true,
    },
    { name: 'página /SellerForm', send: (a) => call(a, 'GET', '/SellerForm'), expected: customerPage, secret: { text: () => OWNER_CPF, mayContain: (a) => a === 'dono' } },
    { name: 'página /garagem', send: (a) => call(a, 'GET', '/garagem'), expected: () => 'ok' },
    // Sellers.
    { name: 'página /CriarProduto', send: (a) => call(a, 'GET', '/CriarProduto'), expected: sellerPage },
    { name: 'POST /CriarProduto', send: (a) => call(a, 'POST', '/CriarProduto', { form: { ...PRODUCT, titulo: 'Produto Que Não Pode Existir' } }), expected: guardedWrite(sellerPage), write: true },
    { name: 'página /MeusProdutos', send: (a) => call(a, 'GET', '/MeusProdutos'), expected: sellerPage, secret: { text: () => PRODUCT.titulo, mayContain: (a) => a === 'vendedor' } },
    {
      name: 'página /MeusProdutos/:id (do vendedor)',
      send: (a) => call(a, 'GET', `/MeusProdutos/${ids.product}`),
      expected: (a) => (a === 'visitante' ? 'login' : a === 'vendedor' || a === 'admin' ? 'ok' : 'forbidden'),
    },
    {
      name: 'POST /MeusProdutos/:id (do vendedor)',
      send: (a) => call(a, 'POST', `/MeusProdutos/${ids.product}`, { form: { ...PRODUCT, titulo: 'Produto Alterado Por Outro', valoratual: '1,00' } }),
      expected: guardedWrite((a) => (a === 'visitante' ? 'login' : a === 'vendedor' || a === 'admin' ? 'ok' : 'forbidden')),
      write: true,
    },
    {
      name: 'página /MeusProdutos/:id (do outro vendedor)',
      send: (a) => call(a, 'GET', `/MeusProdutos/${ids.otherProduct}`),
      expected: (a) => (a === 'visitante' ? 'login' : a === 'outro vendedor' || a === 'admin' ? 'ok' : 'forbidden'),
    },
    // The back office.
    {
      name: 'página /Admin/Pedidos',
      send: (a) => call(a, 'GET', '/Admin/Pedidos'),
      expected: adminPage,
      secret: { text: () => accounts.owner!.email, mayContain: (a) => a === 'admin' || a === 'dono' },
    },
    { name: 'POST /Admin/Pedidos (cancelar)', send: (a) => call(a, 'POST', '/Admin/Pedidos', { form: { numero: ids.order, status: 'cancelled' } }), expected: guardedWrite(adminPage), write: true },
    { name: 'página /Admin/Vendedores', send: (a) => call(a, 'GET', '/Admin/Vendedores'), expected: adminPage },
    // The back office of issue 18: every page, action and export is for admins; /Admin/Produtos also lets
    // sellers in, limited to their own products.
    { name: 'página /Admin (painel)', send: (a) => call(a, 'GET', '/Admin'), expected: adminPage },
    { name: 'página /Admin/Cupons', send: (a) => call(a, 'GET', '/Admin/Cupons'), expected: adminPage, secret: { text: () => 'OLIMPO', mayContain: (a) => a === 'admin' } },
    {
      name: 'POST /Admin/Cupons (criar)',
      send: (a) => call(a, 'POST', '/Admin/Cupons', { form: { codigo: 'INVASOR', tipo: 'percent', percentual: '90', ativo: 'on' } }),
      expected: guardedWrite(adminPage),
      write: true,
    },
    {
      name: 'POST /Admin/Cupons (desativar OLIMPO)',
      send: (a) => call(a, 'POST', '/Admin/Cupons', { form: { intent: 'toggle', id: '1', ativo: 'false' } }),
      expected: guardedWrite(adminPage),
      write: true,
    },
    { name: 'página /Admin/Importar', send: (a) => call(a, 'GET', '/Admin/Importar'), expected: adminPage },
    { name: 'POST /Admin/Importar (confirmar)', send: (a) => call(a, 'POST', '/Admin/Importar', { form: { intent: 'confirmar', id: '1' } }), expected: guardedWrite(adminPage), write: true },
    {
      name: 'GET /Admin/Produtos/exportar.csv',
      send: (a) => call(a, 'GET', '/Admin/Produtos/exportar.csv'),
      expected: adminPage,
      secret: { text: () => 'Produto do Outro Vendedor', mayContain: (a) => a === 'admin' },
    },
    {
      name: 'página /Admin/Produtos',
      send: (a) => call(a, 'GET', '/Admin/Produtos'),
      expected: sellerPage,
      secret: { text: () => 'Produto do Outro Vendedor', mayContain: (a) => a === 'outro vendedor' || a === 'admin' },
    },
    {
      name: 'página /Admin/Produtos/:id (do vendedor)',
      send: (a) => call(a, 'GET', `/Admin/Produtos/${ids.product}`),
      expected: (a) => (a === 'visitante' ? 'login' : a === 'vendedor' || a === 'admin' ? 'ok' : a === 'outro vendedor' ? 'not-found' : 'forbidden'),
    },
    {
      name: 'POST /Admin/Produtos/:id (do vendedor)',
      send: (a) =>
        call(a, 'POST', `/Admin/Produtos/${ids.product}`, {
          form: { titulo: 'Preço Mudado Por Outro', descricao: 'Descrição alterada por quem não pode.', preco: '1,00', preco_antigo: '', estoque: '999', ativo: 'on', oem: '', equivalentes: '' },
        }),
      expected: guardedWrite((a) => (a === 'visitante' ? 'login' : a === 'vendedor' || a === 'admin' ? 'ok' : a === 'outro vendedor' ? 'not-found' : 'forbidden')),
      write: true,
    },
    {
      name: 'POST /Admin/Produtos (desativar em lote o do vendedor)',
      send: (a) => call(a, 'POST', '/Admin/Produtos', { form: { ids: String(ids.product), acao: 'desativar' } }),
      expected: guardedWrite((a) => (a === 'visitante' ? 'login' : a === 'vendedor' || a === 'admin' ? 'ok' : 'forbidden')),
      write: true,
    },
    { name: 'página /Admin/Pedidos/:n', send: (a) => call(a, 'GET', `/Admin/Pedidos/${ids.order}`), expected: adminPage, secret: { text: () => OWNER_STREET, mayContain: (a) => a === 'admin' } },
    {
      name: 'POST /Admin/Pedidos/:n (cancelar)',
      send: (a) => call(a, 'POST', `/Admin/Pedidos/${ids.order}`, { form: { intent: 'cancelar', confirmacao: 'on' } }),
      expected: guardedWrite(adminPage),
      write: true,
    },
    {
      name: 'página /Admin/Pedidos/:n/etiqueta',
      send: (a) => call(a, 'GET', `/Admin/Pedidos/${ids.order}/etiqueta`),
      expected: adminPage,
      secret: { text: () => OWNER_STREET, mayContain: (a) => a === 'admin' },
    },
    {
      name: 'GET /Admin/Pedidos/exportar.csv',
      send: (a) => call(a, 'GET', '/Admin/Pedidos/exportar.csv'),
      expected: adminPage,
      secret: { text: () => accounts.owner!.email, mayContain: (a) => a === 'admin' },
    },
    { name: 'página /Admin/Clientes', send: (a) => call(a, 'GET', '/Admin/Clientes'), expected: adminPage, secret: { text: () => accounts.owner!.email, mayContain: (a) => a === 'admin' } },
    {
      name: 'página /Admin/Clientes/:id',
      send: (a) => call(a, 'GET', `/Admin/Clientes/${accounts.owner!.id}`),
      expected: adminPage,
      secret: { text: () => accounts.owner!.email, mayContain: (a) => a === 'admin' },
    },
    {
      name: 'POST /Admin/Vendedores (aprovar)',
      send: (a) => call(a, 'POST', '/Admin/Vendedores', { form: { id: String(ids.application), decisao: 'aprovar' } }),
      expected: guardedWrite(adminPage),
      write: true,
    },
  ];

  async function expectOutcome(res: Response, outcome: Outcome, what: string) {
    const location = res.headers.get('location') ?? '';
    switch (outcome) {
      case 'ok':
        expect(res.status, `${what}: ${(await res.clone().text()).slice(0, 200)}`).toBeGreaterThanOrEqual(200);
        expect(res.status, what).toBeLessThan(300);
        return;
      case 'login':
        expect(res.status, what).toBe(302);
        expect(new URL(location, server.url).pathname, what).toBe('/Login');
        return;
      case 'unauthorized':
      case 'forbidden':
      case 'not-found': {
        const status = { unauthorized: 401, forbidden: 403, 'not-found': 404 }[outcome];
        if ((res.headers.get('content-type') ?? '').startsWith('text/html')) {
          const html = await res.clone().text();
          // Something that is not yours does not exist for you: the spec's "Error 404" page.
          if (outcome === 'not-found' && html.includes('Error 404')) expect(res.status, what).toBe(404);
          else expect((await expectPageRefusal(res.clone(), what)).status, what).toBe(status);
        } else {
          expect(res.status, what).toBe(status);
          const body = (await res.clone().json()) as { erro?: string };
          expect(body.erro, what).toMatch(/[a-zà-ú]/i);
        }
      }
    }
  }

  it.each(ACTORS.map((a) => [a] as const))('%s', async (actor) => {
    for (const endpoint of ENDPOINTS) {
      const expected = endpoint.expected(actor);
      if (endpoint.write && expected === 'ok') continue; // a permitted write is not this table's business
      const res = await endpoint.send(actor);
      await expectOutcome(res, expected, `${actor} → ${endpoint.name}`);
      const text = await res.text();
      if (endpoint.secret && !endpoint.secret.mayContain(actor)) expect(text, `${actor} → ${endpoint.name} leaks`).not.toContain(endpoint.secret.text());
      if (endpoint.secret && endpoint.secret.mayContain(actor) && expected === 'ok') expect(text, `${actor} → ${endpoint.name} shows their own data`).toContain(endpoint.secret.text());
    }
  });

  it('cross-origin writes are refused whoever is signed in', async () => {
    for (const [method, url] of [
      ['DELETE', '/api/account'],
      ['PUT', '/api/account/cart'],
      ['POST', '/MinhaConta'],
      ['POST', '/Admin/Pedidos'],
      ['POST', `/MeusProdutos/${ids.product}`],
    ] as const) {
      const res = await server.fetch(url, {
        method,
        headers: { origin: 'https://loja-falsa.example', cookie: accounts.admin!.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'intent=excluir&confirmacao=EXCLUIR',
      });
      expect(res.status, `${method} ${url}`).toBe(403);
      await res.arrayBuffer();
    }
  });

  // --- uploads that are not images -------------------------------------------------------------------------
  it('uploads that are not images are refused in pt-BR and nothing is stored', async () => {
    const text = (s: string) => new TextEncoder().encode(s);
    const jpegHeader = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const files: [string, Uint8Array, string, string][] = [
      ['SVG com script', text(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>`), 'foto.svg', 'image/svg+xml'],
      ['SVG renomeado .jpg', text(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>`), 'foto.jpg', 'image/jpeg'],
      ['PHP renomeado .jpg', text(`<?php system($_GET['c']); ?>`), 'foto.jpg', 'image/jpeg'],
      ['HTML renomeado .jpg', text(`<!doctype html><html><body><script>alert(1)</script></body></html>`), 'foto.jpg', 'image/jpeg'],
      ['arquivo vazio', new Uint8Array(0), 'foto.jpg', 'image/jpeg'],
      ['poliglota JPEG + HTML', new Uint8Array([...jpegHeader, ...text(`<html><script>alert(1)</script></html><?php echo 1; ?>`)]), 'foto.jpg', 'image/jpeg'],
      [
        'GIF (formato não aceito)',
        Uint8Array.from(
          await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
            .gif()
            .toBuffer(),
        ),
        'foto.gif',
        'image/gif',
      ],
      ['grande demais (5,5 MB)', crypto.randomBytes(5.5 * 1024 * 1024), 'foto.jpg', 'image/jpeg'],
      ['enorme (8 MB)', crypto.randomBytes(8 * 1024 * 1024), 'foto.jpg', 'image/jpeg'],
    ];
    const countProducts = async () => {
      const res = await server.fetch('/MeusProdutos', { headers: { cookie: accounts.seller!.cookie } });
      return [...(await res.text()).matchAll(/aria-label="Editar /g)].length;
    };
    const products = await countProducts();
    const stored = uploads();
    for (const [name, bytes, filename, type] of files) {
      for (const target of ['/CriarProduto', `/MeusProdutos/${ids.product}`]) {
        const form = new FormData();
        // No photo URL: the upload is the photo.
        for (const [k, v] of Object.entries({ ...PRODUCT, foto_url: '' })) form.append(k, v);
        form.append('foto', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), filename);
        const res = await server.fetch(target, { method: 'POST', headers: { origin: server.url, cookie: accounts.seller!.cookie }, body: form });
        const { errors } = await expectPageRefusal(res, `${name} → ${target}`);
        expect(errors.join(' '), `${name} → ${target}`).toMatch(/foto/i);
      }
    }
    expect(uploads(), 'files stored').toEqual(stored);
    expect(await countProducts()).toBe(products);
  });

  it('nothing was written by any refused request', async () => {
    const after = await dump();
    const added = after.filter((r) => !before.includes(r));
    const removed = before.filter((r) => !after.includes(r));
    expect({ added: added.map((r) => r.slice(0, 200)), removed: removed.map((r) => r.slice(0, 200)) }).toEqual({ added: [], removed: [] });
  });

  it('an image carrying a payload after its data is stored re-encoded, without the payload', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const payload = `<?php system($_GET['c']); ?><script>alert(1)</script>`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...PRODUCT, foto_url: '', titulo: 'Produto Com Foto Poliglota' })) form.append(k, v);
    form.append('foto', new Blob([Buffer.concat([png, Buffer.from(payload)])], { type: 'image/png' }), 'foto.png');
    const stored = uploads();
    const res = await server.fetch('/CriarProduto', { method: 'POST', headers: { origin: server.url, cookie: accounts.seller!.cookie }, body: form });
    if (res.status === 302) {
      const added = uploads().filter((f) => !stored.includes(f));
      expect(added).toHaveLength(1);
      const file = fs.readFileSync(path.join(dataDir, 'uploads', 'produtos', added[0]!));
      expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(file.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(file.includes(Buffer.from('<?php'))).toBe(false);
      expect(file.includes(Buffer.from('<script'))).toBe(false);
      const served = await server.fetch(`/uploads/produtos/${added[0]}`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      await served.arrayBuffer();
    } else {
      await expectPageRefusal(res, 'PNG + carga');
      expect(uploads()).toEqual(stored);
    }
  });
});
