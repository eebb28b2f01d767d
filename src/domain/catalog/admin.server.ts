// Catalog writes by sellers and admins: create and edit products. A product appears in the list, the
// product page and the search at once (the search vector is a generated column; the typo lexicon is
// refreshed here). Who may edit what is decided by the caller with roles.canEditProduct, on the server.
import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { refreshLexicon } from './search/typos.server.ts';
import type { CatalogChanges } from './changes.server.ts';
import { productImages, products, productVariants } from './schema.ts';
import type { ProductInput } from './product-form.ts';
import { defaultFiscal } from './fiscal.ts';
import type { FiscalUnit } from './fiscal.ts';
import { labelOf, slugify } from './taxonomy.ts';
import type { CategorySlug, Condition, VehicleType } from './taxonomy.ts';

export interface ProductPhoto {
  url: string;
  width: number;
  height: number;
}

/** Work another domain does in the same transaction as the product write (fitment: what it fits). */
export type ProductWriteHook = (tx: Tx, productId: number) => Promise<void>;

export interface EditableProduct extends Omit<ProductInput, 'photoUrl'> {
  id: number;
  sellerId: string | null;
  photo: ProductPhoto | null;
}

export interface SellerProductRow {
  id: number;
  title: string;
  priceCents: number;
  stock: number;
  image: string | null;
  createdAt: Date;
}

const PHOTO_SIDE = 600;

function columnsOf(input: Omit<ProductInput, 'photoUrl'>) {
  return {
    title: input.title,
    description: input.description,
    kind: labelOf.category(input.category),
    brand: input.brand,
    brandSlug: slugify(input.brand) || 'outros',
    category: input.category,
    vehicleType: input.vehicleType,
    condition: input.condition,
    oldPriceCents: input.oldPriceCents,
    priceCents: input.priceCents,
    onSale: input.onSale,
    discountPercent: input.onSale ? input.discountPercent : 0,
    stock: input.variants.length > 0 ? input.variants.reduce((sum, v) => sum + v.stock, 0) : input.stock,
    oemCodes: input.oemCodes,
    equivalentCodes: input.equivalentCodes,
    specs: input.specs,
    shippingWeightGrams: input.package?.weightGrams ?? null,
    shippingHeightCm: input.package?.heightCm ?? null,
    shippingWidthCm: input.package?.widthCm ?? null,
    shippingLengthCm: input.package?.lengthCm ?? null,
    // Not informed: a new product gets its category's defaults (catalog/fiscal.ts); an edit keeps its own.
    ...(input.fiscal ? { ncm: input.fiscal.ncm, origem: input.fiscal.origem, cest: input.fiscal.cest, unit: input.fiscal.unit } : {}),
  };
}

/** Footwear colours and sizes: replaced as a whole (orders keep their own snapshot of colour and size). */
async function setVariants(tx: Tx, productId: number, variants: ProductInput['variants']): Promise<void> {
  await tx.delete(productVariants).where(eq(productVariants.productId, productId));
  if (variants.length > 0) await tx.insert(productVariants).values(variants.map((v) => ({ productId, ...v })));
}

async function setPhoto(tx: Tx, productId: number, title: string, photo: ProductPhoto): Promise<void> {
  await tx.delete(productImages).where(and(eq(productImages.productId, productId), eq(productImages.position, 0)));
  await tx.insert(productImages).values({
    productId,
    position: 0,
    url: photo.url,
    alt: title,
    width: Math.min(photo.width || PHOTO_SIDE, 32_767),
    height: Math.min(photo.height || PHOTO_SIDE, 32_767),
  });
}

/** Lists a new product for a seller (or an admin). Returns its id. */
/** `changes`: the catalog change event (Services.catalogChanges), or null where nobody listens (scripts, tests). */
export async function createProduct(db: Db, changes: CatalogChanges | null, sellerId: string, input: ProductInput, photo: ProductPhoto, hook?: ProductWriteHook): Promise<number> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        ...(input.fiscal ? {} : defaultFiscal(input.category)),
        ...columnsOf(input),
        // Temporary unique values, replaced once the id is known.
        slug: `novo-${crypto.randomUUID()}`,
        refCode: 'OLP',
        sellerId,
        popularity: 0,
      })
      .returning({ id: products.id });
    const productId = row!.id;
    await tx
      .update(products)
      .set({ slug: `${slugify(input.title).slice(0, 80) || 'produto'}-${productId}`, refCode: `OLP-${String(productId).padStart(6, '0')}` })
      .where(eq(products.id, productId));
    await setPhoto(tx, productId, input.title, photo);
    await setVariants(tx, productId, input.variants);
    await hook?.(tx, productId);
    return productId;
  });
  await refreshLexicon(db);
  // A new product can enter any list: every cached page goes.
  await changes?.announce();
  return id;
}

export async function getEditableProduct(db: Db, id: number): Promise<EditableProduct | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({ p: products, url: productImages.url, width: productImages.width, height: productImages.height })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return null;
  const p = row.p;
  return {
    id: p.id,
    sellerId: p.sellerId,
    title: p.title,
    description: p.description,
    oldPriceCents: p.oldPriceCents ?? p.priceCents,
    priceCents: p.priceCents,
    onSale: p.onSale,
    discountPercent: p.discountPercent,
    category: p.category as CategorySlug,
    brand: p.brand,
    vehicleType: p.vehicleType as VehicleType,
    condition: p.condition as Condition,
    stock: p.stock,
    oemCodes: p.oemCodes,
    equivalentCodes: p.equivalentCodes,
    specs: Array.isArray(p.specs) ? p.specs : [],
    package:
      p.shippingWeightGrams && p.shippingHeightCm && p.shippingWidthCm && p.shippingLengthCm
        ? { weightGrams: p.shippingWeightGrams, heightCm: p.shippingHeightCm, widthCm: p.shippingWidthCm, lengthCm: p.shippingLengthCm }
        : null,
    fiscal: { ncm: p.ncm, origem: p.origem, cest: p.cest, unit: p.unit as FiscalUnit },
    variants: await db
      .select({ color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(productVariants.color, productVariants.id),
    photo: row.url ? { url: row.url, width: row.width ?? PHOTO_SIDE, height: row.height ?? PHOTO_SIDE } : null,
  };
}

/**
 * Saves the edit of a product. `expectedSellerId` is the owner the caller checked (null for an admin
 * editing anything): the update only happens if the product still belongs to that seller.
 */
export async function updateProduct(
  db: Db,
  changes: CatalogChanges | null,
  id: number,
  expectedSellerId: string | null,
  input: ProductInput,
  photo: ProductPhoto | null,
  hook?: ProductWriteHook,
): Promise<boolean> {
  const updated = await db.transaction(async (tx) => {
    const where = expectedSellerId === null ? eq(products.id, id) : and(eq(products.id, id), eq(products.sellerId, expectedSellerId));
    const [row] = await tx
      .update(products)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(where)
      .returning({ id: products.id });
    if (!row) return false;
    if (photo) await setPhoto(tx, id, input.title, photo);
    else
      await tx
        .update(productImages)
        .set({ alt: input.title })
        .where(and(eq(productImages.productId, id), eq(productImages.position, 0)));
    await setVariants(tx, id, input.variants);
    await hook?.(tx, id);
    return true;
  });
  if (updated) {
    await refreshLexicon(db);
    // A new title or price can move the product into lists that do not show it yet: every cached page goes.
    await changes?.announce();
  }
  return updated;
}

/** "Meus produtos": what this seller listed, newest first. */
export async function listSellerProducts(db: Db, sellerId: string, limit = 500): Promise<SellerProductRow[]> {
  return db
    .select({ id: products.id, title: products.title, priceCents: products.priceCents, stock: products.stock, image: productImages.url, createdAt: products.createdAt })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(eq(products.sellerId, sellerId))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

/** Account deletion: the seller's products stay in the catalog, owned by the store. */
export async function detachSellerProducts(db: Db | Tx, sellerId: string): Promise<number> {
  const rows = await db.update(products).set({ sellerId: null }).where(eq(products.sellerId, sellerId)).returning({ id: products.id });
  return rows.length;
}
