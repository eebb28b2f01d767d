import { formatBRL } from '../../src/domain/pricing/money.ts';
import { installmentHint } from '../../src/domain/pricing/pricing.ts';

export function OldPrice({ cents }: { cents: number | null }) {
  if (cents === null) return null;
  return (
    <s className="text-sm text-neutral-500">
      <span className="sr-only">Preço antigo: </span>
      {formatBRL(cents)}
    </s>
  );
}

export function InstallmentHint({ totalCents }: { totalCents: number }) {
  const hint = installmentHint(totalCents);
  if (!hint) return null;
  return (
    <p className="text-sm text-ink-soft">
      ou {hint.count}x de {formatBRL(hint.eachCents)} sem juros
    </p>
  );
}

export function DiscountBadge({ percent }: { percent: number }) {
  if (percent <= 0) return null;
  return <span className="rounded-md bg-brand px-2 py-0.5 text-xs font-bold text-ink">{percent}% OFF</span>;
}
