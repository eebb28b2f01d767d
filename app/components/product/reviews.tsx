// "Avaliações de quem comprou" on the product page. The public part (average, the 5..1 bars, the approved
// reviews, the most helpful first, and their "útil" buttons) is in the server's HTML, the same for every
// visitor, so the page stays in the page cache. What depends on the visitor (may they review?) loads after
// the page, from /AvaliarProduto/:id, and shows the form inline for an eligible buyer.
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { ProductReviewsBlock, ReviewView } from '#src/domain/reviews/reviews.server.ts';
import { formatAverage } from '#src/domain/reviews/rules.ts';
import { formatDate } from '#src/platform/datetime.ts';
import { useRootData } from '#app/lib/root-data.ts';
import { ReviewInlineForm } from './reviews-form.tsx';
import type { ReviewAccess } from './reviews-form.tsx';
import { reviewsWord, Stars } from './reviews-stars.tsx';

function Distribution({ summary }: { summary: ProductReviewsBlock['summary'] }) {
  return (
    <ul className="mt-3 space-y-1.5" aria-label="Distribuição das notas">
      {summary.distribution.map((d) => (
        <li key={d.stars} className="flex items-center gap-2 text-sm">
          <span className="w-20 shrink-0 whitespace-nowrap">
            {d.stars} {d.stars === 1 ? 'estrela' : 'estrelas'}
          </span>
          <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-neutral-200" aria-hidden="true">
            <span className="block h-full rounded-full bg-amber-500" style={{ width: `${d.percent}%` }} />
          </span>
          <span className="w-12 shrink-0 text-right text-ink-soft">
            {d.percent}% <span className="sr-only">({reviewsWord(d.count)})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function HelpfulButton({ review }: { review: ReviewView }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const answered = fetcher.data;
  // The count the page was shown with: after a vote the page's data may come back already counting it.
  const [shown] = useState(review.helpfulCount);
  const count = answered?.ok ? Math.max(shown + 1, review.helpfulCount) : review.helpfulCount;
  return (
    <fetcher.Form method="post" action={`/avaliacoes/${review.id}/util`} className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      <span>Esta avaliação foi útil?</span>
      <button
        type="submit"
        disabled={fetcher.state !== 'idle' || answered !== undefined}
        className="rounded-lg border border-neutral-300 bg-white px-3 py-1.5 font-semibold hover:bg-neutral-50 disabled:opacity-70"
        aria-label={`Sim, esta avaliação foi útil (${count} ${count === 1 ? 'pessoa achou' : 'pessoas acharam'} útil)`}
      >
        Sim ({count})
      </button>
      {answered && (
        <span role="status" className={answered.ok ? 'text-emerald-800' : 'text-ink-soft'}>
          {answered.message}
        </span>
      )}
    </fetcher.Form>
  );
}

function Review({ review }: { review: ReviewView }) {
  return (
    <li className="py-5">
      <article aria-labelledby={`avaliacao-${review.id}`}>
        <p className="flex items-center gap-2">
          <Stars average={review.stars} />
          <span className="sr-only">Nota {review.stars} de 5</span>
        </p>
        <h3 id={`avaliacao-${review.id}`} className="mt-1 font-bold break-words">
          {review.title}
        </h3>
        <p className="mt-1 text-xs text-ink-soft">
          {review.authorName} · <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time> · <span className="font-semibold text-emerald-800">Compra verificada</span>
          {review.vehicle && <> · Instalado em: {review.vehicle}</>}
        </p>
        <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-ink-soft">{review.body}</p>
        <HelpfulButton review={review} />
      </article>
    </li>
  );
}

/**
 * Guests read "Entre na sua conta" (the same for every guest, so it is in the cached page); for a signed-in
 * shopper (whose pages are never cached) the server is asked after the page whether they may review.
 */
function WriteReview({ productId }: { productId: number }) {
  const signedIn = !!useRootData()?.user;
  if (!signedIn)
    return (
      <p className="text-sm text-ink-soft">
        Comprou este produto?{' '}
        <Link to={`/Login?redirectTo=${encodeURIComponent(`/ProductView/${productId}`)}`} className="font-semibold text-ink underline">
          Entre na sua conta
        </Link>{' '}
        para avaliá-lo.
      </p>
    );
  return <WriteReviewSignedIn productId={productId} />;
}

function WriteReviewSignedIn({ productId }: { productId: number }) {
  const fetcher = useFetcher<ReviewAccess>();
  const { load } = fetcher;
  useEffect(() => {
    load(`/AvaliarProduto/${productId}`);
  }, [load, productId]);
  // The first answer decides what shows: after the review is sent the page revalidates and this data comes
  // back as "already reviewed", which must not replace the form's thank-you.
  const first = useRef<ReviewAccess | undefined>(undefined);
  first.current ??= fetcher.data;
  const access = first.current;
  if (!access?.signedIn) return null;
  if (access.status !== 'eligible') return <p className="text-sm text-ink-soft">{access.message}</p>;
  return (
    <section aria-labelledby="avaliar" className="rounded-xl bg-white p-4 ring-1 ring-neutral-200">
      <ReviewInlineForm productId={productId} vehicles={access.vehicles}>
        <h3 id="avaliar" className="text-lg font-bold">
          Avaliar este produto
        </h3>
        <p className="text-sm text-ink-soft">Você comprou este produto. Sua avaliação aparece aqui depois de aprovada.</p>
      </ReviewInlineForm>
    </section>
  );
}

export function ReviewsSection({ productId, block }: { productId: number; block: ProductReviewsBlock }) {
  const { summary, reviews } = block;
  return (
    <section id="avaliacoes" aria-labelledby="avaliacoes-titulo" className="mt-14 scroll-mt-24">
      <h2 id="avaliacoes-titulo" className="text-2xl font-extrabold">
        Avaliações de quem comprou
      </h2>
      <div className="mt-5 grid gap-8 lg:grid-cols-[20rem_1fr]">
        <div className="space-y-5">
          {summary.count > 0 ? (
            <div>
              <p className="flex items-center gap-3">
                <span className="text-4xl font-extrabold">{formatAverage(summary.average)}</span>
                <Stars average={summary.average} size="lg" />
              </p>
              <p className="mt-1 text-sm text-ink-soft">
                <span className="sr-only">Nota média {formatAverage(summary.average)} de 5, </span>
                {reviewsWord(summary.count)}
              </p>
              <Distribution summary={summary} />
            </div>
          ) : (
            <p className="text-ink-soft">Este produto ainda não tem avaliações.</p>
          )}
          <WriteReview productId={productId} />
        </div>
        {reviews.length > 0 && (
          <ul className="divide-y divide-neutral-200 self-start rounded-xl bg-white px-4 ring-1 ring-neutral-200" aria-label="Avaliações, as mais úteis primeiro">
            {reviews.map((r) => (
              <Review key={r.id} review={r} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
