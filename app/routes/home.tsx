import { Link } from 'react-router';
import type { Route } from './+types/home';
import { trendingProducts } from '#src/domain/catalog/products.server.ts';
import { loadGarage } from '#src/domain/fitment/garage.server.ts';
import { garageRestriction } from '#src/domain/fitment/repository.server.ts';
import { shortLabel } from '#src/domain/fitment/vehicles.ts';
import { HeroCarousel } from '../components/HeroCarousel.tsx';
import type { Slide } from '../components/HeroCarousel.tsx';
import { ProductGrid } from '../components/ProductCard.tsx';
import { RecentlyViewed } from '../components/favorites/RecentlyViewed.tsx';
import { Static } from '../components/Static.tsx';
import { originFrom, seo } from '../lib/seo.ts';
import { dbOf, servicesOf } from '../lib/context.server.ts';

const TRENDING_COUNT = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  // With a vehicle in the garage, "Produtos em alta" are those that fit it.
  const { active } = await loadGarage(db, request, servicesOf(context));
  return {
    trending: await trendingProducts(db, TRENDING_COUNT, garageRestriction(active)),
    trendingFor: active ? shortLabel(active.vehicle, active.year) : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Olimpo Peças: peças automotivas com qualidade e confiança',
    description: 'Freios, suspensão, motor, iluminação, filtros, baterias e calçados para dirigir e pilotar, com entrega para todo o Brasil.',
    url: `${originFrom(matches)}/`,
  });

const SLIDES: Slide[] = [
  {
    title: 'Ofertas em peças automotivas',
    text: 'Freios, suspensão e motor com descontos de verdade.',
    to: '/ProductList?ordem=maiores-descontos',
    image: '/art/freios/ambar/1.svg',
    tone: 'bg-gradient-to-br from-ink to-neutral-800',
  },
  {
    title: 'Ilumine o seu caminho',
    text: 'Faróis, lanternas e lâmpadas para carros, motos e caminhões.',
    to: '/ProductList?categoria=iluminacao&ordem=maiores-descontos',
    image: '/art/iluminacao/azul/1.svg',
    tone: 'bg-gradient-to-br from-neutral-900 to-sky-950',
  },
  {
    title: 'Revisão em dia',
    text: 'Filtros, velas e óleos das melhores marcas.',
    to: '/ProductList?categoria=filtros&ordem=maiores-descontos',
    image: '/art/filtros/verde/1.svg',
    tone: 'bg-gradient-to-br from-neutral-900 to-emerald-950',
  },
  {
    title: 'Partida garantida',
    text: 'Baterias com garantia para todos os tipos de veículo.',
    to: '/ProductList?categoria=baterias&ordem=maiores-descontos',
    image: '/art/baterias/vermelho/1.svg',
    tone: 'bg-gradient-to-br from-neutral-900 to-red-950',
  },
];

const COLLECTIONS = [
  { title: 'Motor', text: 'Correias, bombas, juntas e kits de embreagem.', to: '/ProductList?categoria=motor&ordem=maiores-descontos', image: '/art/motor/grafite/0.svg' },
  { title: 'Pistões', text: 'Kits de pistão com anéis para retífica.', to: '/ProductList?q=pistao&ordem=maiores-descontos', image: '/art/motor/ambar/3.svg' },
  { title: 'Filtros', text: 'Óleo, ar, combustível e cabine.', to: '/ProductList?categoria=filtros&ordem=maiores-descontos', image: '/art/filtros/azul/0.svg' },
];

const MENU = [
  { label: 'Carros', to: '/ProductList?veiculo=carros', icon: 'M3 13l2-5a2 2 0 0 1 2-1h10a2 2 0 0 1 2 1l2 5v4h-2a2 2 0 0 1-4 0H9a2 2 0 0 1-4 0H3z' },
  { label: 'Motos', to: '/ProductList?veiculo=motos', icon: 'M5 17a3 3 0 1 0 0-.01M19 17a3 3 0 1 0 0-.01M8 17h7l-3-7h4l3 7M12 10l-2-3H7' },
  { label: 'Acessórios', to: '/ProductList?categoria=acessorios', icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 6a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM3 12h6m6 0h6' },
  { label: 'Baterias', to: '/ProductList?categoria=baterias', icon: 'M4 8h16v11H4zM7 5h3v3H7zm7 0h3v3h-3zM8 13h3m-1.5-1.5v3M14 13h3' },
  { label: 'Perfil', to: '/Login', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0' },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page space-y-14 py-6">
      <HeroCarousel slides={SLIDES} />

      <Static as="section" aria-labelledby="colecoes">
        <h2 id="colecoes" className="sr-only">
          Coleções em destaque
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {COLLECTIONS.map((c) => (
            <li key={c.title} className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-neutral-200">
              <img src={c.image} alt="" width={600} height={600} loading="lazy" className="h-24 w-24 shrink-0 rounded-xl" />
              <div className="min-w-0">
                <p className="text-xs font-extrabold text-brand-text">30% OFF</p>
                <h3 className="text-lg font-bold">{c.title}</h3>
                <p className="text-sm text-ink-soft">{c.text}</p>
                <Link to={c.to} className="mt-2 inline-block rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white hover:bg-ink-soft" aria-label={`Comprar ${c.title}`}>
                  Comprar
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </Static>

      <Static as="section" aria-labelledby="menu-destaque">
        <h2 id="menu-destaque" className="text-2xl font-extrabold">
          Menu em destaque
        </h2>
        <ul className="mt-5 flex flex-wrap justify-center gap-6 sm:justify-between">
          {MENU.map((m) => (
            <li key={m.label}>
              <Link to={m.to} className="group flex flex-col items-center gap-2 rounded-lg p-1 text-sm font-semibold">
                <span className="flex h-20 w-20 items-center justify-center rounded-full bg-ink text-brand ring-4 ring-transparent transition group-hover:ring-brand">
                  <svg aria-hidden="true" width="34" height="34" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
                    <path d={m.icon} />
                  </svg>
                </span>
                {m.label}
              </Link>
            </li>
          ))}
        </ul>
      </Static>

      <section aria-labelledby="em-alta">
        <div className="mb-5 flex items-end justify-between">
          <h2 id="em-alta" className="text-2xl font-extrabold">
            Produtos em alta
            {loaderData.trendingFor && <span className="block text-base font-semibold text-ink-soft">para o seu {loaderData.trendingFor}</span>}
          </h2>
          <Link to="/ProductList" className="text-sm font-semibold text-brand-text underline-offset-4 hover:underline">
            Ver todos
          </Link>
        </div>
        <ProductGrid products={loaderData.trending} />
      </section>

      <Static as="section" className="overflow-hidden rounded-2xl bg-brand">
        <Link to="/ProductList?categoria=calcados" className="grid items-center gap-4 p-6 sm:grid-cols-[1fr_auto] sm:p-10">
          <div>
            <p className="text-sm font-bold tracking-widest uppercase">Novas cores 2025</p>
            <h2 className="mt-1 text-3xl font-extrabold">Botas e sapatos para pilotar e dirigir</h2>
            <p className="mt-2 max-w-lg">Conforto e segurança nos pedais, em novas cores e numerações do 37 ao 44.</p>
            <span className="mt-5 inline-block rounded-lg bg-ink px-5 py-3 font-bold text-white">Conferir cores</span>
          </div>
          <img src="/art/calcados/grafite/1.svg" alt="" width={600} height={600} loading="lazy" className="hidden h-44 w-44 rounded-xl sm:block" />
        </Link>
      </Static>

      <RecentlyViewed />
    </div>
  );
}
