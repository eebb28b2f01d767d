// access-control.test.ts's table: who may call each endpoint that reads or changes something of someone
// (orders, saved cart, addresses, profile, LGPD export and deletion, seller products, the back office), API and
// pages alike, and what the others must get instead.
import { expect } from 'vitest';
import { expectPageRefusal } from './accounts.ts';
import type { AccessFixture, ActorKey } from './access-fixture.ts';
import { OWNER_CPF, OWNER_STREET, PRODUCT } from './access-fixture.ts';

/**
 * What an endpoint must answer: 'ok' (2xx), 'login' (a page sends guests to sign in), 'unauthorized' (the
 * API's 401), 'forbidden' (403 page or answer), 'not-found' (404: an order or address that is not yours
 * does not exist for you).
 */
export type Outcome = 'ok' | 'login' | 'unauthorized' | 'forbidden' | 'not-found';

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

export interface Endpoint {
  name: string;
  send: (a: ActorKey) => Promise<Response>;
  expected: (a: ActorKey) => Outcome;
  /** Writes are only sent by actors who must be refused. */
  write?: boolean;
  /** Text that only the owner (or whoever may see it) may find in the answer. */
  secret?: { text: () => string; mayContain: (a: ActorKey) => boolean };
}

export function accessEndpoints(fx: AccessFixture): Endpoint[] {
  const { call, ids } = fx;
  return [
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
    { name: 'GET /api/account', send: (a) => call(a, 'GET', '/api/account'), expected: signedApi, secret: { text: () => fx.accounts.owner!.email, mayContain: (a) => a === 'dono' } },
    { name: 'GET /api/account/cart', send: (a) => call(a, 'GET', '/api/account/cart'), expected: signedApi, secret: { text: () => 'Cor-Do-Dono', mayContain: (a) => a === 'dono' } },
    { name: 'PUT /api/account/cart', send: (a) => call(a, 'PUT', '/api/account/cart', { json: { items: [] } }), expected: refusedWrite(signedApi), write: true },
    { name: 'POST /api/account/cart/merge', send: (a) => call(a, 'POST', '/api/account/cart/merge', { json: { items: [{ id: 4, quantity: 1 }] } }), expected: refusedWrite(signedApi), write: true },
    { name: 'GET /api/account/addresses', send: (a) => call(a, 'GET', '/api/account/addresses'), expected: signedApi, secret: { text: () => OWNER_STREET, mayContain: (a) => a === 'dono' } },
    { name: 'GET /api/account/export (LGPD)', send: (a) => call(a, 'GET', '/api/account/export'), expected: signedApi, secret: { text: () => OWNER_STREET, mayContain: (a) => a === 'dono' } },
    { name: 'DELETE /api/account (LGPD)', send: (a) => call(a, 'DELETE', '/api/account'), expected: refusedWrite(signedApi), write: true },
    { name: 'página /MinhaConta', send: (a) => call(a, 'GET', '/MinhaConta'), expected: customerPage, secret: { text: () => fx.accounts.owner!.email, mayContain: (a) => a === 'dono' } },
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
      secret: { text: () => fx.accounts.owner!.email, mayContain: (a) => a === 'admin' || a === 'dono' },
    },
    { name: 'POST /Admin/Pedidos (cancelar)', send: (a) => call(a, 'POST', '/Admin/Pedidos', { form: { numero: ids.order, status: 'cancelled' } }), expected: guardedWrite(adminPage), write: true },
    { name: 'página /Admin/Vendedores', send: (a) => call(a, 'GET', '/Admin/Vendedores'), expected: adminPage },
    { name: 'página /Admin/Avaliacoes', send: (a) => call(a, 'GET', '/Admin/Avaliacoes'), expected: adminPage },
    { name: 'POST /Admin/Avaliacoes (aprovar)', send: (a) => call(a, 'POST', '/Admin/Avaliacoes', { form: { id: '1', decisao: 'aprovar' } }), expected: guardedWrite(adminPage), write: true },
    { name: 'página /Admin/Perguntas', send: (a) => call(a, 'GET', '/Admin/Perguntas'), expected: sellerPage },
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
    { name: 'página /Admin/Expedicao', send: (a) => call(a, 'GET', '/Admin/Expedicao'), expected: adminPage },
    {
      name: 'página /Admin/Expedicao/etiquetas',
      send: (a) => call(a, 'GET', `/Admin/Expedicao/etiquetas?pedido=${ids.order}`),
      expected: adminPage,
      secret: { text: () => OWNER_STREET, mayContain: (a) => a === 'admin' },
    },
    {
      name: 'GET /Admin/Pedidos/exportar.csv',
      send: (a) => call(a, 'GET', '/Admin/Pedidos/exportar.csv'),
      expected: adminPage,
      secret: { text: () => fx.accounts.owner!.email, mayContain: (a) => a === 'admin' },
    },
    { name: 'página /Admin/Clientes', send: (a) => call(a, 'GET', '/Admin/Clientes'), expected: adminPage, secret: { text: () => fx.accounts.owner!.email, mayContain: (a) => a === 'admin' } },
    {
      name: 'página /Admin/Clientes/:id',
      send: (a) => call(a, 'GET', `/Admin/Clientes/${fx.accounts.owner!.id}`),
      expected: adminPage,
      secret: { text: () => fx.accounts.owner!.email, mayContain: (a) => a === 'admin' },
    },
    {
      name: 'POST /Admin/Vendedores (aprovar)',
      send: (a) => call(a, 'POST', '/Admin/Vendedores', { form: { id: String(ids.application), decisao: 'aprovar' } }),
      expected: guardedWrite(adminPage),
      write: true,
    },
  ];
}

/** Checks that `res` is the answer `outcome` calls for (`baseUrl`: the server, to read a redirect). */
export async function expectOutcome(res: Response, outcome: Outcome, what: string, baseUrl: string): Promise<void> {
  const location = res.headers.get('location') ?? '';
  switch (outcome) {
    case 'ok':
      expect(res.status, `${what}: ${(await res.clone().text()).slice(0, 200)}`).toBeGreaterThanOrEqual(200);
      expect(res.status, what).toBeLessThan(300);
      return;
    case 'login':
      expect(res.status, what).toBe(302);
      expect(new URL(location, baseUrl).pathname, what).toBe('/Login');
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
