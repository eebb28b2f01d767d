// A second front end on another origin shops through the headless API in Chromium: a tiny static page
// served from http://localhost:<E2E_FRONT_PORT> (listed in the app's CORS_ORIGINS by start-server.ts)
// lists products from /api/produtos, places an order on /orders with an Idempotency-Key (a double click
// makes one order) and shows the shop's answer (its number and total, not its own sums), then asks the
// chat on /chat. Every call is cross-origin, so each POST goes through a CORS preflight (Chromium does not
// show preflights to Playwright; tests/reliability/headless-api.test.ts checks their headers).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { E2E_FRONT_ORIGIN, E2E_FRONT_PORT, E2E_PORT } from './e2e-config.ts';

const API = `http://127.0.0.1:${E2E_PORT}`;

const PAGE = `<!doctype html>
<html lang="pt-BR"><meta charset="utf-8"><title>Outra vitrine</title>
<body>
<h1>Outra vitrine</h1>
<ul id="produtos" aria-label="Produtos"></ul>
<button id="comprar" type="button" disabled>Comprar o primeiro</button>
<p id="pedido" role="status"></p>
<form id="chat"><label for="pergunta">Pergunta</label><input id="pergunta" value="Qual o prazo de entrega?"><button>Perguntar</button></form>
<p id="resposta" role="status"></p>
<script>
const API = ${JSON.stringify(API)};
let first = null;
const key = 'vitrine-' + crypto.randomUUID();
fetch(API + '/api/produtos?limite=5', { credentials: 'include' }).then((r) => r.json()).then((items) => {
  for (const p of items) {
    const li = document.createElement('li');
    li.textContent = p.titulo + ' — R$ ' + p.valoratual.toFixed(2);
    document.getElementById('produtos').append(li);
  }
  first = items[0];
  document.getElementById('comprar').disabled = false;
}).catch((e) => (document.getElementById('pedido').textContent = 'falhou: ' + e));
async function buy() {
  const body = {
    email: 'vitrine@example.com',
    items: [{ id: first.id, titulo: first.titulo, valoratual: 0.01, quantity: 1 }],
    address: { cep: '01001-000', street: 'Praça da Sé', number: '100', complement: '', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
    shipping: 'standard', payment: 'pix', installments: 1, subtotal: 0.01, shippingCost: 0, discount: 0, total: 0.01, numero: '#00000001',
  };
  const res = await fetch(API + '/orders', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });
  const order = await res.json();
  (window.__numeros ||= []).push(order.numero);
  document.getElementById('pedido').textContent = res.status + ' ' + order.numero + ' total ' + order.total + ' pix ' + (order.pix ? 'sim' : 'não');
}
document.getElementById('comprar').addEventListener('click', () => { buy().catch((e) => (document.getElementById('pedido').textContent = 'falhou: ' + e)); });
document.getElementById('chat').addEventListener('submit', async (e) => {
  e.preventDefault();
  const res = await fetch(API + '/chat', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mensagens: [{ sender: 'user', content: document.getElementById('pergunta').value }] }) });
  document.getElementById('resposta').textContent = (await res.json()).resposta;
});
</script>
</body></html>`;

let front: http.Server;

test.beforeAll(async () => {
  front = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(E2E_FRONT_PORT, '127.0.0.1', resolve);
  });
  expect((front.address() as AddressInfo).port).toBe(E2E_FRONT_PORT);
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => front?.close(() => resolve()));
});

test('another origin lists products, places one order (double click) and chats through the API', async ({ page }) => {
  const failures: string[] = [];
  page.on('requestfailed', (r) => failures.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  page.on('console', (m) => {
    if (m.type() === 'error') failures.push(m.text());
  });

  await page.goto(`${E2E_FRONT_ORIGIN}/`);
  await expect(page.getByRole('list', { name: 'Produtos' }).getByRole('listitem')).toHaveCount(5);

  const buy = page.getByRole('button', { name: 'Comprar o primeiro' });
  await expect(buy).toBeEnabled();
  await buy.dblclick();
  const status = page.locator('#pedido');
  await expect(status).toHaveText(/^20[01] #\d{8} total \d+(\.\d+)? pix sim$/);
  const [, numero, total] = /^20[01] #(\d{8}) total (\S+)/.exec((await status.textContent()) ?? '')!;
  // The page shows what the shop recorded: its number (not '#00000001') and its total (not 0.01).
  expect(Number(total)).toBeGreaterThan(1);
  expect(numero).not.toBe('00000001');
  // The double click sent the same Idempotency-Key twice: both answers are the one order.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __numeros?: string[] }).__numeros?.length ?? 0)).toBe(2);
  const numeros = await page.evaluate(() => (window as unknown as { __numeros: string[] }).__numeros);
  expect(numeros).toEqual([`#${numero}`, `#${numero}`]);

  await page.getByRole('button', { name: 'Perguntar' }).click();
  await expect(page.locator('#resposta')).toHaveText(/\S{10,}/);
  expect(failures).toEqual([]);
});
