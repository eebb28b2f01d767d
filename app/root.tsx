import { useContext, useEffect, useLayoutEffect } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigation } from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { firstName } from '#src/domain/accounts/roles.ts';
import { FlashNotice } from './components/FlashNotice.tsx';
import { ChatWidget } from './components/chat/ChatWidget.tsx';
import { Footer } from './components/Footer.tsx';
import { Header } from './components/Header.tsx';
import { markHydrated } from './components/Static.tsx';
import { NotFound } from './components/NotFound.tsx';
import { syncAccountCart } from './lib/account-cart.ts';
import { startFavorites } from './lib/favorites.ts';
import { clearFlashCookie, readFlash } from './lib/flash.server.ts';
import { InlineCssContext } from './lib/request-context.ts';
import { authOf, databaseDownContext, dbOf, servicesOf } from './lib/context.server.ts';
import { getSessionUser } from './lib/session.server.ts';
import { publicUrl } from './lib/site.server.ts';
import { VehicleBar } from './components/vehicle/VehicleBar.tsx';
import { loadGarage } from '#src/domain/fitment/garage.server.ts';
import { garageView } from './lib/garage.server.ts';

// The server found the database unreachable (server/app.ts): answer the maintenance page with a 503
// before any loader runs, instead of a 500 from the first query that fails.
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    if (context.get(databaseDownContext)) throw data(null, { status: 503 });
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // A database hiccup must not take the header down with it: the page's own loader reports it.
  const user = await getSessionUser(request, authOf(context)).catch(() => null);
  const flash = readFlash(request);
  // The garage (header bar, list, product page) is read on the first request, so it renders server-side.
  let garage = null;
  try {
    garage = garageView(await loadGarage(dbOf(context), request, servicesOf(context)));
  } catch {
    // Without the database the pages show their own error; the header simply has no vehicle.
  }
  const headers = new Headers();
  if (flash) headers.append('Set-Cookie', clearFlashCookie());
  return data(
    {
      publicUrl: publicUrl(),
      user: user && { id: user.id, name: user.name, firstName: firstName(user.name), role: user.role },
      flash: flash && { ...flash, id: crypto.randomUUID() },
      garage,
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const css = useContext(InlineCssContext);
  // The first render has committed (an error page's too): static islands mounted from now on render their children.
  useEffect(markHydrated, []);
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <AppStyles css={css} />
        {/* The first frame waits until the page is parsed up to the footer (Chrome 124+; others ignore
            it): one layout of the whole page instead of a header-only paint followed by relayouts as
            each chunk of the stream arrives, which blocked the main thread and could shift content. */}
        <link rel="expect" href="#rodape" blocking="render" />
        <meta name="theme-color" content="#1f1f1f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <Header />
        <VehicleBar />
        <main id="conteudo" className="flex-1">
          <PendingNotice />
          <FlashNotice />
          {children}
        </main>
        <Footer />
        <ChatWidget />
        {/* Their inline scripts are allowed by hash (server/csp.ts): no per-request nonce, so pages can be cached. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The stylesheet. In production the server inlines it (entry.server.tsx): the first paint needs nothing
 * but the HTML. The browser never downloads the CSS as a module: while hydrating (and if React ever has to
 * re-create the element) it keeps the text the server sent, read back from the element itself.
 * The dev server links the file, so Vite can hot-reload it.
 */
function AppStyles({ css }: { css: string | null }) {
  if (import.meta.env.DEV) return <link rel="stylesheet" href={appCss} />;
  const text = css ?? (typeof document === 'undefined' ? '' : (document.getElementById('app-css')?.textContent ?? ''));
  return <style id="app-css" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}

/** While a client-side navigation loads: the spec's "Carregando produto..." for product pages. */
function PendingNotice() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location;
  const toProduct = loading && navigation.location.pathname.toLowerCase().startsWith('/productview');
  return (
    <div role="status" aria-live="polite" className={loading ? 'container-page py-2 text-sm font-medium text-ink-soft' : 'sr-only'}>
      {loading ? (toProduct ? 'Carregando produto...' : 'Carregando...') : ''}
    </div>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const userId = loaderData.user?.id ?? null;
  // In the commit that hydrates the page, before the browser can deliver a click: from a passive effect, a
  // "Comprar" clicked between hydration and the effect was neither saved to the account nor kept (the
  // account's older cart was taken over it; tests/e2e/page-cache.spec.ts missed its item that way in CI).
  useLayoutEffect(() => syncAccountCart(userId), [userId]);
  // The hearts' state for whoever is signed in (or the guest's cookie), after the page has loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new account means a new list
  useEffect(() => startFavorites(), [userId]);
  return (
    <>
      <Outlet />
      <p id="favoritos-aviso" role="status" className="sr-only" />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section className="container-page py-20 text-center">
        <title>Acesso negado | Olimpo Peças</title>
        <meta name="robots" content="noindex" />
        <p className="text-sm font-bold tracking-widest text-brand-dark uppercase">Erro 403</p>
        <h1 className="mt-2 text-3xl font-extrabold">Acesso negado</h1>
        <p role="alert" className="mx-auto mt-4 max-w-md text-ink-soft">
          {typeof error.data === 'string' ? error.data : 'Você não tem permissão para abrir esta página.'}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href="/" className="inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-ink hover:bg-brand-dark">
            Voltar para Home
          </a>
          <a href="/SellerForm" className="inline-block rounded-lg border border-neutral-300 px-5 py-3 font-semibold hover:bg-white">
            Quero vender na Olimpo
          </a>
        </div>
      </section>
    );
  }
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  const badRequest = isRouteErrorResponse(error) && error.status === 400;
  if (isRouteErrorResponse(error) && error.status === 405) {
    return (
      <section className="container-page py-20 text-center">
        <title>Envio não aceito | Olimpo Peças</title>
        <h1 className="text-3xl font-extrabold">Esta página não recebe formulários</h1>
        <p role="alert" className="mt-4 text-ink-soft">
          Nada foi enviado. Volte à página anterior e use os botões da loja.
        </p>
        <a href="/" className="mt-8 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-ink">
          Voltar para Home
        </a>
      </section>
    );
  }
  return (
    <section className="container-page py-20 text-center">
      <title>{badRequest ? 'Pedido inválido | Olimpo Peças' : unavailable ? 'Em manutenção | Olimpo Peças' : 'Erro | Olimpo Peças'}</title>
      <h1 className="text-3xl font-extrabold">{badRequest ? 'Não foi possível entender o pedido' : unavailable ? 'Estamos em manutenção rápida' : 'Algo deu errado'}</h1>
      <p role="alert" className="mt-4 text-ink-soft">
        {badRequest && typeof error.data === 'string' ? error.data : 'Tente novamente em instantes. Se o problema continuar, fale com a gente pelo telefone do rodapé.'}
      </p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-ink">
        Voltar para Home
      </a>
    </section>
  );
}
