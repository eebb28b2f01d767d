import { describe, expect, it } from 'vitest';
import { toOrderView } from './view.ts';
import type { OrderRow } from './view.ts';

const row = {
  id: 7,
  number: '20260001',
  accessTokenHash: 'h',
  userId: null,
  email: 'ana@example.com',
  customerName: 'Ana Souza',
  customerCpf: '52998224725',
  customerPhone: '11987654321',
  status: 'awaiting_payment',
  cep: '01310100',
  street: 'Avenida Paulista',
  streetNumber: '1000',
  complement: null,
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  shippingMethod: 'standard',
  paymentMethod: 'pix',
  installments: 1,
  couponCode: null,
  subtotalCents: 10000,
  couponDiscountCents: 0,
  shippingCents: 4000,
  paymentDiscountCents: 1400,
  totalCents: 12600,
  trackingCode: null,
  rating: null,
  idempotencyKey: 'k',
  requestHash: 'r',
  anonymizedAt: null,
  expiresAt: null,
  createdAt: new Date('2026-03-10T15:00:00Z'),
  updatedAt: new Date('2026-03-10T15:00:00Z'),
} as OrderRow;

describe('toOrderView', () => {
  it("gives readers the buyer, the address, the totals and ISO dates, without the row's secrets", () => {
    const view = toOrderView(row, [], null, [{ status: 'awaiting_payment', note: null, createdAt: new Date('2026-03-10T15:00:01Z') }]);
    expect(view).toMatchObject({
      number: '20260001',
      createdAt: '2026-03-10T15:00:00.000Z',
      customer: { name: 'Ana Souza', cpf: '52998224725', phone: '11987654321' },
      address: { cep: '01310100', number: '1000', city: 'São Paulo' },
      totalCents: 12600,
      payment: null,
      events: [{ status: 'awaiting_payment', note: null, createdAt: '2026-03-10T15:00:01.000Z' }],
    });
    expect(JSON.stringify(view)).not.toMatch(/accessTokenHash|idempotencyKey|requestHash/);
  });

  it("has no buyer once the order is anonymized (or on a compatibility order), and the payment's dates as ISO text", () => {
    const pix = {
      status: 'pending',
      cardBrand: null,
      cardLast4: null,
      pixCode: '000201',
      pixExpiresAt: new Date('2026-03-10T15:30:00Z'),
      boletoLine: null,
      boletoDueDate: null,
      boletoUrl: null,
      failureReason: null,
    };
    const view = toOrderView({ ...row, customerName: null }, [], pix, []);
    expect(view.customer).toBeNull();
    expect(view.payment).toMatchObject({ status: 'pending', pixCode: '000201', pixExpiresAt: '2026-03-10T15:30:00.000Z', boletoUrl: null });
  });
});
