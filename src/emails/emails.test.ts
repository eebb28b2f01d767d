import { describe, expect, it } from 'vitest';
import { confirmationMail, statusMail } from '../domain/orders/emails.ts';
import type { OrderView } from '../domain/orders/view.ts';
import { renderOrderMailHtml, renderPasswordResetHtml } from './render.server.ts';

function order(over: Partial<OrderView> = {}): OrderView {
  return {
    number: '20261128-0042',
    status: 'awaiting_payment',
    createdAt: '2026-11-28T13:05:00.000Z',
    email: 'maria@example.com',
    customer: { name: 'Maria da Silva', cpf: '12345678909', phone: '11987654321' },
    address: { cep: '01310-100', street: 'Av. Paulista', number: '1000', complement: 'ap 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    shippingMethod: 'standard',
    shippingLabel: 'Envio Padrão',
    shippingMaxDays: 7,
    pickupCode: null,
    paymentMethod: 'boleto',
    installments: 1,
    couponCode: null,
    subtotalCents: 123_456,
    couponDiscountCents: 0,
    shippingCents: 0,
    paymentDiscountCents: 0,
    totalCents: 123_456,
    trackingCode: null,
    rating: null,
    lines: [{ productId: 7, title: 'Filtro de óleo', imageUrl: null, color: 'Preto', size: 'M', quantity: 2, unitPriceCents: 61_728, lineTotalCents: 123_456 }],
    payment: {
      status: 'pending',
      cardBrand: null,
      cardLast4: null,
      pixCode: null,
      pixExpiresAt: null,
      boletoLine: '23793381286000000001234567890123456789012345678',
      boletoDueDate: '2026-12-01',
      boletoUrl: null,
      failureReason: null,
    },
    events: [],
    ...over,
  };
}

const URL_ = 'http://loja.test/Pedidos/20261128-0042?token=abc&x=1';

describe('order e-mails rendered with React', () => {
  it('shows the same words in the text and HTML parts: money, Brasília time, CPF, CEP, boleto line', async () => {
    const mail = confirmationMail(order(), URL_, 'Olimpo Peças');
    expect(mail.subject).toBe('Pedido #20261128-0042 recebido - Olimpo Peças');
    expect(mail.text).toMatch(/Recebemos o seu pedido #20261128-0042 na Olimpo Peças em 28\/11\/2026,? 10:05 \(horário de Brasília\)/);
    expect(mail.text).toMatch(/- Filtro de óleo \(Preto, M\) - 2 x R\$\s617,28/);
    expect(mail.text).toMatch(/Total: R\$\s1\.234,56/);
    expect(mail.text).toContain('Comprador: Maria da Silva, CPF 123.456.789-09');
    expect(mail.text).toContain('CEP 01310-100');
    expect(mail.text).toContain('vence em 01/12/2026');
    const html = await renderOrderMailHtml(mail.html);
    expect(html).toMatch(/^<!doctype html><html lang="pt-BR"><head><meta charSet="utf-8"\/><\/head><body style="font-family:Arial,sans-serif;color:#1f1f1f">/);
    expect(html).toContain('<h1 style="font-size:20px">Pedido #20261128-0042 recebido</h1>');
    expect(html).toContain('<p>Olá, Maria! Obrigado por comprar na Olimpo Peças!</p>');
    expect(html).toMatch(/<li>Filtro de óleo \(Preto, M\) - 2 x R\$\s617,28<\/li>/);
    expect(html).toMatch(/<p><strong>Total: R\$\s1\.234,56<\/strong> \(Boleto[^)]*\)<\/p>/);
    expect(html).toContain('<p>Comprador: Maria da Silva, CPF 123.456.789-09</p>');
    expect(html).toContain(`<a href="http://loja.test/Pedidos/20261128-0042?token=abc&amp;x=1">Acompanhar pedido</a>`);
    expect(html).not.toContain('<!-- -->');
  });

  it("escapes a buyer's name with HTML in it: React writes it as text", async () => {
    const nasty = '<script>alert("x")</script> & \'Zé\'';
    const mail = confirmationMail(order({ customer: { name: `${nasty} Souza`, cpf: null, phone: null } }), URL_, 'Olimpo Peças');
    expect(mail.text).toContain(`Comprador: ${nasty} Souza`);
    const html = await renderOrderMailHtml(mail.html);
    expect(html).not.toContain('<script>');
    expect(html).toContain('<p>Olá, &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;! Obrigado por comprar na Olimpo Peças!</p>');
    expect(html).toContain('<p>Comprador: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Zé&#x27; Souza</p>');
  });

  it('links the tracking code of a shipped order and keeps the reason of a cancelled one', async () => {
    const shipped = statusMail('shipped', order({ status: 'shipped' }), URL_, 'Olimpo Peças', { trackingCode: 'AA123456789BR', at: '2026-11-30T18:00:00.000Z' });
    expect(shipped.subject).toBe('Pedido #20261128-0042 enviado - Olimpo Peças');
    expect(shipped.text).toMatch(/O pedido #20261128-0042 foi enviado em 30\/11\/2026,? 15:00 \(horário de Brasília\)\./);
    expect(shipped.text).toContain('Código de rastreio (Correios): AA123456789BR');
    const html = await renderOrderMailHtml(shipped.html);
    expect(html).toMatch(/<p>O pedido #20261128-0042 foi enviado em 30\/11\/2026,? 15:00 \(horário de Brasília\)\.<\/p>/);
    expect(html).toMatch(/<p>Código de rastreio \(Correios\): <a href="[^"]+AA123456789BR[^"]*">AA123456789BR<\/a><\/p>/);

    const cancelled = statusMail('cancelled', order(), URL_, 'Olimpo Peças', { note: 'Sem <b>estoque</b>.' });
    expect(cancelled.text).toContain('Motivo: Sem <b>estoque</b>.');
    expect(await renderOrderMailHtml(cancelled.html)).toContain('<p>Motivo: Sem &lt;b&gt;estoque&lt;/b&gt;.</p>');
  });

  it("links another carrier's code (Jadlog, Loggi…) to a tracker that follows it, not to the Correios", async () => {
    const shipped = statusMail('shipped', order({ status: 'shipped' }), URL_, 'Olimpo Peças', { trackingCode: 'JD0123456789', at: '2026-11-30T18:00:00.000Z' });
    expect(shipped.text).toContain('Código de rastreio: JD0123456789');
    expect(shipped.text).toContain('Rastreie em: https://www.melhorrastreio.com.br/rastreio/JD0123456789');
    expect(shipped.text).not.toContain('correios');
    expect(await renderOrderMailHtml(shipped.html)).toMatch(/<p>Código de rastreio: <a href="https:\/\/www\.melhorrastreio\.com\.br\/rastreio\/JD0123456789">JD0123456789<\/a><\/p>/);
  });

  it('names the chosen shipping option and, for a pickup, where to collect it and the code', () => {
    const carrier = confirmationMail(order({ shippingMethod: 'me-1', shippingLabel: 'Correios PAC', shippingCents: 4190 }), URL_, 'Olimpo Peças');
    expect(carrier.text).toMatch(/Frete \(Correios PAC\): R\$\s41,90/);
    const pickup = confirmationMail(order({ shippingMethod: 'pickup', shippingLabel: 'Retirar na loja', shippingCents: 0, pickupCode: 'K7M2QX' }), URL_, 'Olimpo Peças');
    expect(pickup.text).toContain('Código de retirada: K7M2QX');
    expect(pickup.text).toContain('Av. Paulista, 1000');
  });

  it('renders the password reset e-mail with its link', async () => {
    const html = await renderPasswordResetHtml({ hello: 'Ana<i>', url: 'http://loja.test/RedefinirSenha?token=a%2Bb&x=1' });
    expect(html).toContain('<p>Olá, Ana&lt;i&gt;!</p>');
    expect(html).toContain('<a href="http://loja.test/RedefinirSenha?token=a%2Bb&amp;x=1">Criar nova senha</a>');
    expect(html).toContain('O link vale por 1 hora e só pode ser usado uma vez.');
  });

  it('formats the stored CEP, says what each installment costs and when it arrives, and signs with the CNPJ and the service channels', async () => {
    const card = order({
      address: { cep: '01310100', street: 'Av. Paulista', number: '1000', complement: null, neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      paymentMethod: 'credit',
      installments: 3,
      status: 'paid',
      payment: { status: 'approved', cardBrand: 'Visa', cardLast4: '1111', pixCode: null, pixExpiresAt: null, boletoLine: null, boletoDueDate: null, boletoUrl: null, failureReason: null },
    });
    const mail = confirmationMail(card, URL_, 'Olimpo Peças');
    expect(mail.text).toContain('CEP 01310-100');
    expect(mail.text).not.toContain('01310100');
    // 1.234,56 in 3: 411,52 each (the first takes the centavo of rounding).
    expect(mail.text).toMatch(/Cartão Visa final 1111, 3x de R\$\s411,52 sem juros\./);
    // Placed on Saturday 28/11/2026 (Brasília): 7 business days for Envio Padrão.
    expect(mail.text).toMatch(/Prazo de entrega: 5-7 dias úteis após a confirmação do pagamento \(previsão: até [a-zç-]+, \d+ de dezembro\)/);
    const html = await renderOrderMailHtml(mail.html);
    expect(html).toContain('CEP 01310-100');
    expect(html).toContain('Prazo de entrega');
    expect(html).toContain('CNPJ 12.345.678/0001-95');
    expect(html).toContain('atendimento@olimpopecas.com.br');
    expect(html).toContain('(11) 4002-8922');
    expect(mail.text).toContain('CNPJ 12.345.678/0001-95');
  });

  it('tells a card order still waiting for its card where to pay', () => {
    const waiting = order({
      paymentMethod: 'credit',
      installments: 2,
      payment: { status: 'pending', cardBrand: null, cardLast4: null, pixCode: null, pixExpiresAt: null, boletoLine: null, boletoDueDate: null, boletoUrl: null, failureReason: null },
    });
    const mail = confirmationMail(waiting, URL_, 'Olimpo Peças');
    expect(mail.text).toContain(`Pague com o cartão na página do pedido: ${URL_}`);
    expect(mail.html.kind === 'confirmation' && mail.html.instructions).toContain('Pague com o cartão na página do pedido');
  });
});
