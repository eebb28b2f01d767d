import { useEffect, useRef } from 'react';
import { Form, Link, useSearchParams, useLocation } from 'react-router';
import { ROLE_LABEL } from '#src/domain/accounts/roles.ts';
import { useRootData } from '../lib/root-data.ts';
import type { RootUser } from '../lib/root-data.ts';
import { CartBadge } from './CartBadge.tsx';
import { Logo } from './Logo.tsx';
import { SearchBox } from './search/SearchBox.tsx';

/**
 * The seller pages, in the header for sellers and admins only (issue 17: shoppers do not need them there).
 * Everyone reaches the spec's registration links from the footer ("Cadastros") and from "Minha conta".
 */
const SELLER_LINKS = [
  { label: 'Cadastrar Vendedor', to: '/SellerForm' },
  { label: 'Cadastrar Produto', to: '/CriarProduto' },
  { label: 'Meus produtos', to: '/MeusProdutos' },
];

const menuItem = 'block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-ink hover:bg-neutral-100';

/** Signed in: "Olá, Ana" opens "Minha conta", "Meus pedidos" and "Sair" (a details element: no JS needed). */
function AccountMenu({ user }: { user: RootUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);
  return (
    <details ref={ref} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold hover:bg-white/10 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </svg>
        <span>
          Olá, <span data-testid="primeiro-nome">{user.firstName}</span>
        </span>
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-60 rounded-xl bg-white p-2 text-ink shadow-lg ring-1 ring-black/10">
        <p className="px-3 pt-1 pb-2 text-xs text-ink-soft">
          {user.name}
          {user.role !== 'customer' && <span className="block font-semibold">{ROLE_LABEL[user.role]}</span>}
        </p>
        <Link to="/MinhaConta" className={menuItem}>
          Minha conta
        </Link>
        <Link to="/Pedidos" className={menuItem}>
          Meus pedidos
        </Link>
        {(user.role === 'seller' || user.role === 'admin') && (
          <Link to="/MeusProdutos" className={menuItem}>
            Meus produtos
          </Link>
        )}
        {user.role === 'admin' && (
          <>
            <Link to="/Admin" className={menuItem}>
              Painel da loja
            </Link>
            <Link to="/Admin/Vendedores" className={menuItem}>
              Pedidos de vendedores
            </Link>
            <Link to="/Admin/Pedidos" className={menuItem}>
              Gerenciar pedidos
            </Link>
          </>
        )}
        <Form method="post" action="/Sair" className="mt-1 border-t border-neutral-200 pt-1">
          <button type="submit" className={menuItem}>
            Sair
          </button>
        </Form>
      </div>
    </details>
  );
}

export function Header() {
  const user = useRootData()?.user ?? null;
  const location = useLocation();
  const [params] = useSearchParams();
  const q = location.pathname.toLowerCase() === '/productlist' ? (params.get('q') ?? '') : '';
  const seller = user?.role === 'seller' || user?.role === 'admin';
  // Phones: logo and account on one row, the search under it (the header was 250 px before any content).
  return (
    <header className="bg-ink text-white print:hidden">
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-ink">
        Pular para o conteúdo
      </a>
      <div className="container-bar flex flex-wrap items-center gap-x-2 gap-y-2 py-2 sm:gap-x-4 sm:py-3">
        <Link to="/" aria-label="Olimpo Peças, página inicial" className="shrink-0 rounded">
          <Logo compact />
        </Link>
        <SearchBox key={q} initial={q} />
        <nav aria-label="Conta e carrinho" className="ml-auto flex items-center gap-0.5 sm:gap-2 md:ml-0">
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <>
              <Link to="/Login" className="rounded-lg px-1.5 py-2 text-[13px] font-semibold hover:bg-white/10 sm:px-3 sm:text-sm">
                Entrar
              </Link>
              <Link to="/Registrar" className="rounded-lg bg-brand px-2 py-2 text-[13px] font-semibold whitespace-nowrap text-ink hover:bg-brand-dark sm:px-3 sm:text-sm">
                Cadastre-se
              </Link>
            </>
          )}
          <CartBadge />
        </nav>
      </div>
      {seller && (
        <nav aria-label="Vendedor" className="border-t border-white/10 bg-ink-soft/40">
          <ul className="container-bar flex flex-wrap gap-x-3 py-1 text-[11px] font-medium whitespace-nowrap text-neutral-200 sm:gap-x-5 sm:text-xs">
            {SELLER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="inline-block rounded py-1 hover:text-brand">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
