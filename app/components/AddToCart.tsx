import { useState } from 'react';
import { recolorImageUrl } from '#src/domain/catalog/art.ts';
import type { ProductDetail } from '#src/domain/catalog/types.ts';
import { centsToReais } from '#src/domain/pricing/money.ts';
import { MAX_UNITS_PER_PRODUCT } from '#src/domain/checkout/units.ts';
import { addToCart } from '../lib/cart-storage.ts';
import { StockAlertForm } from './favorites/StockAlertForm.tsx';
import { QuantityPicker } from './product/QuantityPicker.tsx';

/**
 * Colour and size choice (footwear) and "Comprar", which adds the line to the browser cart (spec §4). The
 * colour may be held by the page (`color`/`onColorChange`) so the photos follow it.
 */
export function AddToCart({
  product,
  color: heldColor,
  onColorChange,
  maxUnits = MAX_UNITS_PER_PRODUCT,
}: {
  product: ProductDetail;
  color?: string;
  onColorChange?: (color: string) => void;
  /** The order limit per product (ORDER_MAX_UNITS_PER_PRODUCT): the quantity picker's ceiling with the stock. */
  maxUnits?: number;
}) {
  const colors = [...new Set(product.variants.map((v) => v.color))];
  const [ownColor, setOwnColor] = useState(colors[0] ?? '');
  const color = heldColor ?? ownColor;
  const setColor = (c: string) => {
    setOwnColor(c);
    onColorChange?.(c);
  };
  const sizes = product.variants.filter((v) => v.color === color);
  const firstInStock = sizes.find((v) => v.stock > 0)?.size ?? '';
  const [size, setSize] = useState(firstInStock);
  const [notice, setNotice] = useState('');
  const hasVariants = product.variants.length > 0;
  const chosen = product.variants.find((v) => v.color === color && v.size === size);
  const available = hasVariants ? (chosen?.stock ?? 0) : product.stock;
  const maxQuantity = Math.max(1, Math.min(available, maxUnits));
  const [wanted, setQuantity] = useState(1);
  const quantity = Math.min(wanted, maxQuantity);
  const soldOutSizes = hasVariants ? sizes.filter((v) => v.stock === 0).map((v) => v.size) : [];

  const onBuy = () => {
    if (hasVariants && !chosen) {
      setNotice('Escolha a cor e o tamanho.');
      return;
    }
    addToCart(
      {
        id: product.id,
        titulo: product.title,
        valoratual: centsToReais(product.priceCents),
        valorantigo: product.oldPriceCents === null ? null : centsToReais(product.oldPriceCents),
        image: product.image ? recolorImageUrl(product.image.url, hasVariants ? color : null) : null,
        ...(hasVariants ? { cor: color, tamanho: size } : {}),
      },
      quantity,
    );
    setNotice(quantity === 1 ? `Produto "${product.title}" adicionado ao carrinho!` : `${quantity} unidades de "${product.title}" adicionadas ao carrinho!`);
  };

  return (
    <div className="space-y-4">
      {hasVariants && (
        <>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">Cor: {color}</legend>
            <div className="flex flex-wrap gap-2">
              {colors.map((c) => (
                <label key={c} className="cursor-pointer">
                  <input
                    type="radio"
                    name="cor"
                    value={c}
                    checked={c === color}
                    onChange={() => {
                      setColor(c);
                      setSize(product.variants.find((v) => v.color === c && v.stock > 0)?.size ?? '');
                    }}
                    className="peer sr-only"
                  />
                  <span className="inline-block rounded-lg border border-neutral-300 px-3 py-1.5 text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-dark">
                    {c}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">Tamanho{size ? `: ${size}` : ''}</legend>
            <div className="flex flex-wrap gap-2">
              {sizes.map((v) => (
                <label key={v.size} className={v.stock > 0 ? 'cursor-pointer' : 'cursor-not-allowed'}>
                  <input
                    type="radio"
                    name="tamanho"
                    value={v.size}
                    checked={v.size === size}
                    disabled={v.stock === 0}
                    onChange={() => setSize(v.size)}
                    // The name is the size; the stock under it is its description.
                    aria-label={v.stock === 0 ? `${v.size} (esgotado)` : v.size}
                    aria-describedby={`estoque-${v.id}`}
                    className="peer sr-only"
                  />
                  <span className="inline-flex min-h-10 min-w-12 flex-col items-center justify-center rounded-lg border border-neutral-300 px-2 py-1 text-sm leading-tight peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-disabled:text-neutral-500 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-dark">
                    <span className={v.stock === 0 ? 'line-through' : undefined}>{v.size}</span>
                    <span id={`estoque-${v.id}`} className="text-[11px]">
                      {v.stock === 0 ? (
                        'esgotado'
                      ) : (
                        <>
                          {v.stock} {v.stock === 1 ? 'par' : 'pares'}
                          <span className="sr-only"> em estoque</span>
                        </>
                      )}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
      <p className={`text-sm font-semibold ${available > 0 ? 'text-emerald-700' : 'text-red-700'}`}>
        {available === 0 ? 'Esgotado' : available <= 5 ? `Últimas ${available} unidades em estoque` : 'Em estoque'}
      </p>
      {available > 0 && (
        <QuantityPicker
          value={quantity}
          max={maxQuantity}
          onChange={setQuantity}
          hint={maxQuantity < maxUnits ? `${available} ${available === 1 ? 'disponível' : 'disponíveis'}` : `Até ${maxUnits} unidades por pedido`}
        />
      )}
      <button
        type="button"
        onClick={onBuy}
        disabled={available === 0}
        className="w-full rounded-xl bg-brand px-6 py-3.5 text-lg font-extrabold text-ink hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-neutral-300 sm:w-auto"
      >
        Comprar
      </button>
      <p role="status" className="min-h-6 text-sm font-medium">
        {notice}
      </p>
      {!hasVariants && available === 0 && <StockAlertForm productId={product.id} />}
      {hasVariants && soldOutSizes.length > 0 && <StockAlertForm productId={product.id} color={color} sizes={soldOutSizes} />}
    </div>
  );
}
