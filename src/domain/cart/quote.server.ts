// Quotes a cart from the database: current titles, images, prices and stock, quantities capped to stock,
// the coupon looked up, the CEP checked, and every total from the pricing module.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { preparedSelect } from '#src/db/prepared.server.ts';
import { recolorImageUrl } from '../catalog/art.ts';
import { productImages, products, productVariants } from '../catalog/schema.ts';
import { evaluateCoupon } from '../pricing/coupons.server.ts';
import type { CouponCustomer } from '../pricing/coupons.server.ts';
import { cartTotals, lineTotal, maxInstallments, orderTotals, sanitizePrice, subtotal } from '../pricing/pricing.ts';
import { CART_CEP_INVALID, isValidCartCep } from '../shipping/cep.ts';
import { findOption } from '../shipping/options.ts';
import { quoteShipping } from '../shipping/quote.server.ts';
import type { ShippingService } from '../shipping/service.ts';
import type { ParcelItem } from '../shipping/provider.ts';
import { createTableShipping } from '../shipping/service.ts';
import { OUT_OF_STOCK_MESSAGE, stockMessage, UNAVAILABLE_MESSAGE, VARIANT_UNAVAILABLE_MESSAGE } from './quote.ts';
import type { Quote, QuoteRequest, QuotedLine } from './quote.ts';

/** A priced line as the shipping module weighs it: its product's boxed weight and size. */
function parcelItem(l: QuotedLine, p: { weightGrams: number | null; heightCm: number | null; widthCm: number | null; lengthCm: number | null } | undefined): ParcelItem {
  return {
    productId: l.productId,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    weightGrams: p?.weightGrams ?? null,
    heightCm: p?.heightCm ?? null,
    widthCm: p?.widthCm ?? null,
    lengthCm: p?.lengthCm ?? null,
  };
}

/**
 * The cart's products (their first image) and their colours and sizes: built and prepared once per database,
 * each call sends only the ids. Built per call, drizzle's writing of the quote's statements took 14 % of the
 * server's CPU under quotes alone (bench/NOTES.md, "the cart quote's statements built once").
 */
const quoteProducts = preparedSelect('quote_products', (db) =>
  db
    .select({
      id: products.id,
      title: products.title,
      priceCents: products.priceCents,
      oldPriceCents: products.oldPriceCents,
      onSale: products.onSale,
      stock: products.stock,
      active: products.active,
      weightGrams: products.shippingWeightGrams,
      heightCm: products.shippingHeightCm,
      widthCm: products.shippingWidthCm,
      lengthCm: products.shippingLengthCm,
      imageUrl: productImages.url,
      imageAlt: productImages.alt,
      imageWidth: productImages.width,
      imageHeight: productImages.height,
    })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`),
);
const quoteVariants = preparedSelect('quote_variants', (db) =>
  db
    .select({ productId: productVariants.productId, color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .where(sql`${productVariants.productId} = any(${sql.placeholder('ids')}::int[])`),
);

const TABLE_SHIPPING = createTableShipping();

/**
 * `customer`, when the caller knows who is buying, lets the per-customer coupon limit be checked here too;
 * place-order always checks it. `shipping` is the process's shipping service (the table when not given).
 */
export async function quoteCart(
  db: Db,
  request: QuoteRequest,
  opts: { onInvalidPrice?: (productId: number) => void; customer?: CouponCustomer | null; shipping?: ShippingService } = {},
): Promise<Quote> {
  const ids = [...new Set(request.lines.map((l) => l.productId))];
  const [rows, variants] = ids.length ? await Promise.all([quoteProducts(db, { ids }), quoteVariants(db, { ids })]) : [[], []];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const variantsOf = new Map<number, typeof variants>();
  for (const v of variants) variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);

  const lines: QuotedLine[] = request.lines.map((line) => {
    const p = byId.get(line.productId);
    const base = { productId: line.productId, requestedQuantity: line.quantity, color: null, size: null };
    if (!p || !p.active) {
      return { ...base, quantity: 0, status: 'unavailable', message: UNAVAILABLE_MESSAGE, title: null, image: null, stock: 0, unitPriceCents: 0, oldPriceCents: null, lineTotalCents: 0 };
    }
    const unitPriceCents = sanitizePrice(p.priceCents, () => opts.onInvalidPrice?.(p.id));
    const shared = {
      ...base,
      title: p.title,
      image: p.imageUrl ? { url: p.imageUrl, alt: p.imageAlt ?? p.title, width: p.imageWidth ?? 600, height: p.imageHeight ?? 600 } : null,
      unitPriceCents,
      oldPriceCents: p.onSale ? p.oldPriceCents : null,
    };
    let stock = p.stock;
    const own = variantsOf.get(p.id);
    let color: string | null = null;
    let size: string | null = null;
    if (own && own.length > 0) {
      const v = own.find((x) => x.color === line.color && x.size === line.size);
      if (!v) return { ...shared, color: line.color ?? null, size: line.size ?? null, quantity: 0, status: 'unavailable', message: VARIANT_UNAVAILABLE_MESSAGE, stock: 0, lineTotalCents: 0 };
      stock = v.stock;
      color = v.color;
      size = v.size;
      // The photo follows the colour chosen, as on the product page.
      if (shared.image) shared.image = { ...shared.image, url: recolorImageUrl(shared.image.url, color) };
    }
    if (stock <= 0) return { ...shared, color, size, quantity: 0, status: 'out_of_stock', message: OUT_OF_STOCK_MESSAGE, stock: 0, lineTotalCents: 0 };
    const quantity = Math.min(line.quantity, stock);
    const capped = quantity < line.quantity;
    return {
      ...shared,
      color,
      size,
      quantity,
      stock,
      status: capped ? 'capped' : 'ok',
      message: capped ? stockMessage(stock) : null,
      lineTotalCents: lineTotal({ unitPriceCents, quantity }),
    };
  });

  const couponCode = request.coupon?.trim() ?? '';
  const cepText = request.cep?.trim() ?? '';
  const cepValid = cepText !== '' && isValidCartCep(cepText);
  const priced = lines.filter((l) => l.quantity > 0);
  const checked = couponCode ? await evaluateCoupon(db, couponCode, { subtotalCents: subtotal(priced), customer: opts.customer ?? null }) : null;
  const coupon = checked?.ok ? checked.terms : null;
  const cep = cepValid ? cepText.replace('-', '') : null;
  const shipping =
    priced.length > 0
      ? await quoteShipping(
          opts.shipping ?? TABLE_SHIPPING,
          db,
          priced.map((l) => parcelItem(l, byId.get(l.productId))),
          cep,
        )
      : null;
  const totals = cartTotals(priced, { coupon, freightCents: cepValid && shipping ? shipping.estimateCents : 0 });
  const chosen = shipping && request.shipping ? findOption(shipping, request.shipping) : null;
  const order = chosen && request.payment ? orderTotals(priced, { coupon, shippingCents: chosen.priceCents, payment: request.payment }) : null;
  return {
    lines,
    ...totals,
    shipping,
    order: order ? { ...order, maxInstallments: maxInstallments(order.totalCents) } : null,
    coupon: checked
      ? {
          applied: checked.ok,
          percent: coupon?.kind === 'percent' ? coupon.percent : null,
          amountCents: coupon?.kind === 'fixed' ? coupon.amountCents : null,
          message: checked.ok ? null : checked.message,
        }
      : null,
    cep: cepText ? { valid: cepValid, message: cepValid ? null : CART_CEP_INVALID } : null,
  };
}
