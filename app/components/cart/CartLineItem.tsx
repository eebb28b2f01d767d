// One line of the cart: photo, title, variant, the server's price and stock message, quantity and remove.
import { Link } from 'react-router';
import type { QuotedLine } from '#src/domain/cart/quote.ts';
import { formatBRL } from '#src/domain/pricing/money.ts';
import type { CartItem } from '#app/lib/cart-storage.ts';

/** The same product, colour and size, whether it is a stored item or a quoted line. */
export const lineKey = (l: { id?: number; productId?: number; cor?: string | null; tamanho?: string | null; color?: string | null; size?: string | null }) =>
  `${l.id ?? l.productId}|${l.cor ?? l.color ?? ''}|${l.tamanho ?? l.size ?? ''}`;

function OldPrice({ cents, className }: { cents: number; className: string }) {
  return (
    <s className={className}>
      <span className="sr-only">Preço antigo: </span>
      {formatBRL(cents)}
    </s>
  );
}

export function CartLineItem({ item, line, onQuantity, onRemove }: { item: CartItem; line: QuotedLine | undefined; onQuantity: (q: number) => void; onRemove: () => void }) {
  const title = line?.title ?? item.titulo;
  const buyable = !line || line.quantity > 0;
  const maxQuantity = line && line.stock > 0 ? line.stock : Infinity;
  return (
    <tr className="bg-white align-top shadow-[0_0_0_1px_#e5e5e5]">
      <td className="rounded-l-xl p-3">
        <div className="flex gap-3">
          {line?.image ? (
            <img src={line.image.url} alt={line.image.alt} width={line.image.width} height={line.image.height} className="h-20 w-20 shrink-0 rounded-lg bg-neutral-50 object-contain" />
          ) : (
            <div className="h-20 w-20 shrink-0 rounded-lg bg-neutral-100" aria-hidden="true" />
          )}
          <div className="min-w-0">
            <p className="font-semibold">
              <Link to={`/ProductView/${item.id}`} className="hover:underline">
                {title}
              </Link>
            </p>
            {item.cor && <p className="text-sm text-ink-soft">Cor: {item.cor}</p>}
            {item.tamanho && <p className="text-sm text-ink-soft">Tamanho: {item.tamanho}</p>}
            {line?.message && (
              <p role="status" className="mt-1 text-sm font-semibold text-red-700">
                {line.message}
              </p>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:hidden">
              <QuantityControl item={item} title={title} max={maxQuantity} disabled={!buyable} onQuantity={onQuantity} />
              <span className="text-sm text-ink-soft">
                {line?.oldPriceCents != null && <OldPrice cents={line.oldPriceCents} className="mr-1 text-xs text-neutral-500" />}
                {line ? `${formatBRL(line.unitPriceCents)} cada` : '…'}
              </span>
              <span className="font-bold">{line ? formatBRL(line.lineTotalCents) : '…'}</span>
            </div>
            <button type="button" onClick={onRemove} className="mt-2 text-sm font-medium text-red-700 underline-offset-2 hover:underline">
              Remover item
            </button>
          </div>
        </div>
      </td>
      <td className="hidden p-3 text-center sm:table-cell">
        <QuantityControl item={item} title={title} max={maxQuantity} disabled={!buyable} onQuantity={onQuantity} />
      </td>
      <td className="hidden p-3 text-right sm:table-cell">
        {line?.oldPriceCents != null && <OldPrice cents={line.oldPriceCents} className="block text-xs text-neutral-500" />}
        <span>{line ? formatBRL(line.unitPriceCents) : '…'}</span>
      </td>
      <td className="hidden rounded-r-xl p-3 text-right font-bold sm:table-cell">{line ? formatBRL(line.lineTotalCents) : '…'}</td>
    </tr>
  );
}

function QuantityControl({ item, title, max, disabled, onQuantity }: { item: CartItem; title: string; max: number; disabled: boolean; onQuantity: (q: number) => void }) {
  return (
    <div className="inline-flex items-center rounded-lg border border-neutral-300">
      <button
        type="button"
        aria-label={`Diminuir quantidade de ${title}`}
        disabled={disabled || item.quantity <= 1}
        onClick={() => onQuantity(item.quantity - 1)}
        className="h-9 w-9 text-lg disabled:text-neutral-300"
      >
        −
      </button>
      <span className="w-8 text-center font-semibold">
        <span className="sr-only">Quantidade de {title}: </span>
        <span data-testid="quantity">{item.quantity}</span>
      </span>
      <button
        type="button"
        aria-label={`Aumentar quantidade de ${title}`}
        disabled={disabled || item.quantity >= max}
        onClick={() => onQuantity(item.quantity + 1)}
        className="h-9 w-9 text-lg disabled:text-neutral-300"
      >
        +
      </button>
    </div>
  );
}
