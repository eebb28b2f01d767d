// Catalog tables: products, their images and their footwear variants, plus the search lexicon used for typos.
import { sql } from 'drizzle-orm';
import { boolean, check, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    kind: text('kind').notNull(),
    brand: text('brand').notNull(),
    brandSlug: text('brand_slug').notNull(),
    category: text('category').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    condition: text('condition').notNull(),
    refCode: text('ref_code').notNull(),
    /** The carmakers' own part numbers ("código original"), as printed. */
    oemCodes: text('oem_codes').array().notNull().default(sql`'{}'::text[]`),
    /** Equivalent part numbers of other brands, each "Marca CÓDIGO" as printed. */
    equivalentCodes: text('equivalent_codes').array().notNull().default(sql`'{}'::text[]`),
    /** The specifications table of the product page, in display order. */
    specs: jsonb('specs').$type<{ label: string; value: string }[]>().notNull().default(sql`'[]'::jsonb`),
    /** Inactive products are hidden from the shop (search, pages, cart, checkout) but kept for orders and the back office. */
    active: boolean('active').notNull().default(true),
    oldPriceCents: integer('old_price_cents'),
    priceCents: integer('price_cents').notNull(),
    onSale: boolean('on_sale').notNull().default(false),
    discountPercent: smallint('discount_percent').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    /**
     * Boxed weight (grams) and size (cm), what carriers price on (src/domain/shipping). Null: not informed,
     * and the product cannot be quoted by a carrier (the table provider still ships it).
     */
    shippingWeightGrams: integer('shipping_weight_grams'),
    shippingHeightCm: integer('shipping_height_cm'),
    shippingWidthCm: integer('shipping_width_cm'),
    shippingLengthCm: integer('shipping_length_cm'),
    /** Fiscal data for the nota fiscal (catalog/fiscal.ts): NCM (8 digits), origem (0–8), CEST (7 digits) and the unit. */
    ncm: text('ncm').notNull().default('87089990'),
    origem: smallint('origem').notNull().default(0),
    cest: text('cest'),
    unit: text('unit').notNull().default('UN'),
    popularity: integer('popularity').notNull().default(0),
    /** Approved reviews (src/domain/reviews): how many and their stars added up, for the cards' average. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The seller who listed it (a users.id); null for the store's own catalog. Detached when that account is deleted. */
    sellerId: text('seller_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The vehicles a product serves, as search keys (vehicle id × model year, and one key per vehicle type
     * it is universal for). Derived by database triggers from the fitment tables (src/domain/fitment), never
     * written by the application; GIN-indexed so a vehicle filter combines with the text search.
     */
    fitmentKeys: integer('fitment_keys').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * Every part number of the product (reference, OEM, equivalents) normalized by olimpo_code_key (see
     * codes.ts), space-separated with a space at each end; trigram-indexed, so a code or part of one is found.
     */
    codeKeys: text('code_keys').generatedAlwaysAs(sql`olimpo_code_keys(ref_code, oem_codes, equivalent_codes)`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('olimpo_pt', olimpo_search_text(title)), 'A') || setweight(to_tsvector('olimpo_pt', olimpo_search_text(kind || ' ' || brand)), 'B') || setweight(to_tsvector('olimpo_pt', olimpo_search_text(description)), 'C')`,
    ),
    /** The kind's folded first word, for the relevance boost ("farol" first for "farol …"): stored, not recomputed per row. */
    kindHead: tsvector('kind_head').generatedAlwaysAs(sql`to_tsvector('olimpo_pt', olimpo_search_text(split_part(kind, ' ', 1)))`),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_fitment_keys_idx').using('gin', t.fitmentKeys),
    index('products_code_keys_idx').using('gin', sql`${t.codeKeys} gin_trgm_ops`),
    index('products_category_idx').on(t.category),
    index('products_brand_idx').on(t.brandSlug),
    index('products_price_idx').on(t.priceCents),
    index('products_popularity_idx').on(t.popularity),
    index('products_created_idx').on(t.createdAt),
    index('products_seller_idx').on(t.sellerId),
    // The import's key: references match case-insensitively.
    index('products_ref_code_idx').on(sql`upper(${t.refCode})`),
    check('products_price_nonneg', sql`${t.priceCents} >= 0`),
    check('products_stock_nonneg', sql`${t.stock} >= 0`),
    check('products_condition_check', sql`${t.condition} in ('novo', 'usado')`),
    check('products_vehicle_check', sql`${t.vehicleType} in ('carros', 'motos', 'caminhoes')`),
    check('products_ncm_format', sql`${t.ncm} ~ '^[0-9]{8}$'`),
    check('products_origem_range', sql`${t.origem} between 0 and 8`),
    check('products_cest_format', sql`${t.cest} is null or ${t.cest} ~ '^[0-9]{7}$'`),
    check('products_unit_check', sql`${t.unit} in ('UN', 'PAR', 'KIT', 'JG')`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
    alt: text('alt').notNull(),
    width: smallint('width').notNull(),
    height: smallint('height').notNull(),
  },
  (t) => [uniqueIndex('product_images_product_pos_key').on(t.productId, t.position)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull(),
    size: text('size').notNull(),
    stock: integer('stock').notNull().default(0),
  },
  (t) => [uniqueIndex('product_variants_key').on(t.productId, t.color, t.size), check('product_variants_stock_nonneg', sql`${t.stock} >= 0`)],
);

/** Distinct words of product titles, kinds and brands, with a trigram index: corrects typos in searches. */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_lexicon_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/**
 * The search's postings: one row per active product and word (lexeme) of its search_vector, with the relevance
 * a search for that one word gives it, precomputed (the same expression the search ranks by, see
 * search/statement.ts), and the keys the filters and facet counts need. A one-word search reads its page in
 * rank order from an index and its counts from the same index, instead of ranking and counting every match
 * (a broad word at 100,000 products matches 13,000). Kept by database triggers on products (migration 0014),
 * never written by the application. Its ranking index (lexeme, score desc, popularity desc, product_id,
 * INCLUDE the facet keys) is created by the migration: drizzle has no INCLUDE.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    lexeme: text('lexeme').notNull(),
    productId: integer('product_id').notNull(),
    score: doublePrecision('score').notNull(),
    popularity: integer('popularity').notNull(),
    brandSlug: text('brand_slug').notNull(),
    category: text('category').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    condition: text('condition').notNull(),
  },
  (t) => [primaryKey({ name: 'search_postings_pkey', columns: [t.productId, t.lexeme] })],
);

/**
 * How many postings each word has per combination of facet keys (maintained by triggers on search_postings,
 * migration 0014): a one-word search's counts read these few rows, not its thousands of postings.
 */
export const searchPostingCounts = pgTable(
  'search_posting_counts',
  {
    lexeme: text('lexeme').notNull(),
    brandSlug: text('brand_slug').notNull(),
    category: text('category').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    condition: text('condition').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'search_posting_counts_pkey', columns: [t.lexeme, t.brandSlug, t.category, t.vehicleType, t.condition] })],
);

/**
 * How many products there are per status and combination of facet keys (brand, category, vehicle type,
 * condition): a few hundred rows, kept by database triggers on products (migration 0018), never written by
 * the application. A browse without words, price range or vehicle sums these rows for its total and every
 * facet option's count instead of reading the catalog (docs/decisions/015-catalog-facet-counts.md); the back
 * office's totals by status, brand and category too.
 */
export const catalogFacetCounts = pgTable(
  'catalog_facet_counts',
  {
    active: boolean('active').notNull(),
    brandSlug: text('brand_slug').notNull(),
    category: text('category').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    condition: text('condition').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'catalog_facet_counts_pkey', columns: [t.active, t.brandSlug, t.category, t.vehicleType, t.condition] })],
);

/**
 * How many products there are per fitment key and facet keys (migration 0028, docs/decisions/019): the
 * garage's list (one vehicle version, one model year) sums its total and facet counts from here instead of
 * reading its matches. A row per key a product carries (`also_universal` 0), and per vehicle key together
 * with a universal key the same product carries (`also_universal` that key): a choice {k, u} matches
 * count(k) + count(u) - count(k also u). Kept by triggers on products, rebuilt by the seeds.
 */
export const vehicleFacetCounts = pgTable(
  'vehicle_facet_counts',
  {
    fitmentKey: integer('fitment_key').notNull(),
    alsoUniversal: integer('also_universal').notNull(),
    active: boolean('active').notNull(),
    brandSlug: text('brand_slug').notNull(),
    category: text('category').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    condition: text('condition').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'vehicle_facet_counts_pkey', columns: [t.fitmentKey, t.alsoUniversal, t.active, t.brandSlug, t.category, t.vehicleType, t.condition] })],
);

/** Who changed a product's price, from what to what, and how (admin edit, bulk change, import). */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The users.id of who made the change (null: a command-line import). */
    userId: text('user_id'),
    source: text('source').notNull(),
    oldPriceCents: integer('old_price_cents').notNull(),
    newPriceCents: integer('new_price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_changes_product_idx').on(t.productId, t.createdAt), check('price_changes_source_check', sql`${t.source} in ('edicao', 'lote', 'importacao')`)],
);

/**
 * Catalog imports (CSV/XLSX): the dry-run summary of an uploaded file and the progress of applying it.
 * The file itself is in catalog_import_files; the apply job reads it again and resumes from
 * `processed_rows`, which each batch advances in the same transaction as its writes.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id'),
    fileName: text('file_name').notNull(),
    /** dry_run → queued → running → done | failed */
    status: text('status').notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    /** Rows that passed validation, applied in order; processed counts how many of them are done. */
    validRows: integer('valid_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** [{ line, message }] of failing rows (the first 1,000). */
    errors: jsonb('errors').$type<{ line: number; message: string }[]>().notNull().default(sql`'[]'::jsonb`),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [check('catalog_imports_status_check', sql`${t.status} in ('dry_run', 'queued', 'running', 'done', 'failed')`)],
);

/**
 * An import's uploaded file in 1 MB pieces, so that it is written and read back piece by piece (never
 * whole in memory) by whichever instance runs the import's job. Deleted once the import is done.
 */
export const catalogImportFiles = pgTable(
  'catalog_import_files',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/** Photos fetched by imports from a supplier's URL: each URL is fetched once, then reused. */
export const importedPhotos = pgTable('imported_photos', {
  sourceUrl: text('source_url').primaryKey(),
  url: text('url').notNull(),
  width: smallint('width').notNull(),
  height: smallint('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
