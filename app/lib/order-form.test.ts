import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#src/domain/checkout/rules.ts';
import { CONTROL_CHARS_MESSAGE } from '#src/platform/control-chars.ts';
import { quoteForm, quoteFromForm } from './cart-form.ts';
import { orderForm, parseOrderForm } from './order-form.ts';
import type { OrderDraft } from './order-form.ts';

const draft: OrderDraft = {
  idempotencyKey: '2f1c3a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  email: 'Maria@Example.com',
  buyer: { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' },
  lines: [
    { productId: 7, quantity: 2, color: 'Preto' },
    { productId: 9, quantity: 1, size: 'M' },
  ],
  coupon: 'PROMO10',
  address: { cep: '01001000', street: 'Praça da Sé', number: '1', complement: '', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
  shipping: 'express',
  payment: 'credit',
  installments: 3,
  card: { number: '4111 1111 1111 1111', name: 'MARIA DA SILVA', expiry: '12/30', cvv: '123' },
};
const roundTrip = (d: OrderDraft) => parseOrderForm(new URLSearchParams(orderForm(d).toString()));

describe('the checkout order as a form', () => {
  it('comes back as the order the API schema takes, lines in their order', () => {
    const parsed = roundTrip(draft);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data).toMatchObject({
      email: 'maria@example.com',
      customer: { name: 'Maria da Silva', cpf: '52998224725', phone: '11987654321' },
      lines: [
        { productId: 7, quantity: 2, color: 'Preto' },
        { productId: 9, quantity: 1, size: 'M' },
      ],
      coupon: 'PROMO10',
      address: { ...draft.address, complement: '' },
      shipping: 'express',
      payment: 'credit',
      installments: 3,
      card: draft.card,
    });
  });

  it('carries a gateway token instead of the card, never both', () => {
    const form = orderForm({ ...draft, card: { token: 'tok_abcdef123456', paymentMethodId: 'visa', brand: 'Visa', last4: '1111' } });
    expect([...form.keys()].filter((k) => /cardNumber|cardCvv/.test(k))).toEqual([]);
    const parsed = parseOrderForm(form);
    expect(parsed.ok && parsed.data.card).toEqual({ token: 'tok_abcdef123456', paymentMethodId: 'visa', brand: 'Visa', last4: '1111' });
    expect(parseOrderForm(orderForm({ ...draft, payment: 'pix', card: null }))).toMatchObject({ ok: true, data: { card: undefined } });
  });

  it('refuses bad data with the pt-BR message and the field it is about', () => {
    expect(roundTrip({ ...draft, address: { ...draft.address, cep: '0100' } })).toEqual({ ok: false, message: MESSAGES.cep, fields: { cep: MESSAGES.cep } });
    expect(roundTrip({ ...draft, buyer: { ...draft.buyer, cpf: '111.111.111-11' } })).toMatchObject({ ok: false, message: MESSAGES.cpf, fields: { 'buyer-cpf': MESSAGES.cpf } });
    expect(roundTrip({ ...draft, lines: [] })).toEqual({ ok: false, message: MESSAGES.emptyCart, fields: {} });
    const form = orderForm(draft);
    form.set('installments', 'doze');
    expect(parseOrderForm(form)).toMatchObject({ ok: false, message: MESSAGES.installments, fields: { installments: MESSAGES.installments } });
    form.set('installments', '1');
    form.set('productId', 'x');
    expect(parseOrderForm(form)).toMatchObject({ ok: false, message: 'Produto inválido.' });
    expect(roundTrip({ ...draft, address: { ...draft.address, street: 'Rua\u0000' } })).toMatchObject({ ok: false, message: CONTROL_CHARS_MESSAGE });
  });
});

describe('the quote request as a form', () => {
  it('round-trips lines, coupon, CEP and the checkout choices', () => {
    const req = { lines: [{ productId: 3, quantity: 4, color: 'Azul', size: '42' }], coupon: 'X', cep: '01001-000', shipping: 'standard' as const, payment: 'pix' as const };
    expect(quoteFromForm(quoteForm(req))).toEqual(req);
    expect(quoteFromForm(quoteForm({ lines: [] }))).toEqual({ lines: [], coupon: undefined, cep: undefined, shipping: undefined, payment: undefined });
  });
});
