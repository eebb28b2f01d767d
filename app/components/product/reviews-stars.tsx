// Stars as the cards and the product page show them: five outlined stars with the average's share filled,
// and the figures in words for screen readers ("Nota 4,5 de 5, 12 avaliações").
import { formatAverage } from '#src/domain/reviews/rules.ts';

const STAR = 'M10 1.5l2.6 5.5 6 .8-4.4 4.1 1.1 5.9L10 14.9l-5.3 2.9 1.1-5.9L1.4 7.8l6-.8z';

/** Five stars in one drawing (SVG: no text for contrast checks), 20 units apart. */
function FiveStars({ px, className }: { px: number; className: string }) {
  return (
    <svg width={px * 5} height={px} viewBox="0 0 100 20" className={className} fill="currentColor" aria-hidden="true" focusable="false">
      {[0, 20, 40, 60, 80].map((x) => (
        <path key={x} d={STAR} transform={`translate(${x} 0)`} />
      ))}
    </svg>
  );
}

export function Stars({ average, size = 'sm' }: { average: number; size?: 'sm' | 'lg' }) {
  const percent = Math.max(0, Math.min(100, (average / 5) * 100));
  const px = size === 'lg' ? 24 : 14;
  return (
    <span aria-hidden="true" className="relative inline-block shrink-0 leading-none" style={{ width: px * 5, height: px }}>
      <FiveStars px={px} className="block text-neutral-300" />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${percent}%` }}>
        <FiveStars px={px} className="block max-w-none text-amber-500" />
      </span>
    </span>
  );
}

export const reviewsWord = (count: number) => (count === 1 ? '1 avaliação' : `${count.toLocaleString('pt-BR')} avaliações`);

/** The card's line: stars, then "(12)"; read as "Nota 4,5 de 5, 12 avaliações". */
export function CardRating({ rating }: { rating: { average: number; count: number } }) {
  return (
    <p className="flex items-center gap-1 text-xs text-ink-soft">
      <Stars average={rating.average} />
      <span aria-hidden="true">({rating.count.toLocaleString('pt-BR')})</span>
      <span className="sr-only">
        Nota {formatAverage(rating.average)} de 5, {reviewsWord(rating.count)}
      </span>
    </p>
  );
}
