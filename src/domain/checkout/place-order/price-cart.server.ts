// Step 2 of placing an order, inside its transaction: take each line's units from stock and price the cart
// from the database (never from the browser): the products' prices, the coupon's rules with its row locked
// until the order commits, the totals and the installment limit. A refusal throws a CheckoutError, which
// rolls the transaction (and every unit taken) back.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client.server.ts';
import { preparedQuery } from '#src/db/prepared.server.ts';
import { recolorImageUrl } from '#src/domain/catalog/art.ts';
import type { CatalogChanges } from '#src/domain/catalog/changes.server.ts';
import { products, productVariants } from '#src/domain/catalog/schema.ts';
import { evaluateCoupon, normalizeCouponCode } from '#src/domain/pricing/coupons.server.ts';
import { maxInstallments, orderTotals, subtotal } from '#src/domain/pricing/pricing.ts';
import { MESSAGES } from '../rules.ts';
import type { PlaceOrderInput } from '../rules.ts';
import { CheckoutError, MAX_ORDER_CENTS, UNAVAILABLE, chooseVariant, outOfStockMessage } from './outcomes.ts';
import type { MergedLine } from './validate.server.ts';

/** Stock taken: the pages showing these products are refreshed. Stock returned (undefined): every page. */
export function stockChanged(changes: CatalogChanges | null | undefined, productIds: (number | null)[] | undefined): void {
  changes?.announce(productIds?.filter((id): id is number => id !== null)).catch(() => {});
}

// The order path's hot statement, prepared once per connection (src/db/prepared.server.ts).

/** Takes a line's units from a product row if it is active and has them; its price, title, photo and whether it has variants. */
const takeProductStock = preparedQuery<{ title: string; priceCents: number; imageUrl: string | null; hasVariants: boolean }>(
  'take_product_stock',
  (p) => sql`
    update ${products} set stock = stock - ${p('quantity')}, updated_at = ${p('now')}
    where id = ${p('id')} and active and stock >= ${p('quantity')}
    returning title, price_cents as "priceCents",
      (select pi.url from product_images pi where pi.product_id = products.id and pi.position = 0 limit 1) as "imageUrl",
      exists(select 1 from product_variants pv where pv.product_id = products.id) as "hasVariants"`,
);

export type PricedLine = { productId: number; variantId: number | null; title: string; imageUrl: string | null; color: string | null; size: string | null; quantity: number; unitPriceCents: number };

/**
 * Takes one line's units from stock and prices it from the database. The common case (no colour or size)
 * is a single conditional UPDATE ... RETURNING that locks the row, checks the stock and reads the price;
 * only a refused update asks the database why (gone, sold out, or a colour/size it does not have).
 */
async function takeStock(tx: Tx, line: MergedLine, now: Date): Promise<PricedLine> {
  let variantId: number | null = null;
  let variantLabel = '';
  if (line.color !== null || line.size !== null) {
    const [variant] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(
        and(
          eq(productVariants.productId, line.productId),
          line.color === null ? sql`false` : eq(productVariants.color, line.color),
          line.size === null ? sql`false` : eq(productVariants.size, line.size),
          sql`${productVariants.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ id: productVariants.id });
    if (variant) {
      variantId = variant.id;
      variantLabel = ` (${line.color}, ${line.size})`;
    } else {
      const [product] = await tx
        .select({
          title: products.title,
          variants: sql<number>`(select count(*)::int from product_variants pv where pv.product_id = products.id)`,
          exists: sql<boolean>`exists(select 1 from product_variants pv where pv.product_id = products.id and pv.color = ${line.color ?? ''} and pv.size = ${line.size ?? ''})`,
        })
        .from(products)
        .where(eq(products.id, line.productId));
      if (!product) throw new CheckoutError(409, UNAVAILABLE);
      // A colour or size sent for a product sold without them is ignored, as the cart does.
      if (product.variants > 0) {
        if (!product.exists) throw new CheckoutError(409, chooseVariant(product.title));
        throw new CheckoutError(409, outOfStockMessage(`${product.title} (${line.color}, ${line.size})`));
      }
    }
  }
  const [taken] = await takeProductStock(tx, { id: line.productId, quantity: line.quantity, now: now.toISOString() });
  if (!taken) {
    const [product] = await tx.select({ title: products.title, active: products.active }).from(products).where(eq(products.id, line.productId));
    throw new CheckoutError(409, product?.active ? outOfStockMessage(product.title + variantLabel) : UNAVAILABLE);
  }
  if (taken.hasVariants && variantId === null) throw new CheckoutError(409, chooseVariant(taken.title));
  return {
    productId: line.productId,
    variantId,
    title: taken.title,
    // The line keeps the photo of the colour bought.
    imageUrl: taken.imageUrl && variantId ? recolorImageUrl(taken.imageUrl, line.color) : taken.imageUrl,
    color: variantId ? line.color : null,
    size: variantId ? line.size : null,
    quantity: line.quantity,
    unitPriceCents: taken.priceCents,
  };
}

/** The cart as the order is written: its priced lines, the coupon it takes, its totals and installments. */
export interface PricedCart {
  priced: PricedLine[];
  couponCode: string;
  coupon: Extract<Awaited<ReturnType<typeof evaluateCoupon>>, { ok: true }>['terms'] | null;
  totals: ReturnType<typeof orderTotals>;
  installments: number;
}

/** Takes the stock of every line (in lock order) and prices the cart, or throws the CheckoutError refusing it. */
export async function priceCart(tx: Tx, lines: MergedLine[], input: PlaceOrderInput, viewer: { userId: string | null }, now: Date, shippingCents: number): Promise<PricedCart> {
  const priced: PricedLine[] = [];
  for (const line of lines) priced.push(await takeStock(tx, line, now));

  const couponCode = input.coupon ? normalizeCouponCode(input.coupon) : '';
  // Every coupon rule (window, minimum, limits overall and per customer) from the pricing domain; the
  // coupon row stays locked until this order commits, so its last use cannot be taken twice.
  const checked = couponCode ? await evaluateCoupon(tx, couponCode, { subtotalCents: subtotal(priced), customer: { userId: viewer.userId, email: input.email }, now, lock: true }) : null;
  if (checked && !checked.ok) throw new CheckoutError(400, checked.message);
  const coupon = checked?.ok ? checked.terms : null;
  const totals = orderTotals(priced, { coupon, shippingCents, payment: input.payment });
  // Totals are stored as 32-bit integers of centavos (R$ 21.474.836,47 at most): beyond that, a clear 400.
  if (!Number.isSafeInteger(totals.subtotalCents) || totals.subtotalCents > MAX_ORDER_CENTS || totals.totalCents > MAX_ORDER_CENTS) throw new CheckoutError(400, MESSAGES.totalTooLarge);
  const installments = input.payment === 'credit' ? input.installments : 1;
  if (installments > maxInstallments(totals.totalCents)) throw new CheckoutError(400, MESSAGES.installments);
  return { priced, couponCode, coupon, totals, installments };
}
