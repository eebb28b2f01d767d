// /Admin/Avaliacoes: admins moderate the buyers' reviews. Pending ones first; approving publishes a review on
// the product page (and in the cards' stars), refusing keeps it hidden.
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/reviews';
import { listReviewsForModeration, moderateReview } from '#src/domain/reviews/reviews.server.ts';
import { REVIEW_STATUS_LABEL } from '#src/domain/reviews/rules.ts';
import type { ReviewStatus } from '#src/domain/reviews/rules.ts';
import { AdminShell } from '#app/components/admin/AdminShell.tsx';
import { FormNotice } from '#app/components/Form.tsx';
import { Stars } from '#app/components/product/reviews-stars.tsx';
import { requireAdmin } from '#app/lib/admin.server.ts';
import { authOf, catalogChangesOf, dbOf } from '#app/lib/context.server.ts';
import { formatDateTime } from '#src/platform/datetime.ts';

const TABS: { status: ReviewStatus; label: string }[] = [
  { status: 'pending', label: 'Pendentes' },
  { status: 'approved', label: 'Aprovadas' },
  { status: 'refused', label: 'Recusadas' },
];
const statusOf = (raw: string | null): ReviewStatus => (raw === 'aprovadas' ? 'approved' : raw === 'recusadas' ? 'refused' : 'pending');
const paramOf: Record<ReviewStatus, string> = { pending: 'pendentes', approved: 'aprovadas', refused: 'recusadas' };

export const meta: Route.MetaFunction = () => [{ title: 'Avaliações | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdmin(request, url, authOf(context));
  const status = statusOf(url.searchParams.get('situacao'));
  return { status, reviews: await listReviewsForModeration(dbOf(context), status) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, url, authOf(context));
  const form = await request.formData();
  const id = Number(form.get('id'));
  const decision = form.get('decisao');
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647 || (decision !== 'aprovar' && decision !== 'recusar')) return data({ ok: false, message: 'Pedido inválido.' }, { status: 400 });
  const result = await moderateReview(dbOf(context), catalogChangesOf(context), admin.id, id, decision === 'aprovar' ? 'approve' : 'refuse');
  if (!result.ok) return data({ ok: false, message: result.message }, { status: 404 });
  return { ok: true, message: result.status === 'approved' ? 'Avaliação aprovada: já aparece no produto.' : 'Avaliação recusada.' };
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { status, reviews } = loaderData;
  return (
    <AdminShell title="Avaliações">
      <nav aria-label="Situação das avaliações" className="mt-4 flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Link
            key={t.status}
            to={`/Admin/Avaliacoes?situacao=${paramOf[t.status]}`}
            aria-current={t.status === status ? 'page' : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-neutral-300 ${t.status === status ? 'bg-ink text-white' : 'bg-white hover:bg-neutral-50'}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="mt-4 min-h-6">{actionData && <FormNotice kind={actionData.ok ? 'success' : 'error'}>{actionData.message}</FormNotice>}</div>
      {reviews.length === 0 ? (
        <p className="mt-6 text-ink-soft">Nenhuma avaliação nesta situação.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {reviews.map((r) => (
            <li key={r.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200">
              <article aria-labelledby={`revisao-${r.id}`}>
                <p className="text-sm text-ink-soft">
                  <Link to={`/ProductView/${r.productId}`} className="font-semibold text-ink underline">
                    {r.productTitle}
                  </Link>{' '}
                  · {r.authorName} · {formatDateTime(r.createdAt)} · {REVIEW_STATUS_LABEL[r.status]}
                </p>
                <p className="mt-2 flex items-center gap-2">
                  <Stars average={r.stars} />
                  <span className="text-sm">{r.stars} de 5</span>
                </p>
                <h2 id={`revisao-${r.id}`} className="mt-1 text-lg font-bold break-words">
                  {r.title}
                </h2>
                <p className="mt-1 break-words whitespace-pre-line text-ink-soft">{r.body}</p>
                {r.vehicle && <p className="mt-1 text-sm">Instalado em: {r.vehicle}</p>}
                {r.status === 'pending' && (
                  <Form method="post" className="mt-4 flex flex-wrap gap-3">
                    <input type="hidden" name="id" value={r.id} />
                    <button type="submit" name="decisao" value="aprovar" className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
                      Aprovar
                    </button>
                    <button type="submit" name="decisao" value="recusar" className="rounded-lg border border-neutral-300 px-4 py-2 font-semibold hover:bg-neutral-50">
                      Recusar
                    </button>
                  </Form>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}
