// The back office's "Nota fiscal" section of an order: each nota with its status, number, key and links; a
// refused nota's SEFAZ message with "Emitir novamente" (after the product's data is fixed).
import { Form, Link } from 'react-router';
import { adminButton } from './AdminShell.tsx';

export interface AdminInvoice {
  id: number;
  title: string;
  status: string;
  refused: boolean;
  number: string | null;
  key: string | null;
  message: string | null;
  at: string | null;
  danfeHref: string | null;
  xmlHref: string | null;
}

export function InvoicePanel({ invoices, canRetry, busy, awaiting }: { invoices: AdminInvoice[]; canRetry: boolean; busy: boolean; awaiting: boolean }) {
  return (
    <section id="nota-fiscal" aria-labelledby="nota-fiscal-titulo" className="rounded-xl bg-white p-4 text-sm ring-1 ring-neutral-200">
      <h2 id="nota-fiscal-titulo" className="font-bold">
        Nota fiscal
      </h2>
      {invoices.length === 0 && <p className="mt-2">{awaiting ? 'A NF-e é emitida assim que o pagamento é confirmado.' : 'Sem nota fiscal.'}</p>}
      <ul className="mt-2 space-y-3">
        {invoices.map((i) => (
          <li key={i.id} className={i.refused ? 'rounded-lg bg-red-50 p-2' : ''}>
            <p className="font-semibold">
              {i.title}
              {i.number ? ` nº ${i.number}` : ''} · {i.status}
              {i.at ? ` · ${i.at}` : ''}
            </p>
            {i.key && <p className="font-mono text-xs [overflow-wrap:anywhere]">{i.key}</p>}
            {i.message && (
              <p className={i.refused ? 'text-red-900' : 'text-ink-soft'}>
                {i.refused ? 'Motivo da recusa (SEFAZ): ' : ''}
                {i.message}
              </p>
            )}
            {i.danfeHref && i.xmlHref && (
              <p className="mt-1 flex flex-wrap gap-x-3">
                <Link to={i.danfeHref} className="underline" target="_blank">
                  DANFE
                </Link>
                <a href={i.xmlHref} className="underline">
                  XML
                </a>
              </p>
            )}
          </li>
        ))}
      </ul>
      {canRetry && (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="emitir-nota" />
          <p className="mb-2 text-ink-soft">Corrija o dado apontado (por exemplo, o NCM no cadastro do produto) e emita a nota novamente.</p>
          <button type="submit" className={adminButton} disabled={busy}>
            Emitir nota novamente
          </button>
        </Form>
      )}
    </section>
  );
}
