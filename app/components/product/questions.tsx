// "Perguntas e respostas" on the product page: the answered questions (public, in the server's HTML, so the
// page stays cacheable) and the form to ask. The form is the same for everyone; it posts to /Perguntas/:id,
// which sends a guest to sign in and tells a shopper their question went to the store.
import { useFetcher } from 'react-router';
import type { PublicQuestion } from '#src/domain/reviews/questions.server.ts';
import { QUESTION_TEXT } from '#src/domain/reviews/rules.ts';
import { formatDate } from '#src/platform/datetime.ts';
import { FieldError, FormNotice, inputClass, SubmitButton } from '../Form.tsx';

export interface AskState {
  ok: boolean;
  message: string;
}

function AskForm({ productId }: { productId: number }) {
  const fetcher = useFetcher<AskState>();
  const state = fetcher.data;
  return (
    <fetcher.Form method="post" action={`/Perguntas/${productId}`} className="space-y-3" key={state?.ok ? 'enviada' : 'nova'}>
      <div>
        <label htmlFor="pergunta-texto" className="block text-sm font-semibold">
          Pergunte ao vendedor
        </label>
        <textarea
          id="pergunta-texto"
          name="question"
          rows={3}
          required
          minLength={QUESTION_TEXT.min}
          maxLength={QUESTION_TEXT.max}
          aria-describedby="pergunta-dica"
          aria-invalid={state && !state.ok ? true : undefined}
          className={inputClass}
        />
        <p id="pergunta-dica" className="mt-1 text-xs text-ink-soft">
          É preciso entrar na sua conta. Não inclua telefone, e-mail ou links: perguntas com contatos são recusadas.
        </p>
        {state && !state.ok && <FieldError message={state.message} />}
      </div>
      {state?.ok && <FormNotice kind="success">{state.message}</FormNotice>}
      <SubmitButton busy={fetcher.state !== 'idle'} busyText="Enviando..." className="rounded-lg bg-ink px-5 py-2.5 font-bold text-white hover:bg-neutral-800 disabled:cursor-wait disabled:opacity-70">
        Perguntar
      </SubmitButton>
    </fetcher.Form>
  );
}

export function QuestionsSection({ productId, questions }: { productId: number; questions: PublicQuestion[] }) {
  return (
    <section id="perguntas" aria-labelledby="perguntas-titulo" className="mt-14 scroll-mt-24">
      <h2 id="perguntas-titulo" className="text-2xl font-extrabold">
        Perguntas e respostas
      </h2>
      <div className="mt-5 grid gap-8 lg:grid-cols-[20rem_1fr]">
        <AskForm productId={productId} />
        {questions.length > 0 ? (
          <ul className="space-y-5" aria-label="Perguntas respondidas">
            {questions.map((q) => (
              <li key={q.id} className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
                <p className="font-semibold break-words whitespace-pre-line">{q.question}</p>
                <p className="mt-2 border-l-4 border-brand pl-3 break-words whitespace-pre-line text-ink-soft">
                  <span className="sr-only">Resposta: </span>
                  {q.answer}
                </p>
                <p className="mt-2 text-xs text-ink-soft">
                  Respondida em <time dateTime={q.answeredAt}>{formatDate(q.answeredAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-soft">Ninguém perguntou ainda. Tire sua dúvida sobre este produto.</p>
        )}
      </div>
    </section>
  );
}
