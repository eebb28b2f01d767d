// The nota fiscal as the shop builds it (pure): emitente, destinatário, items with NCM and CFOP, freight,
// totals and payment, from an order and its products' fiscal data. Every provider (sandbox, Focus NFe)
// sends or renders this one shape.

/** The store's fiscal settings (src/config/store.ts, overridden by the NFE_* variables: docs/invoicing.md). */
export interface FiscalSettings {
  legalName: string;
  tradeName: string;
  cnpj: string;
  inscricaoEstadual: string;
  /** simples: Simples Nacional (CRT 1, CSOSN 102); normal: regime normal (CRT 3, CST 00). */
  regime: 'simples' | 'normal';
  cfopInState: string;
  cfopOutOfState: string;
  series: number;
  address: { street: string; number: string; neighborhood: string; city: string; state: string; cep: string; phone: string };
  /** sandbox notas are not sent to SEFAZ: homologação, "SEM VALOR FISCAL". */
  environment: 'homologacao' | 'producao';
}

export interface NotaItem {
  numero: number;
  code: string;
  description: string;
  ncm: string;
  cest: string | null;
  origem: number;
  cfop: string;
  unit: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

export interface Nota {
  ref: string;
  /** 1: normal sale; 4: devolução. */
  finalidade: 1 | 4;
  naturezaOperacao: string;
  issuedAt: Date;
  emitente: FiscalSettings;
  destinatario: {
    name: string;
    cpf: string | null;
    email: string;
    phone: string | null;
    address: { street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string; cep: string };
  };
  items: NotaItem[];
  freightCents: number;
  discountCents: number;
  productsCents: number;
  totalCents: number;
  payment: { method: 'credit' | 'boleto' | 'pix'; amountCents: number };
  /** The sale nota a return nota refers to. */
  referencedKey: string | null;
}

export interface OrderForNota {
  number: string;
  email: string;
  customerName: string | null;
  customerCpf: string | null;
  customerPhone: string | null;
  street: string;
  streetNumber: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  cep: string;
  paymentMethod: string;
  shippingCents: number;
  couponDiscountCents: number;
  paymentDiscountCents: number;
  totalCents: number;
}

export interface LineForNota {
  id: number;
  productId: number | null;
  title: string;
  color: string | null;
  size: string | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  refCode: string | null;
  ncm: string | null;
  cest: string | null;
  origem: number | null;
  unit: string | null;
}

/** A nota as kept in the database (jsonb): its date as an ISO string. */
export type StoredNota = Omit<Nota, 'issuedAt'> & { issuedAt: string };

export const storeNota = (n: Nota): StoredNota => ({ ...n, issuedAt: n.issuedAt.toISOString() });
export const loadNota = (n: StoredNota): Nota => ({ ...n, issuedAt: new Date(n.issuedAt) });

/** Sale or return CFOP: the store's (5102/6102 by default) for a sale; 1202/2202 for goods coming back. */
export function cfopFor(kind: 'sale' | 'return', settings: FiscalSettings, destinationState: string): string {
  const inState = destinationState.toUpperCase() === settings.address.state.toUpperCase();
  if (kind === 'return') return inState ? '1202' : '2202';
  return inState ? settings.cfopInState : settings.cfopOutOfState;
}

const GENERIC_NCM = '87089990';

/** Builds the nota of an order (all its lines: a sale) or of some of its lines (a return). */
export function buildNota(input: { ref: string; kind: 'sale' | 'return'; order: OrderForNota; lines: LineForNota[]; settings: FiscalSettings; issuedAt: Date; referencedKey?: string | null }): Nota {
  const { order, settings, kind } = input;
  const cfop = cfopFor(kind, settings, order.state);
  const items: NotaItem[] = input.lines.map((l, i) => ({
    numero: i + 1,
    code: l.refCode ?? (l.productId === null ? `LINHA-${l.id}` : String(l.productId)),
    description: [l.title, l.color, l.size ? `Tam. ${l.size}` : null].filter(Boolean).join(' - '),
    ncm: l.ncm ?? GENERIC_NCM,
    cest: l.cest,
    origem: l.origem ?? 0,
    cfop,
    unit: l.unit ?? 'UN',
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    totalCents: l.unitPriceCents * l.quantity,
  }));
  const productsCents = items.reduce((s, it) => s + it.totalCents, 0);
  // A sale carries the order's freight and discounts, so the nota's total is what the buyer paid; a return,
  // the returned goods at their price (freight and discounts prorated by value).
  const whole = order.totalCents - order.shippingCents + order.couponDiscountCents + order.paymentDiscountCents;
  const share = kind === 'sale' || whole <= 0 ? 1 : Math.min(1, productsCents / whole);
  const freightCents = kind === 'sale' ? order.shippingCents : Math.round(order.shippingCents * share);
  const discountCents = kind === 'sale' ? order.couponDiscountCents + order.paymentDiscountCents : Math.round((order.couponDiscountCents + order.paymentDiscountCents) * share);
  const totalCents = productsCents + freightCents - discountCents;
  const method = (['credit', 'boleto', 'pix'] as const).find((m) => m === order.paymentMethod) ?? 'credit';
  return {
    ref: input.ref,
    finalidade: kind === 'sale' ? 1 : 4,
    naturezaOperacao: kind === 'sale' ? 'Venda de mercadoria' : 'Devolução de mercadoria',
    issuedAt: input.issuedAt,
    emitente: settings,
    destinatario: {
      name: order.customerName ?? 'Consumidor',
      cpf: order.customerCpf,
      email: order.email,
      phone: order.customerPhone,
      address: { street: order.street, number: order.streetNumber, complement: order.complement, neighborhood: order.neighborhood, city: order.city, state: order.state, cep: order.cep },
    },
    items,
    freightCents,
    discountCents,
    productsCents,
    totalCents,
    payment: { method, amountCents: totalCents },
    referencedKey: input.referencedKey ?? null,
  };
}

export const PAYMENT_LABELS: Record<Nota['payment']['method'], string> = { credit: 'Cartão de crédito', boleto: 'Boleto bancário', pix: 'PIX' };

const digits = (v: string) => v.replace(/\D/g, '');
export const formatCnpj = (v: string) => digits(v).replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
export const formatCpf = (v: string) => digits(v).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
export const formatCep = (v: string) => digits(v).replace(/^(\d{5})(\d{3})$/, '$1-$2');
