import { formatBRL } from '#src/domain/pricing/money.ts';
import { productPriceLines } from '#src/domain/pricing/pricing.ts';

export function OldPrice({ cents }: { cents: number | null }) {
  if (cents === null) return null;
  return (
    <s className="text-sm text-neutral-500">
      <span className="sr-only">Preço antigo: </span>
      {formatBRL(cents)}
    </s>
  );
}

export function DiscountBadge({ percent }: { percent: number }) {
  if (percent <= 0) return null;
  return <span className="rounded-md bg-brand px-2 py-0.5 text-xs font-bold text-ink">{percent}% OFF</span>;
}

/** "R$ 647,91 no PIX" and "ou 10x de R$ 71,99 sem juros" under a product's price (pricing.ts computes both). */
export function PriceLines({ priceCents, size = 'sm' }: { priceCents: number; size?: 'sm' | 'md' }) {
  const lines = productPriceLines(priceCents);
  return (
    <>
      <p className={size === 'md' ? 'text-base font-semibold text-emerald-800' : 'text-xs font-semibold text-emerald-800'}>
        {formatBRL(lines.pixCents)} no PIX{size === 'md' && <span className="font-normal"> ({lines.pixPercent}% de desconto)</span>}
      </p>
      {lines.installments && (
        <p className={size === 'md' ? 'text-sm text-ink-soft' : 'text-xs text-ink-soft'}>
          ou {lines.installments.count}x de {formatBRL(lines.installments.eachCents)} sem juros
        </p>
      )}
    </>
  );
}
