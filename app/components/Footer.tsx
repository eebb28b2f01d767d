import { store } from '#src/config/store.ts';
import { Logo } from './Logo.tsx';
import { IslandLink, Static } from './Static.tsx';

const CATEGORY_LINKS = [
  { label: 'Frenagem', to: '/ProductList?categoria=freios' },
  { label: 'Filtros', to: '/ProductList?categoria=filtros' },
  { label: 'Motor', to: '/ProductList?categoria=motor' },
  { label: 'Freio', to: '/ProductList?categoria=freios' },
  { label: 'Acessórios', to: '/ProductList?categoria=acessorios' },
];

const INSTITUTIONAL = [
  { label: 'Sobre Nós', to: '/sobre-nos' },
  { label: 'Segurança', to: '/seguranca' },
  { label: 'Blog', to: '/blog' },
  { label: 'Trabalhe conosco', to: '/trabalhe-conosco' },
  { label: 'Acompanhe seu pedido', to: '/AcompanharPedido' },
  { label: 'Trocas e devoluções', to: '/trocas-e-devolucoes' },
  { label: 'Política de privacidade', to: '/privacidade' },
  { label: 'Termos de uso', to: '/termos' },
];

/** The spec's registration pages, for everyone here (the header shows the seller ones to sellers and admins only). */
const REGISTRATION = [
  { label: 'Cadastrar Cliente', to: '/CustomerForm' },
  { label: 'Cadastrar Vendedor', to: '/SellerForm' },
  { label: 'Cadastrar Produto', to: '/CriarProduto' },
];

/** Static HTML once the page has loaded (Static.tsx): React does not hydrate it; its links still navigate client-side. */
export function Footer() {
  return (
    <Static as="footer" id="rodape" className="mt-16 bg-ink text-neutral-300 print:hidden">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-[1.2fr_0.8fr_1fr_1fr_1.4fr] lg:gap-8">
        <div>
          <Logo />
          <p className="mt-4 text-sm leading-relaxed">{store.tagline}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Redes sociais">
            {store.social.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-block rounded-full border border-neutral-600 px-3 py-1.5 text-xs whitespace-nowrap hover:border-brand hover:text-brand"
                >
                  {s.label}
                  <span className="sr-only"> (abre em nova aba)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn id="rodape-categorias" title="Categorias" links={CATEGORY_LINKS} />
        <LinkColumn id="rodape-institucional" title="Institucional" links={INSTITUTIONAL} />
        <LinkColumn id="rodape-cadastros" title="Cadastros" links={REGISTRATION} />
        <div>
          <h2 className="text-sm font-bold tracking-wide text-white uppercase">Contato</h2>
          <address className="mt-4 space-y-2 text-sm not-italic [overflow-wrap:anywhere]">
            <p>{store.addressLine}</p>
            <p>
              <a href={store.phoneHref} className="hover:text-brand">
                {store.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${store.email}`} className="hover:text-brand">
                {store.email}
              </a>
            </p>
            <p>{store.hours}</p>
          </address>
        </div>
      </div>
      <div className="border-t border-neutral-700">
        <div className="container-page flex flex-col gap-1 py-4 text-xs text-neutral-400 sm:flex-row sm:justify-between">
          <p>
            {store.legalName} · CNPJ {store.cnpj}
          </p>
          <p>{store.copyright}</p>
        </div>
      </div>
    </Static>
  );
}

/** One column of footer links under its heading, as a navigation landmark named by the heading. */
function LinkColumn({ id, title, links }: { id: string; title: string; links: readonly { label: string; to: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-bold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.label}>
            <IslandLink to={l.to} className="hover:text-brand">
              {l.label}
            </IslandLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
