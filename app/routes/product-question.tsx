// /Perguntas/:id: a signed-in shopper asks about a product (the product page's form posts here through a
// fetcher; without JavaScript this page answers). Guests are sent to sign in and back to the product.
import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/product-question';
import { askQuestion } from '#src/domain/reviews/questions.server.ts';
import { questionInput } from '#src/domain/reviews/inputs.ts';
import { clientIpFrom } from '#src/platform/client-ip.ts';
import { formFields } from '#app/lib/admin.server.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';
import { loginPath } from '#app/lib/redirects.ts';
import { getSessionUser } from '#app/lib/session.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Pergunta sobre o produto | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

// No loader: after a form posted without JavaScript, React Router runs the route's loader to render the
// answer, and one that threw 404 turned every answer (thanks, refusals) into "Página não encontrada".

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!/^\d{1,9}$/.test(params.id)) return data({ ok: false, message: 'Produto não encontrado.', productId: null }, { status: 404 });
  const productId = Number(params.id);
  const db = dbOf(context);
  const user = await getSessionUser(request, authOf(context));
  if (!user) throw redirect(loginPath(`/ProductView/${productId}#perguntas`));
  const { fields } = await formFields(request);
  const parsed = questionInput.safeParse({ question: fields.question ?? '' });
  if (!parsed.success) return data({ ok: false, message: parsed.error.issues[0]?.message ?? 'Pergunta inválida.', productId }, { status: 400 });
  const result = await askQuestion(db, { userId: user.id, ip: clientIpFrom(request.headers) }, productId, parsed.data.question);
  if (!result.ok) return data({ ok: false, message: result.message, productId }, { status: result.status });
  return { ok: true, message: 'Pergunta enviada! Você receberá a resposta por e-mail, e ela aparecerá aqui.', productId };
}

export default function ProductQuestion({ actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-10">
      <h1 className="text-2xl font-extrabold">Pergunta sobre o produto</h1>
      <p role={actionData?.ok ? 'status' : 'alert'} className="mt-4">
        {actionData?.message ?? 'Faça sua pergunta na página do produto.'}
      </p>
      {actionData?.productId && (
        <p className="mt-4">
          <Link to={`/ProductView/${actionData.productId}#perguntas`} className="font-semibold underline">
            Voltar para o produto
          </Link>
        </p>
      )}
    </div>
  );
}
