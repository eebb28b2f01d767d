// The back office shows every buyer, guests too: a guest who bought appears in Clientes with the CPF and
// celular of their order, phones read "(11) 98765-4321" on the order and its packing slip, and the
// dashboard hydrates without React's text-mismatch error (#418).
import { expect, signInAsAdmin, test, uniqueEmail, validCpf } from './accounts-helpers.ts';
import { stockedProducts, waitForHydration } from './helpers.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('o painel hidrata sem erro de React (o gráfico de faturamento)', async ({ page, request }) => {
  const [, , , product] = await stockedProducts(request, 40, 400);
  // One paid day on the chart (a PIX order is enough: the chart draws all 30 days' bars with their titles).
  const res = await request.post('/api/orders', {
    data: {
      idempotencyKey: `e2e-painel-${Date.now()}`,
      email: uniqueEmail('painel'),
      lines: [{ productId: product!.id, quantity: 1 }],
      address: { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: 'standard',
      payment: 'pix',
      installments: 1,
      customer: { name: 'Painel Teste', cpf: validCpf(), phone: '11987654321' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await signInAsAdmin(page);
  await page.goto('/Admin');
  await waitForHydration(page);
  await expect(page.getByRole('img', { name: /Faturamento diário/ })).toBeVisible();
  expect(errors.filter((e) => /418|hydrat|did not match/i.test(e))).toEqual([]);
});

test('um comprador sem conta aparece em Clientes, com o CPF e o celular do pedido formatados', async ({ page, request }) => {
  const [, , , , product] = await stockedProducts(request, 40, 400);
  const email = uniqueEmail('convidado');
  const cpf = validCpf().replace(/\D/g, '');
  const res = await request.post('/api/orders', {
    data: {
      idempotencyKey: `e2e-convidado-${Date.now()}`,
      email,
      lines: [{ productId: product!.id, quantity: 1 }],
      address: { cep: '01001000', street: 'Praça da Sé', number: '100', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
      shipping: 'standard',
      payment: 'pix',
      installments: 1,
      customer: { name: 'Joana Convidada Prado', cpf, phone: '11987654321' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = (await res.json()) as { order: { number: string } };

  await signInAsAdmin(page);
  await page.goto(`/Admin/Clientes?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('sem conta');
  await expect(row).toContainText('1 pedido(s)');
  await row.getByRole('link', { name: 'Joana Convidada Prado' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Joana Convidada Prado' })).toBeVisible();
  const dados = page.getByRole('region', { name: 'Dados' });
  await expect(dados).toContainText(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
  await expect(dados).toContainText('(11) 98765-4321');
  await expect(page.getByRole('link', { name: `#${order.number}` })).toBeVisible();

  await page.goto(`/Admin/Pedidos/${order.number}`);
  await expect(page.getByRole('heading', { level: 1, name: `Pedido #${order.number}` })).toBeVisible();
  await expect(page.getByText('(11) 98765-4321')).toBeVisible();
  await expect(page.getByText('11987654321')).toHaveCount(0);
  await page.goto(`/Admin/Pedidos/${order.number}/etiqueta`);
  await expect(page.getByText('Celular: (11) 98765-4321')).toBeVisible();
});
