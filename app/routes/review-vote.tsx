// /avaliacoes/:id/util: "Esta avaliação foi útil?". One vote per visitor (a signed-in account, or the
// address for guests) and review, counted once by the reviews domain; the votes of an address are limited.
// The product page posts here through a fetcher; without JavaScript this page answers.
import { data, Link } from 'react-router';
import type { Route } from './+types/review-vote';
import { REVIEW_LIMITS, TOO_MANY } from '#src/domain/reviews/limits.server.ts';
import { voteHelpful, voterKey } from '#src/domain/reviews/reviews.server.ts';
import { clientIpFrom } from '#src/platform/client-ip.ts';
import { authOf, dbOf } from '#app/lib/context.server.ts';
import { getSessionUser } from '#app/lib/session.server.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Avaliação útil | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

// No loader: after a form posted without JavaScript, React Router runs the route's loader to render the
// answer, and one that threw 404 turned every answer (thanks, refusals) into "Página não encontrada".

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!/^\d{1,9}$/.test(params.id)) return data({ ok: false, message: 'Avaliação não encontrada.' }, { status: 404 });
  const db = dbOf(context);
  const ip = clientIpFrom(request.headers);
  if ((await REVIEW_LIMITS.votesPerIp.hit(db, `ip:${ip}`)).limited) return data({ ok: false, message: TOO_MANY }, { status: 429 });
  const user = await getSessionUser(request, authOf(context));
  const result = await voteHelpful(db, Number(params.id), voterKey(user?.id ?? null, ip));
  if (result === 'missing') return data({ ok: false, message: 'Avaliação não encontrada.' }, { status: 404 });
  return { ok: result === 'counted', message: result === 'counted' ? 'Obrigado pelo seu voto!' : 'Você já votou nesta avaliação.' };
}

export default function ReviewVote({ actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-10">
      <h1 className="text-2xl font-extrabold">Avaliação útil</h1>
      <p role={actionData?.ok === false ? 'alert' : 'status'} className="mt-4">
        {actionData?.message ?? 'Use o botão "Sim" na avaliação do produto.'}
      </p>
      <p className="mt-4">
        <Link to="/" className="font-semibold underline">
          Voltar para a loja
        </Link>
      </p>
    </div>
  );
}
