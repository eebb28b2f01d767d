// Shared by the order API tests (tests/integration/order-*.test.ts): a valid order's parts and its answer.
import crypto from 'node:crypto';
import type { OrderView } from '#src/domain/orders/view.ts';

export const address = { cep: '01001000', street: 'Praça da Sé', number: '100', complement: 'Sala 2', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' };
export const card = { number: '4111 1111 1111 1111', name: 'MARIA DA SILVA', expiry: '12/30', cvv: '123' };
export const key = () => crypto.randomUUID();
export const customer = { name: 'Maria da Silva', cpf: '529.982.247-25', phone: '(11) 98765-4321' };
export const order = (over: Record<string, unknown> = {}) => ({
  idempotencyKey: key(),
  email: 'maria@example.com',
  lines: [{ productId: 1, quantity: 1 }],
  address,
  shipping: 'standard',
  payment: 'pix',
  installments: 1,
  customer,
  ...over,
});

export type Placed = { order: OrderView; accessToken: string | null; orderUrl: string; replayed: boolean };
