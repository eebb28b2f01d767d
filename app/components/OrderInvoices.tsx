// The order page's "Nota fiscal" section: each authorised nota of the order (the sale, return notas) with its
// DANFE and XML links; while the nota is on its way, a sentence saying so.
export interface OrderInvoiceLink {
  title: string;
  number: string;
  status: string;
  danfeHref: string;
  xmlHref: string;
  /** The provider's files open in a new tab (Focus NFe); the shop's own pages do not. */
  external: boolean;
}

export function OrderInvoices({ invoices, pending }: { invoices: OrderInvoiceLink[]; pending: boolean }) {
  if (invoices.length === 0 && !pending) return null;
  const ext = (external: boolean) => (external ? { target: '_blank', rel: 'noopener noreferrer' } : {});
  return (
    <section aria-labelledby="nota-fiscal" className="rounded-2xl bg-white p-5 ring-1 ring-neutral-200">
      <h2 id="nota-fiscal" className="text-lg font-bold">
        Nota fiscal
      </h2>
      {invoices.length === 0 ? (
        <p className="mt-2 text-sm">A nota fiscal eletrônica (NF-e) deste pedido está sendo emitida. Você recebe um e-mail quando ela for autorizada.</p>
      ) : (
        <ul className="mt-2 space-y-3 text-sm">
          {invoices.map((i) => (
            <li key={i.danfeHref}>
              <p className="font-semibold">
                {i.title} nº {i.number} · {i.status}
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                <a href={i.danfeHref} className="font-semibold underline" {...ext(i.external)}>
                  Ver DANFE (nota fiscal)
                </a>
                <a href={i.xmlHref} className="underline" download={i.external ? undefined : true} {...ext(i.external)}>
                  Baixar XML
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
