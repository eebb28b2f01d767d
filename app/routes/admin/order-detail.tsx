// /Admin/Pedidos/:number: one order for the back office: buyer, address, lines and totals, the payment
// record and the history; moves to the next status (shipping asks the tracking code), cancellation with
// restock (after a confirmation) and the nota's fiscal event, the nota fiscal (a refused one retried), and a
// link to print the packing slip.
import { data, Form, Link, useNavigation } from 'react-router';
import { applyMask } from '#app/lib/masks.ts';
import { z } from 'zod';
import type { Route } from './+types/order-detail';
import { getAdminOrder, moveOrderAsAdmin } from '#src/domain/orders/back-office.server.ts';
import { cancelInvoicedOrder } from '#src/domain/invoicing/events.server.ts';
import { retryInvoice } from '#src/domain/invoicing/issue.server.ts';
import { invoicesOfOrder } from '#src/domain/invoicing/read.server.ts';
import { InvoicePanel } from '#app/components/admin/InvoicePanel.tsx';
import { adminInvoice } from '#app/lib/admin-invoices.server.ts';
import { nextStatuses, STATUS_LABELS } from '#src/domain/orders/status.ts';
import { shippingOf } from '#src/domain/checkout/services.server.ts';
import { deliveryTrackedByCarrier } from '#src/domain/orders/shipment-tracking.server.ts';
import { shipmentOf } from '#src/domain/orders/expedition.server.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import { addressText, paymentText } from '#app/components/OrderDetails.tsx';
import { AdminShell, adminButton, adminInput, adminSecondaryButton, Notice } from '#app/components/admin/AdminShell.tsx';
import { requireAdmin } from '#app/lib/admin.server.ts';
import { cpfText, STATUS_TONE, statusLabel } from '#app/lib/admin-orders.ts';
import { authOf, catalogChangesOf, dbOf, servicesOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Pedido #${params.number} | Administração | Olimpo Peças` }, { name: 'robots', content: 'noindex' }];

const PAYMENT_STATUS: Record<string, string> = { pending: 'Pendente', authorized: 'Autorizado', paid: 'Pago', declined: 'Recusado', cancelled: 'Cancelado', expired: 'Expirado' };

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, url, authOf(context));
  const order = await getAdminOrder(dbOf(context), params.number);
  if (!order) throw data('Pedido não encontrado.', { status: 404 });
  // "Pago" only comes from a verified payment (webhook or provider), never from this page; "Faturado" only from
  // an authorised nota fiscal; "Entregue" from the carrier's delivered event when its label was bought from a
  // provider that tracks.
  const [tracked, shipment, invoices] = await Promise.all([
    deliveryTrackedByCarrier(dbOf(context), [order.number], shippingOf(servicesOf(context).checkout).provider),
    shipmentOf(dbOf(context), order.number),
    invoicesOfOrder(dbOf(context), order.number),
  ]);
  const carrierDelivers = tracked.has(order.number);
  const moves = nextStatuses(order.status).filter((s) => s !== 'paid' && s !== 'invoiced' && s !== 'cancelled' && !(s === 'delivered' && carrierDelivers));
  return {
    invoices: invoices.map((i) => adminInvoice(order.number, i)),
    canRetryInvoice: invoices.some((i) => i.status === 'refused'),
    awaitingInvoice: order.status === 'awaiting_payment',
    order: {
      number: order.number,
      status: order.status,
      createdAt: formatDateTime(order.createdAt),
      email: order.email,
      name: order.customerName,
      cpf: cpfText(order.customerCpf),
      phone: order.customerPhone ? applyMask('celular', order.customerPhone) : null,
      address: addressText(order.address),
      shipping: order.pickupCode ? `${order.shippingLabel} (código ${order.pickupCode})` : order.shippingLabel,
      payment: paymentText(order),
      coupon: order.couponCode,
      trackingCode: order.trackingCode,
      label: shipment?.labelUrl ? { url: shipment.labelUrl, name: [shipment.carrier, shipment.service].filter(Boolean).join(' ') } : null,
      lines: order.lineDetails.map((l) => ({ ...l, unit: formatBRL(l.unitPriceCents), total: formatBRL(l.lineTotalCents) })),
      totals: [
        ['Subtotal', formatBRL(order.subtotalCents)],
        ...(order.couponDiscountCents ? [[`Cupom ${order.couponCode ?? ''}`.trim(), `− ${formatBRL(order.couponDiscountCents)}`]] : []),
        ['Frete', formatBRL(order.shippingCents)],
        ...(order.paymentDiscountCents ? [['Desconto do pagamento', `− ${formatBRL(order.paymentDiscountCents)}`]] : []),
        ['Total', formatBRL(order.totalCents)],
      ] as [string, string][],
      paymentRecord: order.paymentRecord
        ? {
            provider: order.paymentRecord.provider,
            status: PAYMENT_STATUS[order.paymentRecord.status] ?? order.paymentRecord.status,
            amount: formatBRL(order.paymentRecord.amountCents),
            ref: order.paymentRecord.providerRef,
            createdAt: formatDateTime(order.paymentRecord.createdAt),
            paidAt: order.paymentRecord.paidAt ? formatDateTime(order.paymentRecord.paidAt) : null,
            failure: order.payment?.failureReason ?? null,
          }
        : null,
      events: order.events.map((e) => ({ status: statusLabel(e.status), note: e.note, at: formatDateTime(e.createdAt) })),
      divergence:
        order.divergentPaidCents === null
          ? null
          : `O Mercado Pago aprovou ${formatBRL(order.divergentPaidCents)} para este pedido, cujo total é ${formatBRL(order.totalCents)}. O pedido não foi marcado como pago e o valor não é estornado sozinho: confira com o cliente e estorne o pagamento no painel do Mercado Pago (este aviso some quando o estorno for confirmado).`,
    },
    moves: moves.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
    canCancel: nextStatuses(order.status).includes('cancelled'),
  };
}

const actionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('mover'),
    status: z.enum(['picking', 'shipped', 'delivered']),
    rastreio: z.string().trim().max(40, 'O código de rastreio pode ter no máximo 40 caracteres.').optional(),
  }),
  z.object({ intent: z.literal('emitir-nota') }),
  z.object({ intent: z.literal('cancelar'), confirmacao: z.literal('on', { error: 'Marque a confirmação para cancelar.' }), motivo: z.string().trim().max(200).optional() }),
]);

export async function action({ request, url, params, context }: Route.ActionArgs) {
  await requireAdmin(request, url, authOf(context));
  if (!/^\d{8}$/.test(params.number)) throw data('Pedido não encontrado.', { status: 404 });
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data(
      { ok: false, message: parsed.error.issues[0]?.message.startsWith('Marque') || parsed.error.issues[0]?.message.startsWith('O código') ? parsed.error.issues[0]!.message : 'Ação inválida.' },
      { status: 400 },
    );
  const db = dbOf(context);
  const v = parsed.data;
  const invoicing = { ...servicesOf(context).invoicing, jobs: servicesOf(context).jobs };
  if (v.intent === 'emitir-nota') {
    const retried = await retryInvoice(db, params.number, invoicing);
    return data(retried, { status: retried.ok ? 200 : 409 });
  }
  if (v.intent === 'cancelar') {
    const cancelled = await cancelInvoicedOrder(db, params.number, {
      reason: v.motivo ? `Cancelado pela loja: ${v.motivo}` : 'Cancelado pela loja.',
      deps: invoicing,
      provider: servicesOf(context).checkout.provider,
      jobs: servicesOf(context).jobs,
      catalogChanges: catalogChangesOf(context),
    });
    if (!cancelled.ok) return data({ ok: false, message: cancelled.message }, { status: 409 });
    return { ok: true, message: `Pedido cancelado; o estoque foi devolvido.${cancelled.fiscal ? ` ${cancelled.fiscal}` : ''}` };
  }
  const result = await moveOrderAsAdmin(db, params.number, v.status, v.rastreio || null, servicesOf(context).jobs);
  if (!result.ok) return data({ ok: false, message: result.message }, { status: 409 });
  return { ok: true, message: `Pedido movido para "${STATUS_LABELS[v.status]}".` };
}

export default function AdminOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order: o, moves, canCancel, invoices, canRetryInvoice, awaitingInvoice } = loaderData;
  const busy = useNavigation().state === 'submitting';
  return (
    <AdminShell
      title={`Pedido #${o.number}`}
      actions={
        <div className="flex flex-wrap gap-2 text-sm">
          <Link to="/Admin/Pedidos" className={adminSecondaryButton}>
            ← Pedidos
          </Link>
          <Link to={`/Admin/Pedidos/${o.number}/etiqueta`} className={adminSecondaryButton} target="_blank">
            Imprimir romaneio
          </Link>
        </div>
      }
    >
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        {o.createdAt} <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[o.status] ?? ''}`}>{statusLabel(o.status)}</span>
        {o.trackingCode && (
          <span>
            · Rastreio: <strong>{o.trackingCode}</strong>
          </span>
        )}
        {o.label && (
          <a href={o.label.url} target="_blank" rel="noopener noreferrer" className="underline">
            · Etiqueta {o.label.name} (PDF)
          </a>
        )}
      </p>
      {o.divergence && <Notice ok={false} message={o.divergence} />}
      {actionData && <Notice ok={actionData.ok} message={actionData.message} />}
      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <section aria-labelledby="itens" className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
            <h2 id="itens" className="font-bold">
              Itens
            </h2>
            <ul className="mt-2 divide-y divide-neutral-200 text-sm">
              {o.lines.map((l, i) => (
                <li key={i} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    {l.quantity} ×{' '}
                    {l.productId ? (
                      <Link to={`/Admin/Produtos/${l.productId}`} className="underline">
                        {l.title}
                      </Link>
                    ) : (
                      l.title
                    )}
                    {l.color ? ` (${l.color}, ${l.size})` : ''} · {l.unit}
                  </span>
                  <strong>{l.total}</strong>
                </li>
              ))}
            </ul>
            <dl className="mt-2 space-y-1 border-t border-neutral-200 pt-2 text-sm">
              {o.totals.map(([k, v]) => (
                <div key={k} className={`flex justify-between ${k === 'Total' ? 'text-base font-bold' : ''}`}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="cliente" className="rounded-xl bg-white p-4 text-sm ring-1 ring-neutral-200">
            <h2 id="cliente" className="font-bold">
              Cliente e entrega
            </h2>
            <dl className="mt-2 grid gap-2 sm:grid-cols-2">
              <div>
                <dt className="text-ink-soft">Nome</dt>
                <dd>{o.name ?? 'Não informado'}</dd>
              </div>
              <div>
                <dt className="text-ink-soft">E-mail</dt>
                <dd className="break-all">{o.email}</dd>
              </div>
              <div>
                <dt className="text-ink-soft">CPF</dt>
                <dd>{o.cpf || 'Não informado'}</dd>
              </div>
              <div>
                <dt className="text-ink-soft">Celular</dt>
                <dd>{o.phone ?? 'Não informado'}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-ink-soft">Endereço</dt>
                <dd>{o.address}</dd>
              </div>
              <div>
                <dt className="text-ink-soft">Envio</dt>
                <dd>{o.shipping}</dd>
              </div>
              <div>
                <dt className="text-ink-soft">Pagamento</dt>
                <dd>{o.payment}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="pagamento" className="rounded-xl bg-white p-4 text-sm ring-1 ring-neutral-200">
            <h2 id="pagamento" className="font-bold">
              Pagamento
            </h2>
            {o.paymentRecord ? (
              <dl className="mt-2 grid gap-2 sm:grid-cols-3">
                <div>
                  <dt className="text-ink-soft">Situação</dt>
                  <dd className="font-semibold">{o.paymentRecord.status}</dd>
                </div>
                <div>
                  <dt className="text-ink-soft">Valor</dt>
                  <dd>{o.paymentRecord.amount}</dd>
                </div>
                <div>
                  <dt className="text-ink-soft">Provedor</dt>
                  <dd>
                    {o.paymentRecord.provider}
                    {o.paymentRecord.ref ? ` · ${o.paymentRecord.ref}` : ''}
                  </dd>
                </div>
                <div>
                  <dt className="text-ink-soft">Criado em</dt>
                  <dd>{o.paymentRecord.createdAt}</dd>
                </div>
                <div>
                  <dt className="text-ink-soft">Pago em</dt>
                  <dd>{o.paymentRecord.paidAt ?? '—'}</dd>
                </div>
                {o.paymentRecord.failure && (
                  <div>
                    <dt className="text-ink-soft">Motivo da recusa</dt>
                    <dd>{o.paymentRecord.failure}</dd>
                  </div>
                )}
              </dl>
            ) : (
              <p className="mt-2">Sem registro de pagamento.</p>
            )}
          </section>
        </div>
        <div className="space-y-4">
          <InvoicePanel invoices={invoices} canRetry={canRetryInvoice} busy={busy} awaiting={awaitingInvoice} />
          {moves.length > 0 && (
            <section aria-labelledby="mover" className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
              <h2 id="mover" className="font-bold">
                Mudar situação
              </h2>
              <Form method="post" className="mt-2 space-y-3 text-sm">
                <input type="hidden" name="intent" value="mover" />
                <label className="block font-semibold">
                  Nova situação
                  <select name="status" className={adminInput}>
                    {moves.map((m) => (
                      <option key={m.value} value={m.value}>
                        {m.label}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="block font-semibold">
                  Código de rastreio (ao enviar)
                  <input name="rastreio" maxLength={40} className={adminInput} autoComplete="off" />
                </label>
                <button type="submit" className={adminButton} disabled={busy}>
                  Atualizar situação
                </button>
              </Form>
            </section>
          )}
          {canCancel && (
            <section aria-labelledby="cancelar" className="rounded-xl bg-white p-4 ring-1 ring-red-200">
              <h2 id="cancelar" className="font-bold text-red-800">
                Cancelar pedido
              </h2>
              <Form method="post" className="mt-2 space-y-3 text-sm">
                <input type="hidden" name="intent" value="cancelar" />
                <label className="block font-semibold">
                  Motivo (opcional)
                  <input name="motivo" maxLength={200} className={adminInput} />
                </label>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="confirmacao" /> Confirmo o cancelamento (o estoque volta para a loja; a nota fiscal é cancelada, ou devolvida após 24 horas)
                </label>
                <button type="submit" className="rounded-lg bg-red-700 px-3 py-2 font-semibold text-white hover:bg-red-800" disabled={busy}>
                  Cancelar pedido
                </button>
              </Form>
            </section>
          )}
          <section aria-labelledby="historico" className="rounded-xl bg-white p-4 text-sm ring-1 ring-neutral-200">
            <h2 id="historico" className="font-bold">
              Histórico
            </h2>
            <ol className="mt-2 space-y-2">
              {o.events.map((e, i) => (
                <li key={i}>
                  <span className="font-semibold">{e.at}</span> · {e.status}
                  {e.note ? <span className="block text-ink-soft">{e.note}</span> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </AdminShell>
  );
}
