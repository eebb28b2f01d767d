// The checkout's validation rules and their spec texts (§5), shared by the page (step by step) and the
// server (the whole order at once).
import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils/is-valid-mobile-phone';
import { z } from 'zod';
import { CARD_MESSAGES, checkCard } from '../payments/card.ts';
import type { CardInput } from '../payments/card.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../cart/quote.ts';
import { UFS } from '../shipping/uf.ts';
import { shippingOptionId } from '../shipping/option-id.ts';
import { isValidShopEmail } from '../accounts/validation.ts';

export const MESSAGES = {
  email: 'Por favor, insira um e-mail válido.',
  address: 'Por favor, preencha todos os campos do endereço e selecione uma forma de envio.',
  cep: 'Digite um CEP válido com 8 números.',
  cepNotFound: 'CEP não encontrado',
  payment: 'Por favor, selecione um método de pagamento.',
  card: CARD_MESSAGES.missing,
  installments: 'Número de parcelas inválido para este valor.',
  emptyCart: 'Seu carrinho está vazio!',
  orderFailed: 'Erro ao finalizar a compra. Tente novamente.',
  invalidOrder: 'Dados do pedido inválidos. Revise o carrinho, o endereço e o pagamento.',
  customerMissing: 'Informe o nome completo, o CPF e o celular de quem está comprando.',
  name: 'Informe o nome completo (nome e sobrenome).',
  cpfRequired: 'Informe o CPF.',
  cpf: 'CPF inválido: confira os números digitados.',
  phoneRequired: 'Informe o celular.',
  phone: 'Celular inválido: confira o DDD e o número.',
  unitsPerProduct: (max: number) => `Quantidade máxima por produto: ${max} unidades por pedido.`,
  totalTooLarge: 'O valor do pedido ultrapassa o limite de uma única compra. Divida a compra em pedidos menores.',
} as const;

export { MAX_UNITS_PER_PRODUCT } from './units.ts';

export { UFS };

export interface AddressInput {
  cep: string;
  street: string;
  number: string;
  complement?: string;
  neighborhood: string;
  city: string;
  state: string;
}

export function validateIdentification(email: string): string | null {
  return isValidShopEmail(email) ? null : MESSAGES.email;
}

/** Keeps digits only, at most 8 (spec §5). */
export function cepInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 8);
}

export interface BuyerInput {
  email: string;
  name: string;
  cpf: string;
  phone: string;
}

const onlyDigits = (s: string) => s.replace(/\D/g, '');
const cleanName = (s: string) => s.replace(/\s+/g, ' ').trim();

export function validateName(name: string): string | null {
  const n = cleanName(name);
  return n.length <= 100 && n.split(' ').length >= 2 && /\p{L}/u.test(n) ? null : MESSAGES.name;
}
export function validateCpf(cpf: string): string | null {
  const d = onlyDigits(cpf);
  if (d === '') return MESSAGES.cpfRequired;
  return d.length === 11 && /^[\d.\-\s]+$/.test(cpf) && isValidCpf(d) ? null : MESSAGES.cpf;
}
export function validatePhone(phone: string): string | null {
  const d = onlyDigits(phone);
  if (d === '') return MESSAGES.phoneRequired;
  return d.length === 11 && /^[\d()\-\s]+$/.test(phone) && isValidMobilePhone(d) ? null : MESSAGES.phone;
}

/** Step 1 ("Identificação"): the spec's e-mail message first, then name, CPF and celular. */
export function validateBuyer(b: BuyerInput): string | null {
  return validateIdentification(b.email) ?? validateName(b.name) ?? validateCpf(b.cpf) ?? validatePhone(b.phone);
}

export function validateCep(cep: string): string | null {
  return /^\d{8}$/.test(cep) ? null : MESSAGES.cep;
}

export function validateAddress(a: Partial<AddressInput>, shipping: string | null | undefined): string | null {
  const required = [a.cep, a.street, a.number, a.neighborhood, a.city, a.state];
  if (required.some((v) => !v || v.trim() === '') || !shipping) return MESSAGES.address;
  if (validateCep(a.cep!)) return MESSAGES.cep;
  if (!(UFS as readonly string[]).includes(a.state!.trim().toUpperCase())) return MESSAGES.address;
  return null;
}

export function validatePayment(payment: string | null | undefined, card: Partial<CardInput> | undefined, now = new Date()): string | null {
  if (payment !== 'credit' && payment !== 'boleto' && payment !== 'pix') return MESSAGES.payment;
  if (payment === 'credit') {
    const check = checkCard(card, now);
    if (!check.ok) return check.message;
  }
  return null;
}

const text = (max: number) => z.string({ error: MESSAGES.address }).trim().min(1, MESSAGES.address).max(max, MESSAGES.address);

const check = (rule: (v: string) => string | null) => (v: string, ctx: z.RefinementCtx) => {
  const message = rule(v);
  if (message) ctx.addIssue({ code: 'custom', message });
};

/** Who is buying: stored as the name, the CPF's 11 digits and the celular's 11 digits. */
export const customerSchema = z.object(
  {
    name: z
      .string({ error: MESSAGES.name })
      .max(200, MESSAGES.name)
      .transform(cleanName)
      .refine((v) => validateName(v) === null, MESSAGES.name),
    cpf: z.string({ error: MESSAGES.cpfRequired }).max(20, MESSAGES.cpf).superRefine(check(validateCpf)).transform(onlyDigits),
    phone: z.string({ error: MESSAGES.phoneRequired }).max(20, MESSAGES.phone).superRefine(check(validatePhone)).transform(onlyDigits),
  },
  { error: MESSAGES.customerMissing },
);

/** The order as the checkout sends it; `customer` is optional only for the spec's compatibility call (POST /orders). */
export const placeOrderSchema = z.object({
  idempotencyKey: z.string({ error: 'Chave de idempotência ausente.' }).regex(/^[A-Za-z0-9_-]{16,100}$/, 'Chave de idempotência inválida.'),
  email: z.string({ error: MESSAGES.email }).trim().toLowerCase().max(254, MESSAGES.email).refine(isValidShopEmail, MESSAGES.email),
  lines: z
    .array(
      z.object({
        productId: z.number({ error: 'Produto inválido.' }).int('Produto inválido.').positive('Produto inválido.').max(2_147_483_647, 'Produto inválido.'),
        color: z.string().trim().max(40).optional(),
        size: z.string().trim().max(10).optional(),
        quantity: z.number({ error: 'Quantidade inválida.' }).int('Quantidade inválida.').min(1, 'Quantidade inválida.').max(MAX_LINE_QUANTITY, 'Quantidade inválida.'),
      }),
      { error: MESSAGES.emptyCart },
    )
    .min(1, MESSAGES.emptyCart)
    .max(MAX_CART_LINES, `O carrinho pode ter no máximo ${MAX_CART_LINES} itens.`),
  coupon: z.string().trim().max(40).optional(),
  address: z.object(
    {
      cep: z.string({ error: MESSAGES.cep }).regex(/^\d{8}$/, MESSAGES.cep),
      street: text(200),
      number: text(20),
      complement: z.string().trim().max(100, MESSAGES.address).optional(),
      neighborhood: text(100),
      city: text(100),
      state: z
        .string({ error: MESSAGES.address })
        .trim()
        .toUpperCase()
        .refine((v) => (UFS as readonly string[]).includes(v), MESSAGES.address),
    },
    { error: MESSAGES.address },
  ),
  shipping: shippingOptionId,
  payment: z.enum(['credit', 'boleto', 'pix'], { error: MESSAGES.payment }),
  installments: z.number({ error: MESSAGES.installments }).int(MESSAGES.installments).min(1, MESSAGES.installments).max(10, MESSAGES.installments).default(1),
  // The sandbox takes the typed card (checked, then dropped); a gateway takes the token the browser made.
  card: z
    .union([
      z.object({
        token: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/, CARD_MESSAGES.missing),
        paymentMethodId: z.string().regex(/^[a-z_]{2,30}$/, CARD_MESSAGES.missing),
        issuerId: z
          .string()
          .regex(/^\d{1,20}$/, CARD_MESSAGES.missing)
          .optional(),
        brand: z.string().max(30).optional(),
        last4: z
          .string()
          .regex(/^\d{4}$/, CARD_MESSAGES.missing)
          .optional(),
      }),
      z
        .object({
          number: z.string().max(30),
          name: z.string().max(80),
          expiry: z.string().max(10),
          cvv: z.string().max(10),
        })
        .partial(),
    ])
    .optional(),
  customer: customerSchema.optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** POST /api/orders: the buyer's name, CPF and celular are required. */
export const apiPlaceOrderSchema = placeOrderSchema.extend({ customer: customerSchema });
