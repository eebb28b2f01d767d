import { Link } from 'react-router';
import { store } from '#src/config/store.ts';
import { PICKUP_LABEL } from '#src/domain/shipping/options.ts';
import { useState } from 'react';
import type { OrderView } from '#src/domain/orders/view.ts';
import { formatBoletoLine } from '#src/domain/payments/format.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { PAYMENT_METHODS } from '#src/domain/pricing/pricing.ts';
import { SHIPPING_METHODS } from '#src/domain/shipping/table.ts';
import { formatDateTime, formatTime } from '#src/platform/datetime.ts';
import { STATUS_LABELS } from '#src/domain/orders/status.ts';
import { applyMask } from '../lib/masks.ts';
import { ItemImage } from './ItemImage.tsx';

/** Why a cancelled order was cancelled (declined card, expired payment, the store's note), or null. */
export function cancelReason(order: Pick<OrderView, 'status' | 'events' | 'payment'>): string | null {
  if (order.status !== 'cancelled') return null;
  const event = [...order.events].reverse().find((e) => e.status === 'cancelled');
  return event?.note ?? order.payment?.failureReason ?? null;
}

/** A value the server masked ("***.982.247-**") is shown as it came; digits get the usual mask. */
const shown = (kind: 'cpf' | 'celular', value: string) => (value.includes('*') ? value : applyMask(kind, value));

/** "Maria da Silva · CPF 123.456.789-09 · (11) 98765-4321", or null for orders without a buyer's identity. */
export function buyerText(customer: OrderView['customer']): string | null {
  if (!customer) return null;
  return [customer.name, customer.cpf ? `CPF ${shown('cpf', customer.cpf)}` : '', customer.phone ? shown('celular', customer.phone) : ''].filter(Boolean).join(' · ');
}

/** The buyer as a boleto's Pagador: name and CPF. */
export function payerText(customer: OrderView['customer']): string {
  return customer ? `${customer.name}${customer.cpf ? ` · CPF ${shown('cpf', customer.cpf)}` : ''}` : 'Não informado';
}

/** Spec §9 / §8: payment text with its discount or installments, or "Não especificado". */
export function paymentText(order: Pick<OrderView, 'paymentMethod' | 'installments'>): string {
  const m = PAYMENT_METHODS.find((p) => p.id === order.paymentMethod);
  if (!m) return 'Não especificado';
  if (m.id === 'credit') return `${m.label} - ${order.installments || 1}x`;
  return `${m.label} - ${m.discountPercent}% de desconto`;
}

export function deliveryText(order: Pick<OrderView, 'shippingMethod'> & Partial<Pick<OrderView, 'shippingLabel' | 'shippingMaxDays' | 'pickupCode'>>): string {
  if (order.shippingMethod === 'pickup') return `${PICKUP_LABEL} em ${store.addressLine} (${store.hours})${order.pickupCode ? `; código de retirada ${order.pickupCode}` : ''}`;
  const m = SHIPPING_METHODS.find((s) => s.id === order.shippingMethod);
  const label = order.shippingLabel ?? m?.label;
  const days = order.shippingMaxDays ?? m?.estimateDays;
  if (!label || !days) return 'Não especificado';
  return `${label}: entrega estimada em até ${days} dias úteis`;
}

export function addressText(a: OrderView['address'] | null | undefined): string {
  if (!a || !a.street) return 'Endereço não disponível';
  // Masked (opened through "Acompanhar pedido"): street, city and the CEP's first five digits only.
  if (!a.number) return `${a.street}, ${a.city} - ${a.state}, CEP ${a.cep.slice(0, 5)}-${a.cep.slice(5)}`;
  return `${a.street}, ${a.number}${a.complement ? ` - ${a.complement}` : ''}, ${a.neighborhood}, ${a.city} - ${a.state}, CEP ${a.cep.slice(0, 5)}-${a.cep.slice(5)}`;
}

/** Payment, delivery and address of an order, as the success and order pages show them. */
export function OrderFacts({ order, className = '' }: { order: OrderView; className?: string }) {
  return (
    <dl className={`grid gap-3 text-sm sm:grid-cols-2 ${className}`}>
      {order.customer && (
        <div className="sm:col-span-2">
          <dt className="font-semibold">Comprador</dt>
          <dd className="text-ink-soft">{buyerText(order.customer)}</dd>
        </div>
      )}
      <div>
        <dt className="font-semibold">Pagamento</dt>
        <dd className="text-ink-soft">
          {paymentText(order)}
          {order.payment?.cardLast4 ? ` · cartão final ${order.payment.cardLast4}` : ''}
        </dd>
      </div>
      <div>
        <dt className="font-semibold">Entrega</dt>
        <dd className="text-ink-soft">{deliveryText(order)}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="font-semibold">Endereço</dt>
        <dd className="text-ink-soft">{addressText(order.address)}</dd>
      </div>
    </dl>
  );
}

/** The order's lines; `reviewLinks` (a delivered order) adds "Avaliar produto" to each product still in the catalog. */
export function OrderItems({ order, reviewLinks = false }: { order: OrderView; reviewLinks?: boolean }) {
  return (
    <ul className="divide-y divide-neutral-200">
      {order.lines.map((l, i) => (
        <li key={`${l.productId}-${l.color}-${l.size}-${i}`} className="flex items-center gap-3 py-3">
          <ItemImage src={l.imageUrl} alt="" />
          <div className="flex-1 text-sm">
            <p className="font-semibold">{l.title || 'Produto'}</p>
            <p className="text-ink-soft">
              {l.quantity} x {formatBRL(l.unitPriceCents)}
              {l.color ? ` · Cor: ${l.color}` : ''}
              {l.size ? ` · Tamanho: ${l.size}` : ''}
            </p>
            {reviewLinks && l.productId !== null && (
              <Link to={`/AvaliarProduto/${l.productId}`} className="mt-1 inline-block font-semibold underline" aria-label={`Avaliar produto: ${l.title || 'Produto'}`}>
                Avaliar produto
              </Link>
            )}
          </div>
          <p className="font-semibold">{formatBRL(l.lineTotalCents)}</p>
        </li>
      ))}
    </ul>
  );
}

export function OrderTotalsList({ order }: { order: OrderView }) {
  const row = (label: string, value: string) => (
    <div className="flex justify-between gap-2">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
  return (
    <dl className="space-y-1.5 text-sm">
      {row('Subtotal', formatBRL(order.subtotalCents))}
      {order.couponDiscountCents > 0 && row('Cupom', `− ${formatBRL(order.couponDiscountCents)}`)}
      {row('Frete', formatBRL(order.shippingCents))}
      {order.paymentDiscountCents > 0 && row('Desconto do pagamento', `− ${formatBRL(order.paymentDiscountCents)}`)}
      <div className="flex justify-between border-t border-neutral-200 pt-2 text-base font-extrabold">
        <dt>Total</dt>
        <dd>{formatBRL(order.totalCents)}</dd>
      </div>
    </dl>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(() => setCopied(true));
        }}
        className="rounded-lg bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-ink-soft"
      >
        {label}
      </button>
      <span role="status" className="ml-2 text-sm text-emerald-700">
        {copied ? 'Copiado!' : ''}
      </span>
    </>
  );
}

/** PIX QR and "copia e cola", or the boleto line, while the order waits for payment. */
export function PaymentInstructions({ order, token }: { order: OrderView; token: string | null }) {
  const p = order.payment;
  if (!p || order.status !== 'awaiting_payment') return null;
  const q = token ? `?token=${encodeURIComponent(token)}` : '';
  if (order.paymentMethod === 'pix' && p.pixCode) {
    return (
      <section aria-labelledby="pix" className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200">
        <h2 id="pix" className="text-lg font-bold">
          Pague com PIX
        </h2>
        <p className="mt-1 text-sm text-ink-soft">
          Escaneie o QR Code no app do seu banco ou use o código copia e cola. Válido até {p.pixExpiresAt ? `${formatTime(p.pixExpiresAt)} (horário de Brasília)` : 'o prazo indicado no e-mail'}.
        </p>
        <img src={`/api/orders/${order.number}/pix.svg${q}`} alt="QR Code PIX do pedido" width={220} height={220} className="mt-3 rounded-lg bg-white" />
        <label htmlFor="pix-code" className="mt-3 block text-sm font-medium">
          PIX copia e cola
        </label>
        <textarea id="pix-code" readOnly value={p.pixCode} rows={3} className="mt-1 w-full rounded-lg border border-neutral-300 p-2 font-mono text-xs" />
        <div className="mt-2">
          <CopyButton text={p.pixCode} label="Copiar código PIX" />
        </div>
      </section>
    );
  }
  if (order.paymentMethod === 'boleto' && p.boletoLine) {
    return (
      <section aria-labelledby="boleto" className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200">
        <h2 id="boleto" className="text-lg font-bold">
          Pague o boleto
        </h2>
        <p className="mt-1 text-sm text-ink-soft">Vencimento: {p.boletoDueDate?.split('-').reverse().join('/')}</p>
        <label htmlFor="boleto-line" className="mt-3 block text-sm font-medium">
          Linha digitável
        </label>
        <input id="boleto-line" readOnly value={formatBoletoLine(p.boletoLine)} className="mt-1 w-full rounded-lg border border-neutral-300 p-2 font-mono text-sm" />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <CopyButton text={p.boletoLine} label="Copiar linha digitável" />
          {p.boletoUrl ? (
            <a href={p.boletoUrl} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold underline">
              Abrir boleto (Mercado Pago)
            </a>
          ) : (
            <a href={`/Pedidos/${order.number}/boleto${q}`} target="_blank" rel="noopener" className="text-sm font-semibold underline">
              Imprimir boleto
            </a>
          )}
        </div>
      </section>
    );
  }
  return null;
}

/** The parcel's way once shipped: the shipment, each carrier event (tracking) and the delivery, oldest first. */
export function ShipmentTimeline({ order }: { order: Pick<OrderView, 'events'> }) {
  const steps = order.events.filter((e) => e.status === 'shipped' || e.status === 'tracking' || e.status === 'delivered').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (steps.length === 0) return null;
  return (
    <div className="mt-5">
      <h3 className="font-bold">Rastreamento</h3>
      <ol className="mt-2 space-y-2 border-l-2 border-brand pl-4 text-sm">
        {steps.map((e, i) => (
          <li key={i}>
            <time dateTime={e.createdAt} className="block text-xs text-ink-soft">
              {formatDateTime(e.createdAt)}
            </time>
            <span className="font-semibold">{e.status === 'tracking' ? e.note : STATUS_LABELS[e.status as 'shipped' | 'delivered']}</span>
            {e.status !== 'tracking' && e.note && <span className="block">{e.note}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}
