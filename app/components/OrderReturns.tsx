// The order page's "Devoluções" section: the buyer's return requests with their status, how to send the items
// back (the reverse label the store bought, the Correios posting code the store typed, or the store's own
// authorisation number), the refund, the return lines of the order's timeline, and the way to ask for a new one
// while a window is open.
import { Link } from 'react-router';
import { formatBRL } from '#src/domain/pricing/money.ts';
import type { ReturnSummary } from '#src/domain/returns/request.server.ts';
import { CORREIOS_CODE_INSTRUCTIONS, LABEL_INSTRUCTIONS, RETURN_EVENT_LABELS, RETURN_SHIPPING_INSTRUCTIONS } from '#src/domain/returns/wording.ts';
import type { ReturnEvent } from '#src/domain/returns/wording.ts';
import { formatDateTime } from '#src/platform/datetime.ts';

export interface OrderReturnsProps {
  requestHref: string | null;
  returns: ReturnSummary[];
  events: { status: ReturnEvent; note: string | null; createdAt: string }[];
}

export function OrderReturns({ requestHref, returns, events }: OrderReturnsProps) {
  if (!requestHref && returns.length === 0) return null;
  return (
    <section id="devolucoes" aria-labelledby="devolucoes-titulo" className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200">
      <h2 id="devolucoes-titulo" className="text-lg font-bold">
        Devoluções
      </h2>
      {requestHref && (
        <p className="mt-2">
          <Link to={requestHref} className="inline-block rounded-lg bg-ink px-4 py-2 font-semibold text-white hover:bg-ink-soft">
            Devolver ou trocar itens
          </Link>
        </p>
      )}
      {returns.length > 0 && (
        <ul className="mt-3 space-y-3">
          {returns.map((r) => (
            <li key={r.id} className="rounded-xl bg-neutral-50 p-3 text-sm">
              <p className="font-semibold">
                Devolução nº {r.id} · {r.reasonLabel} · <span className="font-bold">{r.statusLabel}</span>
              </p>
              <p>{r.items.map((i) => `${i.quantity} x ${i.title}`).join('; ')}</p>
              {r.status === 'refused' && r.decisionNote && <p>Motivo da recusa: {r.decisionNote}</p>}
              {r.status === 'approved' && <HowToSend r={r} />}
              {r.exchangeOrderNumber && <p>Pedido de troca: #{r.exchangeOrderNumber}, sem custo.</p>}
              {r.refundCents ? (
                <p>
                  {r.refundedAt ? `Reembolsado: ${formatBRL(r.refundCents)}` : `Reembolso de ${formatBRL(r.refundCents)} em processamento`}
                  {r.postageRefundCents ? ` (inclui ${formatBRL(r.postageRefundCents)} da postagem)` : ''}.
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {events.length > 0 && (
        <>
          <h3 className="mt-4 font-bold">Histórico da devolução</h3>
          <ol className="mt-2 space-y-2 text-sm">
            {events.map((e, i) => (
              <li key={i}>
                <span className="font-semibold">{RETURN_EVENT_LABELS[e.status]}</span> · <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                {e.note ? <span className="block text-ink-soft">{e.note}</span> : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** How the buyer sends an approved return back: the label the store bought, the Correios code, or the store's number. */
function HowToSend({ r }: { r: ReturnSummary }) {
  if (r.label) {
    return (
      <div className="mt-1 space-y-1">
        <p>
          Código de postagem dos Correios: <strong className="font-mono text-base">{r.label.trackingCode}</strong>
        </p>
        <p>
          <a href={r.label.url} target="_blank" rel="noreferrer" className="inline-block rounded-lg bg-ink px-3 py-1.5 font-semibold text-white hover:bg-ink-soft">
            Imprimir etiqueta de devolução
          </a>
        </p>
        <p>{LABEL_INSTRUCTIONS}</p>
      </div>
    );
  }
  if (r.correiosCode) {
    return (
      <p className="mt-1">
        Código de autorização de postagem dos Correios: <strong className="font-mono text-base">{r.correiosCode}</strong>. {CORREIOS_CODE_INSTRUCTIONS}
      </p>
    );
  }
  if (r.labelPending) return <p className="mt-1">A loja está emitindo a etiqueta de devolução (postagem paga pela loja): você a recebe por e-mail e aqui. Não poste antes de recebê-la.</p>;
  if (!r.authorizationCode) return null;
  return (
    <p className="mt-1">
      Autorização de devolução: <strong className="font-mono text-base">{r.authorizationCode}</strong>. {RETURN_SHIPPING_INSTRUCTIONS}{' '}
      {r.postageByStore ? 'A postagem é por nossa conta: guarde o comprovante, que o valor volta junto com o reembolso.' : null}
    </p>
  );
}
