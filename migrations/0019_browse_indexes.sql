-- Browsing by index (docs/decisions/015-catalog-facet-counts.md): one partial index per sort order the list
-- offers, over active products only, with the facet keys carried along (INCLUDE) so that a filtered page is
-- read from the index alone, in order, and stops after its rows: a brand filter passes or drops an index
-- entry without visiting the table. The three orders a category page is most often read in (relevance, lowest
-- and highest price) also lead with the category. Before, "marca=bosch&categoria=freios&ordem=menor-preco"
-- walked products_price_idx through the table and threw away 9,838 rows to keep 28, and page 400 read
-- 9,600 rows from the table.
-- Relevance without words: popularity, then id (search/statement.ts sortKeys).
CREATE INDEX IF NOT EXISTS "products_browse_popular_idx" ON "products" ("popularity" DESC, "id")
  INCLUDE ("brand_slug", "category", "vehicle_type", "condition", "price_cents") WHERE "active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_browse_price_idx" ON "products" ("price_cents", "id")
  INCLUDE ("brand_slug", "category", "vehicle_type", "condition") WHERE "active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_browse_price_desc_idx" ON "products" ("price_cents" DESC, "id")
  INCLUDE ("brand_slug", "category", "vehicle_type", "condition") WHERE "active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_browse_discount_idx" ON "products" ("discount_percent" DESC, "popularity" DESC, "id")
  INCLUDE ("brand_slug", "category", "vehicle_type", "condition", "price_cents") WHERE "active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_browse_recent_idx" ON "products" ("created_at" DESC, "id" DESC)
  INCLUDE ("brand_slug", "category", "vehicle_type", "condition", "price_cents") WHERE "active";
--> statement-breakpoint
-- A–Z: the sort's own expression (an index on an expression is read in order, not index-only).
CREATE INDEX IF NOT EXISTS "products_browse_title_idx" ON "products" (lower(olimpo_unaccent("title")), "id") WHERE "active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_browse_category_popular_idx" ON "products" ("category", "popularity" DESC, "id")
  INCLUDE ("brand_slug", "vehicle_type", "condition", "price_cents") WHERE "active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_browse_category_price_idx" ON "products" ("category", "price_cents", "id")
  INCLUDE ("brand_slug", "vehicle_type", "condition") WHERE "active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_browse_category_price_desc_idx" ON "products" ("category", "price_cents" DESC, "id")
  INCLUDE ("brand_slug", "vehicle_type", "condition") WHERE "active";
