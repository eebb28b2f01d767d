// /Admin/Perguntas: the owner answers (or refuses) the shoppers' questions; an approved seller sees and
// answers those on their own products. An answer is public on the product page and e-mailed to the asker.
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/questions';
import { answerQuestion, listQuestionsForBackOffice } from '#src/domain/reviews/questions.server.ts';
import { answerInput } from '#src/domain/reviews/inputs.ts';
import { ANSWER_TEXT, QUESTION_STATUS_LABEL } from '#src/domain/reviews/rules.ts';
import type { QuestionStatus } from '#src/domain/reviews/rules.ts';
import { AdminShell } from '#app/components/admin/AdminShell.tsx';
import { FormNotice, inputClass } from '#app/components/Form.tsx';
import { requireCatalogEditor } from '#app/lib/admin.server.ts';
import { authOf, catalogChangesOf, dbOf, jobsOf } from '#app/lib/context.server.ts';
import { formatDateTime } from '#src/platform/datetime.ts';

const TABS: { status: QuestionStatus; label: string; param: string }[] = [
  { status: 'pending', label: 'Aguardando resposta', param: 'pendentes' },
  { status: 'answered', label: 'Respondidas', param: 'respondidas' },
  { status: 'refused', label: 'Recusadas', param: 'recusadas' },
];
const statusOf = (raw: string | null): QuestionStatus => TABS.find((t) => t.param === raw)?.status ?? 'pending';

export const meta: Route.MetaFunction = () => [{ title: 'Perguntas | Olimpo Peças' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const editor = await requireCatalogEditor(request, url, authOf(context));
  const status = statusOf(url.searchParams.get('situacao'));
  return { status, sellerView: editor.sellerId !== null, questions: await listQuestionsForBackOffice(dbOf(context), { sellerId: editor.sellerId, status }) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const editor = await requireCatalogEditor(request, url, authOf(context));
  const form = await request.formData();
  const id = Number(form.get('id'));
  const decision = form.get('decisao');
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647 || (decision !== 'responder' && decision !== 'recusar'))
    return data({ ok: false, id: null, message: 'Pedido inválido.' }, { status: 400 });
  let choice: { answer: string } | 'refuse' = 'refuse';
  if (decision === 'responder') {
    const parsed = answerInput.safeParse({ answer: String(form.get('answer') ?? '') });
    if (!parsed.success) return data({ ok: false, id, message: parsed.error.issues[0]?.message ?? 'Resposta inválida.' }, { status: 400 });
    choice = { answer: parsed.data.answer };
  }
  const result = await answerQuestion(dbOf(context), catalogChangesOf(context), { userId: editor.id, sellerId: editor.sellerId }, id, choice, jobsOf(context));
  if (!result.ok) return data({ ok: false, id, message: result.message }, { status: result.status });
  return { ok: true, id, message: result.status === 'answered' ? 'Resposta publicada. O cliente foi avisado por e-mail.' : 'Pergunta recusada.' };
}

export default function AdminQuestions({ loaderData, actionData }: Route.ComponentProps) {
  const { status, sellerView, questions } = loaderData;
  return (
    <AdminShell title="Perguntas dos clientes" sellerView={sellerView}>
      <nav aria-label="Situação das perguntas" className="mt-4 flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Link
            key={t.status}
            to={`/Admin/Perguntas?situacao=${t.param}`}
            aria-current={t.status === status ? 'page' : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-neutral-300 ${t.status === status ? 'bg-ink text-white' : 'bg-white hover:bg-neutral-50'}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="mt-4 min-h-6">{actionData && <FormNotice kind={actionData.ok ? 'success' : 'error'}>{actionData.message}</FormNotice>}</div>
      {questions.length === 0 ? (
        <p className="mt-6 text-ink-soft">Nenhuma pergunta nesta situação.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {questions.map((q) => (
            <li key={q.id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-neutral-200">
              <p className="text-sm text-ink-soft">
                <Link to={`/ProductView/${q.productId}`} className="font-semibold text-ink underline">
                  {q.productTitle}
                </Link>{' '}
                · {formatDateTime(q.askedAt)} · {QUESTION_STATUS_LABEL[q.status]}
              </p>
              <p id={`pergunta-${q.id}`} className="mt-2 font-semibold break-words whitespace-pre-line">
                {q.question}
              </p>
              {q.answer && <p className="mt-2 border-l-4 border-brand pl-3 break-words whitespace-pre-line text-ink-soft">{q.answer}</p>}
              {q.status === 'pending' && (
                <Form method="post" className="mt-4 space-y-3">
                  <input type="hidden" name="id" value={q.id} />
                  <label htmlFor={`resposta-${q.id}`} className="block text-sm font-semibold">
                    Resposta
                  </label>
                  <textarea id={`resposta-${q.id}`} name="answer" rows={3} maxLength={ANSWER_TEXT.max} aria-describedby={`pergunta-${q.id}`} className={inputClass} />
                  {actionData && !actionData.ok && actionData.id === q.id && <p className="text-sm font-medium text-red-700">{actionData.message}</p>}
                  <div className="flex flex-wrap gap-3">
                    <button type="submit" name="decisao" value="responder" className="rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
                      Responder
                    </button>
                    <button type="submit" name="decisao" value="recusar" className="rounded-lg border border-neutral-300 px-4 py-2 font-semibold hover:bg-neutral-50">
                      Recusar
                    </button>
                  </div>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}
