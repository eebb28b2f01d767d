import { Form, Link, useSearchParams, useLocation } from 'react-router';
import { CartBadge } from './CartBadge.tsx';
import { Logo } from './Logo.tsx';

export function Header() {
  const location = useLocation();
  const [params] = useSearchParams();
  const q = location.pathname.toLowerCase() === '/productlist' ? (params.get('q') ?? '') : '';
  return (
    <header className="bg-ink text-white">
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-ink">
        Pular para o conteúdo
      </a>
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-3 py-3">
        <Link to="/" aria-label="Olimpo Peças, página inicial" className="rounded">
          <Logo />
        </Link>
        <Form
          method="get"
          action="/ProductList"
          role="search"
          className="order-last flex w-full items-stretch md:order-none md:w-auto md:flex-1"
        >
          <label htmlFor="busca-cabecalho" className="sr-only">
            Pesquisar produto
          </label>
          <input
            id="busca-cabecalho"
            key={q}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={120}
            placeholder="Pesquisar produto..."
            className="min-w-0 flex-1 rounded-l-lg border-0 bg-white px-4 py-2.5 text-ink placeholder:text-neutral-500"
          />
          <button type="submit" className="rounded-r-lg bg-brand px-4 font-semibold text-ink hover:bg-brand-dark" aria-label="Pesquisar">
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-4-4" />
            </svg>
          </button>
        </Form>
        <nav aria-label="Conta e carrinho" className="ml-auto flex items-center gap-2 md:ml-0">
          <Link to="/Login" className="rounded-lg px-3 py-2 text-sm font-semibold hover:bg-white/10">
            Entrar
          </Link>
          <Link to="/Registrar" className="rounded-lg bg-brand px-3 py-2 text-sm font-semibold text-ink hover:bg-brand-dark">
            Cadastre-se
          </Link>
          <CartBadge />
        </nav>
      </div>
    </header>
  );
}
