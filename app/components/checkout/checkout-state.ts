// The checkout's state as one reducer: the four steps' fields, which step is open, and the messages shown.
// Pure (no storage, no clock of its own): the page restores and saves `Progress` and passes `now` in.
import type { CardInput } from '#src/domain/payments/card.ts';
import { MESSAGES, validateAddress, validateBuyer, validatePayment } from '#src/domain/checkout/rules.ts';
import type { AddressInput } from '#src/domain/checkout/rules.ts';
import type { PaymentMethodId } from '#src/domain/pricing/pricing.ts';

export const STEPS = ['Identificação', 'Endereço', 'Pagamento', 'Confirmação'] as const;
export const LAST_STEP = STEPS.length;

export interface Buyer {
  name: string;
  cpf: string;
  phone: string;
}

/** What survives a reload (sessionStorage): never the card. */
export interface Progress {
  step: number;
  email: string;
  buyer: Buyer;
  address: AddressInput;
  /** A shipping option's id, as the server's quote offers it; '' until chosen. */
  shipping: string;
  payment: PaymentMethodId | '';
  installments: number;
}

/** The form fields an order error can point at (the inputs' ids). */
export type CheckoutField =
  | 'email'
  | 'buyer-name'
  | 'buyer-cpf'
  | 'buyer-phone'
  | 'cep'
  | 'street'
  | 'number'
  | 'complement'
  | 'neighborhood'
  | 'city'
  | 'state'
  | 'shipping'
  | 'payment'
  | 'card'
  | 'installments';
export type FieldErrors = Partial<Record<CheckoutField, string>>;

export interface CheckoutState extends Progress {
  card: CardInput;
  /** The red alert (a step that does not validate, a refused order). */
  notice: string;
  /** The amber status line (the CEP service is down). */
  info: string;
  /** Per-field messages from the server's answer to the order. */
  fieldErrors: FieldErrors;
}

/** The signed-in shopper's data the loader sends (steps 1 and 2 start from it). */
export interface Prefill {
  email: string | null;
  buyer: Buyer | null;
  addresses: AddressInput[];
}

export type CheckoutAction =
  | { type: 'restore'; saved: Progress | null; wantedStep: number | null; prefill: Prefill; cartCep: string | null }
  | { type: 'email'; value: string }
  | { type: 'buyer'; patch: Partial<Buyer> }
  | { type: 'address'; patch: Partial<AddressInput> }
  | { type: 'cepFound'; found: Pick<AddressInput, 'street' | 'neighborhood' | 'city' | 'state'> }
  | { type: 'shipping'; value: string }
  | { type: 'payment'; value: PaymentMethodId }
  | { type: 'card'; patch: Partial<CardInput> }
  | { type: 'installments'; value: number }
  | { type: 'maxInstallments'; max: number }
  | { type: 'next'; now: Date }
  | { type: 'back' }
  | { type: 'notice'; message: string }
  | { type: 'info'; message: string }
  | { type: 'clearMessages' }
  | { type: 'orderRefused'; message: string; fields?: FieldErrors };

export const emptyAddress: AddressInput = { cep: '', street: '', number: '', complement: '', neighborhood: '', city: '', state: '' };
const emptyBuyer: Buyer = { name: '', cpf: '', phone: '' };

export const initialCheckoutState: CheckoutState = {
  step: 1,
  email: '',
  buyer: emptyBuyer,
  address: emptyAddress,
  shipping: '',
  payment: '',
  installments: 1,
  card: { number: '', name: '', expiry: '', cvv: '' },
  notice: '',
  info: '',
  fieldErrors: {},
};

export function progressOf(s: CheckoutState): Progress {
  return { step: s.step, email: s.email, buyer: s.buyer, address: s.address, shipping: s.shipping, payment: s.payment, installments: s.installments };
}

/** The message that keeps `step` from being left, or null. */
export function stepError(s: CheckoutState, now: Date): string | null {
  if (s.step === 1) return validateBuyer({ email: s.email, ...s.buyer });
  if (s.step === 2) return validateAddress(s.address, s.shipping);
  if (s.step === 3) return validatePayment(s.payment, s.card, now);
  return null;
}

function withoutError(errors: FieldErrors, ...fields: CheckoutField[]): FieldErrors {
  if (!fields.some((f) => f in errors)) return errors;
  const next = { ...errors };
  for (const f of fields) delete next[f];
  return next;
}

const ADDRESS_FIELDS: Record<keyof AddressInput, CheckoutField> = {
  cep: 'cep',
  street: 'street',
  number: 'number',
  complement: 'complement',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
};
const BUYER_FIELDS: Record<keyof Buyer, CheckoutField> = { name: 'buyer-name', cpf: 'buyer-cpf', phone: 'buyer-phone' };

/** A saved session resumes where it was (at most the step asked for in ?etapa=); else the loader's prefill. */
function restore(s: CheckoutState, a: Extract<CheckoutAction, { type: 'restore' }>): CheckoutState {
  if (a.saved) {
    const saved = a.saved;
    const wanted = a.wantedStep !== null && a.wantedStep >= 1 && a.wantedStep <= LAST_STEP ? a.wantedStep : saved.step;
    return {
      ...s,
      email: saved.email,
      buyer: saved.buyer ?? emptyBuyer,
      address: { ...emptyAddress, ...saved.address },
      shipping: saved.shipping,
      payment: saved.payment,
      installments: saved.installments,
      step: Math.min(saved.step, wanted),
    };
  }
  const first = a.prefill.addresses[0];
  return {
    ...s,
    email: a.prefill.email ?? s.email,
    buyer: a.prefill.buyer ?? s.buyer,
    address: first ? { ...emptyAddress, ...first } : a.cartCep ? { ...emptyAddress, cep: a.cartCep.replace(/\D/g, '') } : s.address,
  };
}

export function checkoutReducer(s: CheckoutState, a: CheckoutAction): CheckoutState {
  switch (a.type) {
    case 'restore':
      return restore(s, a);
    case 'email':
      return { ...s, email: a.value, fieldErrors: withoutError(s.fieldErrors, 'email') };
    case 'buyer':
      return { ...s, buyer: { ...s.buyer, ...a.patch }, fieldErrors: withoutError(s.fieldErrors, ...Object.keys(a.patch).map((k) => BUYER_FIELDS[k as keyof Buyer])) };
    case 'address':
      return { ...s, address: { ...s.address, ...a.patch }, fieldErrors: withoutError(s.fieldErrors, ...Object.keys(a.patch).map((k) => ADDRESS_FIELDS[k as keyof AddressInput])) };
    case 'cepFound': {
      // What the CEP service knows fills the address; a blank answer keeps what the shopper typed.
      const { street, neighborhood, city, state } = a.found;
      const ad = s.address;
      return { ...s, address: { ...ad, street: street || ad.street, neighborhood: neighborhood || ad.neighborhood, city: city || ad.city, state: state || ad.state } };
    }
    case 'shipping':
      return { ...s, shipping: a.value, fieldErrors: withoutError(s.fieldErrors, 'shipping') };
    case 'payment':
      return { ...s, payment: a.value, fieldErrors: withoutError(s.fieldErrors, 'payment', 'card', 'installments') };
    case 'card':
      return { ...s, card: { ...s.card, ...a.patch }, fieldErrors: withoutError(s.fieldErrors, 'card') };
    case 'installments':
      return { ...s, installments: a.value, fieldErrors: withoutError(s.fieldErrors, 'installments') };
    case 'maxInstallments':
      return s.installments > a.max ? { ...s, installments: a.max } : s;
    case 'next': {
      const error = stepError(s, a.now);
      if (error) return { ...s, notice: error };
      return { ...s, step: Math.min(s.step + 1, LAST_STEP), notice: '', info: '' };
    }
    case 'back':
      return { ...s, step: Math.max(s.step - 1, 1), notice: '', info: '' };
    case 'notice':
      return { ...s, notice: a.message };
    case 'info':
      return { ...s, info: a.message };
    case 'clearMessages':
      return s.notice === '' && s.info === '' ? s : { ...s, notice: '', info: '' };
    case 'orderRefused':
      return { ...s, notice: a.message || MESSAGES.orderFailed, fieldErrors: a.fields ?? {} };
  }
}
