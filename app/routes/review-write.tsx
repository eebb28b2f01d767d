// /AvaliarProduto/:id: a buyer reviews a product they received. The order page links here ("Avaliar
// produto"); the product page loads this route's data after the page (is the visitor signed in, may they
// review) and posts its inline form to this action. Who may review is the reviews domain's rule.
import { data, Link, useNavigation } from 'react-router';
import type { Route } from './+types/review-write';
import { getProduct } from '#src/domain/catalog/products.server.ts';
import { listGarage } from '#src/domain/fitment/repository.server.ts';
import { fullLabel } from '#src/domain/fitment/vehicles.ts';
import { REVIEW_LIMITS, TOO_MANY } from '#src/domain/reviews/limits.server.ts';
import { ELIGIBILITY_MESSAGE, reviewEligibility, submitReview } from '#src/domain/reviews/reviews.server.ts';
import { fieldErrors, reviewInput } from '#src/domain/reviews/inputs.ts';
import { clientIpFrom } from '#src/platform/client-ip.ts';
import { formFields } from '#app/lib/admin.server.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';
import { loginPath } from '#app/lib/redirects.ts';
import { getSessionUser } from '#app/lib/session.server.ts';
import { ReviewPageForm } from '#app/components/product/reviews-form.tsx';
import type { ReviewAccess, ReviewFormState } from '#app/components/product/reviews-form.tsx';

const productIdOf = (raw: string) => (/^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Avaliar ${loaderData?.product.title ?? 'produto'} | Olimpo Peças` }, { name: 'robots', content: 'noindex' }];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const id = productIdOf(params.id);
  const product = id === null ? null : await getProduct(db, id);
  if (!product) throw data(null, { status: 404 });
  const user = await getSessionUser(request, authOf(context));
  const info = { product: { id: product.id, title: product.title } };
  if (!user) return { ...info, signedIn: false as const };
  const eligibility = await reviewEligibility(db, user.id, product.id);
  if (eligibility.status !== 'eligible') return { ...info, signedIn: true as const, status: eligibility.status, message: ELIGIBILITY_MESSAGE[eligibility.status] };
  const garage = await listGarage(db, user.id);
  const vehicles = garage.map((g) => ({ value: `${g.vehicle.id}:${g.year}`, label: fullLabel(g.vehicle, g.year) }));
  return { ...info, signedIn: true as const, status: 'eligible' as const, vehicles };
}

export async function action({ request, params, context, url }: Route.ActionArgs): Promise<ReviewFormState | Response> {
  const db = dbOf(context);
  const id = productIdOf(params.id);
  // A review of no product is the shop's 404, as the page itself is (not a refusal the page cannot show).
  if (id === null || !(await getProduct(db, id))) throw data(null, { status: 404 });
  const user = await getSessionUser(request, authOf(context));
  if (!user) return Response.redirect(new URL(loginPath(url.pathname), url), 303);
  if ((await REVIEW_LIMITS.reviewsPerIp.hit(db, `ip:${clientIpFrom(request.headers)}`)).limited) return data({ ok: false, message: TOO_MANY }, { status: 429 }) as never;
  const { fields } = await formFields(request);
  // The vehicle is one of the garage's options ("<fleet id>:<year>"); anything else is refused as such.
  const vehicle = /^(\d{1,9}):(\d{4})$/.exec(fields.vehicle ?? '');
  const [vehicleId, vehicleYear] = vehicle ? [vehicle[1], vehicle[2]] : [fields.vehicle ? 'inválido' : '', ''];
  const parsed = reviewInput.safeParse({ stars: fields.stars ?? '', title: fields.title ?? '', body: fields.body ?? '', vehicleId, vehicleYear });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    if (errors.vehicleId || errors.vehicleYear) errors.vehicle = 'Escolha um veículo da lista.';
    return data({ ok: false, message: 'Confira os campos destacados.', errors }, { status: 400 }) as never;
  }
  const result = await submitReview(db, user, id, parsed.data);
  if (!result.ok) return data({ ok: false, message: result.message, errors: result.message.includes('veículo') ? { vehicle: result.message } : {} }, { status: 409 }) as never;
  return { ok: true, message: 'Obrigado! Sua avaliação foi enviada e aparece no produto depois de aprovada.' };
}

export default function ReviewWrite({ loaderData, actionData }: Route.ComponentProps) {
  const access = loaderData as ReviewAccess & { product: { id: number; title: string } };
  const navigation = useNavigation();
  const state = actionData as ReviewFormState | undefined;
  return (
    <div className="container-page py-8">
      <section className="mx-auto max-w-2xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-8" aria-labelledby="avaliar-titulo">
        <h1 id="avaliar-titulo" className="text-2xl font-extrabold">
          Avaliar produto
        </h1>
        <p className="mt-1 text-ink-soft">
          <Link to={`/ProductView/${access.product.id}`} className="font-semibold text-ink underline">
            {access.product.title}
          </Link>
        </p>
        <div className="mt-6">
          {!access.signedIn ? (
            <p>
              <Link to={loginPath(`/AvaliarProduto/${access.product.id}`)} className="font-semibold underline">
                Entre na sua conta
              </Link>{' '}
              para avaliar este produto.
            </p>
          ) : access.status === 'eligible' ? (
            <ReviewPageForm productId={access.product.id} vehicles={access.vehicles} state={state} busy={navigation.state === 'submitting'} />
          ) : (
            <p>{access.message}</p>
          )}
        </div>
      </section>
    </div>
  );
}
