// /MeusProdutos: what this seller listed (only theirs), with links to edit.
import { Link } from 'react-router';
import type { Route } from './+types/my-products';
import { canSellProducts } from '#src/domain/accounts/roles.ts';
import { listSellerProducts } from '#src/domain/catalog/admin.server.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import { requireRole } from '#app/lib/session.server.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Meus produtos | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const seller = await requireRole(request, url, authOf(context), canSellProducts);
  const products = await listSellerProducts(dbOf(context), seller.id);
  return { products: products.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })) };
}

export default function MyProducts({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  return (
    <div className="container-page max-w-4xl py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Meus produtos</h1>
        <Link to="/CriarProduto" className="rounded-lg bg-brand px-4 py-2.5 font-semibold text-ink hover:bg-brand-dark">
          Cadastrar Produto
        </Link>
      </div>
      {products.length === 0 ? (
        <p className="mt-6 text-ink-soft">Você ainda não cadastrou produtos.</p>
      ) : (
        <ul className="mt-6 divide-y divide-neutral-200 rounded-2xl bg-white shadow-sm ring-1 ring-neutral-200">
          {products.map((p) => (
            <li key={p.id} className="flex items-center gap-4 p-4">
              {p.image ? (
                <img src={p.image} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded-lg border border-neutral-200 object-contain" />
              ) : (
                <span className="h-14 w-14 shrink-0 rounded-lg bg-neutral-100" />
              )}
              <div className="min-w-0 flex-1">
                <Link to={`/ProductView/${p.id}`} className="font-semibold hover:underline">
                  {p.title}
                </Link>
                <p className="text-sm text-ink-soft">
                  {formatBRL(p.priceCents)} · {p.stock} em estoque
                </p>
              </div>
              <Link to={`/MeusProdutos/${p.id}`} className="rounded-lg border border-neutral-300 px-3 py-1.5 text-sm font-semibold hover:bg-neutral-50" aria-label={`Editar ${p.title}`}>
                Editar
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
