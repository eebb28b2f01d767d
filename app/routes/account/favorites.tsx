// /Favoritos, "Meus favoritos" (linked from "Minha conta"): the account's favourites, or a guest's (their
// cookie) with a note that signing in keeps them on every device. A guest list still in the cookie joins the
// account's here too, as it does on /api/favoritos. Personal: never cached.
import { data, Link } from 'react-router';
import type { Route } from './+types/favorites';
import { productCards } from '#src/domain/catalog/cards.server.ts';
import { readCookie } from '#src/domain/fitment/garage-cookie.server.ts';
import { favoriteCards, mergeGuestFavorites } from '#src/domain/favorites/favorites.server.ts';
import { FAVORITES_COOKIE, favoritesCookieHeader, parseFavoritesCookie } from '#src/domain/favorites/guest-cookie.ts';
import { isHttpsUrl } from '#src/platform/https.ts';
import { ProductGrid } from '#app/components/ProductCard.tsx';
import { authOf, dbOf } from '#app/lib/context.server.ts';
import { getSessionUser } from '#app/lib/session.server.ts';
import { publicUrl } from '#app/lib/site.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Meus favoritos | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const user = await getSessionUser(request, authOf(context));
  const cookie = readCookie(request, FAVORITES_COOKIE);
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  if (!user) return data({ signedIn: false, products: await productCards(db, parseFavoritesCookie(cookie)) }, { headers });
  if (cookie !== null) {
    await mergeGuestFavorites(db, user.id, parseFavoritesCookie(cookie));
    headers.append('Set-Cookie', favoritesCookieHeader([], { secure: isHttpsUrl(publicUrl()) }));
  }
  return data({ signedIn: true, products: await favoriteCards(db, user.id) }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { signedIn, products } = loaderData;
  return (
    <div className="container-page py-8">
      <nav aria-label="Você está em" className="text-sm text-ink-soft">
        <Link to={signedIn ? '/MinhaConta' : '/'} className="hover:underline">
          {signedIn ? 'Minha conta' : 'Início'}
        </Link>{' '}
        › <span className="font-medium text-ink">Favoritos</span>
      </nav>
      <h1 className="mt-3 text-2xl font-extrabold sm:text-3xl">Meus favoritos</h1>
      {!signedIn && (
        <p className="mt-3 max-w-2xl rounded-xl bg-white p-4 text-sm ring-1 ring-neutral-200">
          Seus favoritos estão guardados neste navegador.{' '}
          <Link to="/Login?redirectTo=%2FFavoritos" className="font-semibold underline">
            Entre na sua conta
          </Link>{' '}
          para levá-los a todos os seus aparelhos.
        </p>
      )}
      {products.length === 0 ? (
        <div className="mt-6 rounded-xl bg-white p-6 ring-1 ring-neutral-200">
          <p>Você ainda não tem favoritos.</p>
          <p className="mt-1 text-sm text-ink-soft">Toque no coração de um produto para guardá-lo aqui.</p>
          <Link to="/ProductList" className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-ink">
            Ver produtos
          </Link>
        </div>
      ) : (
        <div className="mt-6">
          <p className="mb-4 text-sm text-ink-soft">
            {products.length} {products.length === 1 ? 'produto' : 'produtos'}, com os preços de hoje.
          </p>
          <ProductGrid products={products} />
        </div>
      )}
    </div>
  );
}
