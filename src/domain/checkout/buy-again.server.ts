// "Comprar novamente": an order's lines back into the cart, as the catalog has them today. Lines whose
// product left the shop, whose colour or size is gone, or that are out of stock are skipped and named; the
// others go in with today's title, price and photo (the cart quote prices them again anyway), the quantity
// capped at the stock and at the order limit per product.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { recolorImageUrl } from '../catalog/art.ts';
import { productImages, productVariants, products } from '../catalog/schema.ts';
import { MAX_UNITS_PER_PRODUCT } from './rules.ts';

export interface PastLine {
  productId: number | null;
  title: string;
  color: string | null;
  size: string | null;
  quantity: number;
}

export interface BuyAgainItem {
  productId: number;
  title: string;
  priceCents: number;
  oldPriceCents: number | null;
  image: string | null;
  color: string;
  size: string;
  quantity: number;
}

export interface BuyAgainResult {
  items: BuyAgainItem[];
  /** "Filtro de óleo X (esgotado)": what could not go back into the cart, and why. */
  skipped: string[];
}

/** `maxUnits`: the order limit per product (ORDER_MAX_UNITS_PER_PRODUCT). */
export async function buyAgain(db: Db, lines: readonly PastLine[], maxUnits = MAX_UNITS_PER_PRODUCT): Promise<BuyAgainResult> {
  const ids = [...new Set(lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))];
  const [rows, variants] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              id: products.id,
              title: products.title,
              active: products.active,
              stock: products.stock,
              priceCents: products.priceCents,
              oldPriceCents: products.oldPriceCents,
              onSale: products.onSale,
              image: productImages.url,
            })
            .from(products)
            .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
            .where(inArray(products.id, ids)),
          db
            .select({ productId: productVariants.productId, color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
            .from(productVariants)
            .where(inArray(productVariants.productId, ids)),
        ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: BuyAgainItem[] = [];
  const skipped: string[] = [];
  const taken = new Map<string, number>();
  for (const line of lines) {
    const p = line.productId === null ? undefined : byId.get(line.productId);
    if (!p || !p.active) {
      skipped.push(`${line.title} (não está mais disponível)`);
      continue;
    }
    const color = line.color ?? '';
    const size = line.size ?? '';
    const own = variants.filter((v) => v.productId === p.id);
    let stock = p.stock;
    if (own.length > 0) {
      const v = own.find((x) => x.color === color && x.size === size);
      if (!v) {
        skipped.push(`${p.title}${color ? `, ${color} ${size}` : ''} (cor ou tamanho indisponível)`);
        continue;
      }
      stock = v.stock;
    }
    const key = `${p.id}\u0000${color}\u0000${size}`;
    const room = Math.min(stock, maxUnits) - (taken.get(key) ?? 0);
    if (room <= 0) {
      skipped.push(`${p.title}${color ? `, ${color} ${size}` : ''} (esgotado)`);
      continue;
    }
    const quantity = Math.min(line.quantity, room);
    taken.set(key, (taken.get(key) ?? 0) + quantity);
    items.push({
      productId: p.id,
      title: p.title,
      priceCents: p.priceCents,
      oldPriceCents: p.onSale ? p.oldPriceCents : null,
      image: p.image === null ? null : recolorImageUrl(p.image, color || null),
      color,
      size,
      quantity,
    });
  }
  return { items, skipped };
}
