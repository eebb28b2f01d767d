// The back office's frame: its title, the section links (the current one marked) and the page's content.
// Sellers see only the sections open to them.
import { NavLink } from 'react-router';

const SECTIONS = [
  { to: '/Admin', label: 'Painel', end: true, seller: false },
  { to: '/Admin/Produtos', label: 'Produtos', end: false, seller: true },
  { to: '/Admin/Importar', label: 'Importar', end: false, seller: false },
  { to: '/Admin/Cupons', label: 'Cupons', end: false, seller: false },
  { to: '/Admin/Pedidos', label: 'Pedidos', end: false, seller: false },
  { to: '/Admin/Devolucoes', label: 'Devoluções', end: false, seller: false },
  { to: '/Admin/Expedicao', label: 'Expedição', end: false, seller: false },
  { to: '/Admin/Clientes', label: 'Clientes', end: false, seller: false },
  { to: '/Admin/Vendedores', label: 'Vendedores', end: false, seller: false },
  { to: '/Admin/Avaliacoes', label: 'Avaliações', end: false, seller: false },
  { to: '/Admin/Perguntas', label: 'Perguntas', end: false, seller: true },
];

export function AdminShell({ title, children, actions, sellerView = false }: { title: string; children: React.ReactNode; actions?: React.ReactNode; sellerView?: boolean }) {
  return (
    <div className="container-page py-6">
      <nav aria-label="Administração" className="-mx-1 overflow-x-auto pb-2">
        <ul className="flex flex-wrap gap-1 text-sm">
          {SECTIONS.filter((s) => !sellerView || s.seller).map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={s.end}
                className={({ isActive }) => `inline-block rounded-lg px-3 py-1.5 font-semibold ${isActive ? 'bg-ink text-white' : 'bg-white text-ink ring-1 ring-neutral-200 hover:bg-neutral-50'}`}
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-extrabold">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

export function Notice({ ok, message }: { ok: boolean; message: string }) {
  return (
    <p role={ok ? 'status' : 'alert'} className={`mt-4 rounded-lg p-3 ${ok ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}>
      {message}
    </p>
  );
}

/**
 * "Página 2 de 7" with previous/next links that keep the other query parameters. With `nextAfter` and
 * `prevBefore` (a keyset list), "Próxima" continues after that id and "Anterior" reads the page above it, so a
 * deep page costs what the first does. `pagesAtLeast`: the count stopped at its cap
 * ("Página 3 de mais de 200").
 */
export function Pager({
  page,
  pages,
  search,
  nextAfter = null,
  prevBefore = null,
  pagesAtLeast = false,
}: {
  page: number;
  pages: number;
  search: string;
  nextAfter?: number | null;
  prevBefore?: number | null;
  pagesAtLeast?: boolean;
}) {
  const hasNext = nextAfter !== null ? page < pages || pagesAtLeast : page < pages;
  if (pages <= 1 && !hasNext) return null;
  const href = (p: number, keys: { after?: number | null; before?: number | null } = {}) => {
    const q = new URLSearchParams(search);
    q.set('pagina', String(p));
    q.delete('apos');
    q.delete('antes');
    if (keys.after != null) q.set('apos', String(keys.after));
    if (keys.before != null) q.set('antes', String(keys.before));
    return `?${q.toString()}`;
  };
  return (
    <nav aria-label="Paginação" className="mt-4 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <a href={href(page - 1, { before: prevBefore })} className="rounded-lg px-3 py-1.5 font-semibold ring-1 ring-neutral-300 hover:bg-neutral-50">
          ← Anterior
        </a>
      ) : (
        <span />
      )}
      <span>
        Página {page} de {pagesAtLeast ? `mais de ${pages}` : pages}
      </span>
      {hasNext ? (
        <a href={href(page + 1, { after: nextAfter })} className="rounded-lg px-3 py-1.5 font-semibold ring-1 ring-neutral-300 hover:bg-neutral-50">
          Próxima →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

export const adminInput = 'mt-1 block w-full rounded-lg border border-neutral-300 bg-white px-2.5 py-2 text-ink';
export const adminButton = 'rounded-lg bg-ink px-3 py-2 font-semibold text-white hover:bg-ink-soft';
export const adminSecondaryButton = 'rounded-lg px-3 py-2 font-semibold ring-1 ring-neutral-300 bg-white hover:bg-neutral-50';
