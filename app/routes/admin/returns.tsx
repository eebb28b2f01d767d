// /Admin/Devolucoes: the buyers' return requests, those waiting for a decision first. Approve (with Melhor Envio
// the store's reverse label is bought at once; in table mode the owner may type the Correios reverse-logistics
// code of the store's contract), refuse with a reason, then "Itens recebidos" when the parcel arrives (with the
// postage the buyer paid, if any): the stock comes back once, the refund goes through the payment provider (or
// the exchange order is made). "Comprar etiqueta de devolução" and "Reembolsar" retry what failed.
import { data, Form, Link } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/returns';
import { shippingOf } from '#src/domain/checkout/services.server.ts';
import { saleAccessKeys } from '#src/domain/invoicing/read.server.ts';
import { listReturns, refuseReturn } from '#src/domain/returns/decide.server.ts';
import { receiveReturn } from '#src/domain/returns/receive.server.ts';
import { authorizeReturn, buyReturnLabel, buysReturnLabels } from '#src/domain/returns/reverse-label.server.ts';
import { CORREIOS_CODE_MESSAGE, CORREIOS_CODE_PATTERN, MIN_REFUSAL_REASON, RETURN_STATUS_LABELS, RETURN_STATUSES } from '#src/domain/returns/wording.ts';
import type { ReturnStatus } from '#src/domain/returns/wording.ts';
import { formatBRL, parsePriceParam } from '#src/domain/pricing/money.ts';
import { MAX_POSTAGE_REFUND_CENTS } from '#src/domain/pricing/pricing.ts';
import { formatDateTime } from '#src/platform/datetime.ts';
import { CONTROL_CHARS_MESSAGE, hasControlChars } from '#src/platform/control-chars.ts';
import { AdminShell, adminButton, adminInput, adminSecondaryButton, Notice } from '#app/components/admin/AdminShell.tsx';
import { formFields, requireAdmin } from '#app/lib/admin.server.ts';
import { authOf, catalogChangesOf, dbOf, servicesOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Devoluções | Administração | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

const filterSchema = z.enum(RETURN_STATUSES).optional().catch(undefined);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdmin(request, url, authOf(context));
  const status = filterSchema.parse(url.searchParams.get('situacao') ?? undefined);
  const rows = await listReturns(dbOf(context), { status });
  return {
    status: status ?? '',
    carrier: buysReturnLabels(shippingOf(servicesOf(context).checkout)),
    rows: rows.map((r) => ({
      id: r.id,
      orderNumber: r.orderNumber,
      buyer: r.customerName ?? r.email,
      createdAt: formatDateTime(r.createdAt),
      reason: r.reasonLabel,
      status: r.status,
      statusLabel: r.statusLabel,
      comment: r.comment,
      decisionNote: r.decisionNote,
      authorizationCode: r.authorizationCode,
      correiosCode: r.correiosCode,
      label: r.label,
      labelError: r.labelError,
      postageByStore: r.postageByStore,
      postage: r.postageRefundCents ? formatBRL(r.postageRefundCents) : null,
      items: r.items.map((i) => `${i.quantity} x ${i.title}`),
      refund: r.refundCents ? formatBRL(r.refundCents) : null,
      refunded: r.refundedAt !== null,
      exchangeOrderNumber: r.exchangeOrderNumber,
    })),
  };
}

const POSTAGE_MESSAGE = `Informe a postagem paga pelo cliente em reais, de R$ 0,00 a ${formatBRL(MAX_POSTAGE_REFUND_CENTS)} (ex.: 23,50).`;
const postage = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    const cents = v ? parsePriceParam(v) : 0;
    if (cents === null) return 0;
    if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_POSTAGE_REFUND_CENTS) {
      ctx.addIssue({ code: 'custom', message: POSTAGE_MESSAGE });
      return z.NEVER;
    }
    return cents;
  });
const correiosCode = z
  .string()
  .trim()
  .toUpperCase()
  .optional()
  .refine((v) => !v || CORREIOS_CODE_PATTERN.test(v), { message: CORREIOS_CODE_MESSAGE });
const returnId = z.coerce.number().int().positive();

const actionSchema = z.discriminatedUnion('acao', [
  z.object({ acao: z.literal('aprovar'), devolucao: returnId, codigoCorreios: correiosCode }),
  z.object({
    acao: z.literal('recusar'),
    devolucao: returnId,
    motivo: z
      .string()
      .refine((s) => !hasControlChars(s, { multiline: true }), CONTROL_CHARS_MESSAGE)
      .trim()
      .max(300, { message: 'O motivo pode ter até 300 caracteres.' }),
  }),
  z.object({ acao: z.literal('etiqueta'), devolucao: returnId }),
  z.object({ acao: z.literal('receber'), devolucao: returnId, postagem: postage }),
]);

export async function action({ request, url, context }: Route.ActionArgs) {
  await requireAdmin(request, url, authOf(context));
  const parsed = actionSchema.safeParse((await formFields(request)).fields);
  if (!parsed.success) {
    const told = parsed.error.issues.find((i) => ['motivo', 'codigoCorreios', 'postagem'].includes(String(i.path[0])));
    return data({ ok: false, message: told?.message ?? 'Devolução ou ação inválidas.' }, { status: 400 });
  }
  const db = dbOf(context);
  const form = parsed.data;
  const labels = { db, shipping: shippingOf(servicesOf(context).checkout), invoiceKeys: (n: string[]) => saleAccessKeys(db, n), jobs: servicesOf(context).jobs };
  const result =
    form.acao === 'aprovar'
      ? await authorizeReturn(labels, form.devolucao, { correiosCode: form.codigoCorreios })
      : form.acao === 'recusar'
        ? await refuseReturn(db, form.devolucao, form.motivo, { jobs: servicesOf(context).jobs })
        : form.acao === 'etiqueta'
          ? await buyReturnLabel(labels, form.devolucao)
          : await receiveReturn(
              { db, provider: servicesOf(context).checkout.provider, returnInvoice: servicesOf(context).returnInvoice, jobs: servicesOf(context).jobs, catalogChanges: catalogChangesOf(context) },
              form.devolucao,
              {
                postageCents: form.postagem,
              },
            );
  if (!result.ok) return data({ ok: false, message: result.message }, { status: result.status });
  return { ok: true, message: result.message };
}

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, status, carrier } = loaderData;
  return (
    <AdminShell title="Devoluções">
      {actionData && <Notice ok={actionData.ok} message={actionData.message} />}
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 ring-1 ring-neutral-200">
        <label className="text-sm font-semibold">
          Situação
          <select name="situacao" defaultValue={status} className={adminInput}>
            <option value="">Todas</option>
            {RETURN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RETURN_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={adminSecondaryButton}>
          Filtrar
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-6 text-ink-soft">Nenhum pedido de devolução{status ? ' nesta situação' : ''}.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {rows.map((r) => (
            <li key={r.id} className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
              <article aria-labelledby={`devolucao-${r.id}`}>
                <h2 id={`devolucao-${r.id}`} className="font-bold break-words">
                  Devolução nº {r.id} · pedido{' '}
                  <Link to={`/Admin/Pedidos/${r.orderNumber}`} className="underline">
                    #{r.orderNumber}
                  </Link>{' '}
                  · <span className={toneOf(r.status)}>{r.statusLabel}</span>
                </h2>
                <p className="text-sm text-ink-soft break-words">
                  {r.createdAt} · {r.buyer} · {r.reason}
                </p>
                <ul className="mt-2 list-disc pl-5 text-sm">
                  {r.items.map((i) => (
                    <li key={i}>{i}</li>
                  ))}
                </ul>
                {r.comment && <p className="mt-2 text-sm break-words">Comentário do cliente: {r.comment}</p>}
                {r.decisionNote && (
                  <p className="mt-1 text-sm break-words">
                    {r.status === 'refused' ? 'Motivo da recusa' : 'Nota'}: {r.decisionNote}
                  </p>
                )}
                {r.authorizationCode && (
                  <p className="mt-1 text-sm">
                    Autorização de devolução: <strong className="font-mono">{r.authorizationCode}</strong>
                  </p>
                )}
                {r.correiosCode && (
                  <p className="mt-1 text-sm">
                    Código de postagem dos Correios: <strong className="font-mono">{r.correiosCode}</strong>
                  </p>
                )}
                {r.label && (
                  <p className="mt-1 text-sm break-words">
                    Etiqueta de devolução{r.label.carrier ? ` (${r.label.carrier})` : ''}: código de postagem <strong className="font-mono">{r.label.trackingCode}</strong> ·{' '}
                    <a href={r.label.url} target="_blank" rel="noreferrer" className="underline">
                      Abrir etiqueta (PDF)
                    </a>
                  </p>
                )}
                {r.labelError && r.status === 'approved' && <p className="mt-1 text-sm text-red-700 break-words">{r.labelError}</p>}
                {r.exchangeOrderNumber && (
                  <p className="mt-1 text-sm">
                    Pedido de troca:{' '}
                    <Link to={`/Admin/Pedidos/${r.exchangeOrderNumber}`} className="underline">
                      #{r.exchangeOrderNumber}
                    </Link>
                  </p>
                )}
                {r.refund && (
                  <p className="mt-1 text-sm">
                    {r.refunded ? `Reembolsado: ${r.refund}` : `Reembolso pendente: ${r.refund}`}
                    {r.postage ? ` (inclui ${r.postage} de postagem paga pelo cliente)` : ''}
                  </p>
                )}
                {/* Keyed by status: the approval form's typed code must not carry over into the receipt's postage field. */}
                <Decision key={r.status} row={r} carrier={carrier} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}

const toneOf = (s: ReturnStatus) => (s === 'requested' ? 'text-amber-700' : s === 'refused' ? 'text-red-700' : 'text-emerald-700');

interface DecisionRow {
  id: number;
  status: ReturnStatus;
  refund: string | null;
  refunded: boolean;
  postageByStore: boolean;
  label: { trackingCode: string } | null;
}

function Decision({ row, carrier }: { row: DecisionRow; carrier: boolean }) {
  if (row.status === 'requested') {
    return (
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Form method="post" className="space-y-2">
          <input type="hidden" name="devolucao" value={row.id} />
          {carrier ? (
            <p className="text-sm text-ink-soft">A etiqueta de devolução (Correios, paga pela loja) é comprada no Melhor Envio ao aprovar.</p>
          ) : (
            <label className="block text-sm font-semibold">
              Código de autorização de postagem dos Correios (opcional)
              <input name="codigoCorreios" maxLength={20} autoComplete="off" className={`${adminInput} font-mono uppercase`} aria-describedby={`correios-${row.id}`} />
              <span id={`correios-${row.id}`} className="block font-normal text-ink-soft">
                Do contrato de logística reversa da loja com os Correios. Em branco, o cliente recebe o número de autorização da loja e posta por conta própria.
              </span>
            </label>
          )}
          <button type="submit" name="acao" value="aprovar" className={adminButton}>
            {carrier ? 'Aprovar e comprar etiqueta' : 'Aprovar e enviar autorização'}
          </button>
        </Form>
        <Form method="post" className="space-y-2">
          <input type="hidden" name="devolucao" value={row.id} />
          <label className="block text-sm font-semibold">
            Motivo da recusa (o cliente recebe por e-mail)
            <textarea name="motivo" required minLength={MIN_REFUSAL_REASON} maxLength={300} rows={2} className={adminInput} />
          </label>
          <button type="submit" name="acao" value="recusar" className={adminSecondaryButton}>
            Recusar
          </button>
        </Form>
      </div>
    );
  }
  if (row.status === 'approved') {
    return (
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Form method="post" className="space-y-2">
          <input type="hidden" name="devolucao" value={row.id} />
          {row.postageByStore && !row.label && (
            <label className="block text-sm font-semibold">
              Postagem paga pelo cliente, em R$ (opcional)
              <input name="postagem" inputMode="decimal" placeholder="0,00" maxLength={9} className={adminInput} aria-describedby={`postagem-${row.id}`} />
              <span id={`postagem-${row.id}`} className="block font-normal text-ink-soft">
                Somada ao reembolso (até {formatBRL(MAX_POSTAGE_REFUND_CENTS)}), conforme o comprovante que o cliente enviou.
              </span>
            </label>
          )}
          <button type="submit" name="acao" value="receber" className={adminButton}>
            Itens recebidos
          </button>
        </Form>
        {carrier && !row.label && (
          <Form method="post">
            <input type="hidden" name="devolucao" value={row.id} />
            <button type="submit" name="acao" value="etiqueta" className={adminSecondaryButton}>
              Comprar etiqueta de devolução
            </button>
          </Form>
        )}
      </div>
    );
  }
  if (row.status === 'received' && row.refund && !row.refunded) {
    return (
      <Form method="post" className="mt-3">
        <input type="hidden" name="devolucao" value={row.id} />
        <button type="submit" name="acao" value="receber" className={adminButton}>
          Reembolsar
        </button>
      </Form>
    );
  }
  return null;
}
