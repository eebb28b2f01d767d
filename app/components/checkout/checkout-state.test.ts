import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#src/domain/checkout/rules.ts';
import { CARD_MESSAGES } from '#src/domain/payments/card.ts';
import { checkoutReducer, initialCheckoutState, progressOf } from './checkout-state.ts';
import type { CheckoutAction, CheckoutState, Progress } from './checkout-state.ts';

const NOW = new Date('2026-11-28T12:00:00-03:00');
const run = (actions: CheckoutAction[], from: CheckoutState = initialCheckoutState) => actions.reduce(checkoutReducer, from);
const address = { cep: '01001000', street: 'Praça da Sé', number: '1', complement: '', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
const buyer = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };
const noPrefill = { email: null, buyer: null, addresses: [] };

describe('checkout reducer', () => {
  it('stays on a step that does not validate, with the spec message, and moves on once it does', () => {
    let s = run([
      { type: 'email', value: 'maria@' },
      { type: 'next', now: NOW },
    ]);
    expect(s.step).toBe(1);
    expect(s.notice).toBe(MESSAGES.email);
    s = run(
      [
        { type: 'email', value: 'maria@example.com' },
        { type: 'buyer', patch: buyer },
        { type: 'next', now: NOW },
      ],
      s,
    );
    expect(s).toMatchObject({ step: 2, notice: '' });
    s = run([{ type: 'next', now: NOW }], s);
    expect(s).toMatchObject({ step: 2, notice: MESSAGES.address });
    s = run(
      [
        { type: 'address', patch: address },
        { type: 'shipping', value: 'express' },
        { type: 'next', now: NOW },
      ],
      s,
    );
    expect(s.step).toBe(3);
  });

  it('checks the card only for credit, against the given clock', () => {
    const atPayment = { ...initialCheckoutState, step: 3 };
    expect(
      run(
        [
          { type: 'payment', value: 'pix' },
          { type: 'next', now: NOW },
        ],
        atPayment,
      ).step,
    ).toBe(4);
    const credit = run(
      [
        { type: 'payment', value: 'credit' },
        { type: 'next', now: NOW },
      ],
      atPayment,
    );
    expect(credit).toMatchObject({ step: 3, notice: CARD_MESSAGES.missing });
    const card = { number: '4111 1111 1111 1111', name: 'MARIA DA SILVA', expiry: '12/26', cvv: '123' };
    expect(
      run(
        [
          { type: 'card', patch: card },
          { type: 'next', now: NOW },
        ],
        credit,
      ).step,
    ).toBe(4);
    // The same card a month later is expired.
    expect(
      run(
        [
          { type: 'card', patch: card },
          { type: 'next', now: new Date('2027-01-02T12:00:00-03:00') },
        ],
        credit,
      ).step,
    ).toBe(3);
  });

  it('going back clears the messages and never leaves step 1', () => {
    const s = run([{ type: 'back' }], { ...initialCheckoutState, step: 2, notice: 'x', info: 'y' });
    expect(s).toMatchObject({ step: 1, notice: '', info: '' });
    expect(run([{ type: 'back' }], s).step).toBe(1);
  });

  it('the CEP lookup fills what it found and keeps what the shopper typed where it found nothing', () => {
    const s = run([
      { type: 'address', patch: { cep: '01001000', street: 'minha rua', number: '10' } },
      { type: 'cepFound', found: { street: '', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' } },
    ]);
    expect(s.address).toEqual({ ...initialCheckoutState.address, cep: '01001000', street: 'minha rua', number: '10', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' });
  });

  it('installments fall to the most the total allows', () => {
    const s = run([
      { type: 'installments', value: 6 },
      { type: 'maxInstallments', max: 3 },
    ]);
    expect(s.installments).toBe(3);
    expect(run([{ type: 'maxInstallments', max: 10 }], s)).toBe(s);
  });

  it('a refused order shows its message and marks its fields until they are edited', () => {
    const s = run([{ type: 'orderRefused', message: MESSAGES.cep, fields: { cep: MESSAGES.cep, email: MESSAGES.email } }], { ...initialCheckoutState, step: 4 });
    expect(s).toMatchObject({ step: 4, notice: MESSAGES.cep, fieldErrors: { cep: MESSAGES.cep, email: MESSAGES.email } });
    const edited = run([{ type: 'address', patch: { cep: '01310100' } }], s);
    expect(edited.fieldErrors).toEqual({ email: MESSAGES.email });
    expect(run([{ type: 'orderRefused', message: '' }], s)).toMatchObject({ notice: MESSAGES.orderFailed, fieldErrors: {} });
  });

  describe('restore', () => {
    const saved: Progress = { step: 3, email: 'a@example.com', buyer, address, shipping: 'standard', payment: 'pix', installments: 2 };

    it('resumes the saved progress, at most at the step asked for in ?etapa=', () => {
      expect(run([{ type: 'restore', saved, wantedStep: null, prefill: noPrefill, cartCep: null }])).toMatchObject({ ...saved, step: 3 });
      expect(run([{ type: 'restore', saved, wantedStep: 2, prefill: noPrefill, cartCep: null }]).step).toBe(2);
      // A later step than the one reached, or nonsense, is not a way around the validation.
      expect(run([{ type: 'restore', saved, wantedStep: 4, prefill: noPrefill, cartCep: null }]).step).toBe(3);
      expect(run([{ type: 'restore', saved, wantedStep: Number.NaN, prefill: noPrefill, cartCep: null }]).step).toBe(3);
    });

    it('without saved progress starts from the signed-in shopper, else from the cart CEP', () => {
      const prefill = { email: 'cliente@example.com', buyer, addresses: [address] };
      expect(run([{ type: 'restore', saved: null, wantedStep: null, prefill, cartCep: '99999-999' }])).toMatchObject({ step: 1, email: 'cliente@example.com', buyer, address });
      const guest = run([{ type: 'restore', saved: null, wantedStep: 4, prefill: noPrefill, cartCep: '01310-100' }]);
      expect(guest).toMatchObject({ step: 1, email: '', address: { ...initialCheckoutState.address, cep: '01310100' } });
    });

    it('what is saved never holds the card', () => {
      const s = run([{ type: 'card', patch: { number: '4111 1111 1111 1111', cvv: '123' } }]);
      expect(JSON.stringify(progressOf(s))).not.toMatch(/4111|123/);
    });
  });
});
