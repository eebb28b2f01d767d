CREATE TABLE "catalog_facet_counts" (
	"active" boolean NOT NULL,
	"brand_slug" text NOT NULL,
	"category" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"condition" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "catalog_facet_counts_pkey" PRIMARY KEY("active","brand_slug","category","vehicle_type","condition")
);

--> statement-breakpoint
-- The facet counts follow the products, whoever writes them (docs/decisions/015-catalog-facet-counts.md).
-- Writers take the advisory lock of migration 0015 (the same key: one lock, so no order to deadlock on)
-- before touching the few count rows every product write shares; the same transaction taking it again does
-- not wait. A stock or price update (every order) fires none of these triggers.
CREATE OR REPLACE FUNCTION olimpo_facet_counts_lock() RETURNS void
  LANGUAGE sql
  AS $$ SELECT pg_advisory_xact_lock(('x' || left(md5('olimpo.search_posting_counts'), 16))::bit(64)::bigint) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_facet_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM olimpo_facet_counts_lock();
    INSERT INTO catalog_facet_counts AS c (active, brand_slug, category, vehicle_type, condition, n)
      SELECT active, brand_slug, category, vehicle_type, condition, count(*)::int
      FROM new_products GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (active, brand_slug, category, vehicle_type, condition) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_facet_counts_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM olimpo_facet_counts_lock();
    UPDATE catalog_facet_counts c SET n = c.n - o.n
      FROM (SELECT active, brand_slug, category, vehicle_type, condition, count(*)::int AS n
            FROM old_products GROUP BY 1, 2, 3, 4, 5) o
      WHERE c.active = o.active AND c.brand_slug = o.brand_slug AND c.category = o.category
        AND c.vehicle_type = o.vehicle_type AND c.condition = o.condition;
    RETURN NULL;
  END $$;
--> statement-breakpoint
-- Row by row, and only when a key changes (see the trigger's WHEN): a statement-level update trigger would
-- run for every stock update of every order.
CREATE OR REPLACE FUNCTION olimpo_facet_counts_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM olimpo_facet_counts_lock();
    UPDATE catalog_facet_counts SET n = n - 1
      WHERE active = OLD.active AND brand_slug = OLD.brand_slug AND category = OLD.category
        AND vehicle_type = OLD.vehicle_type AND condition = OLD.condition;
    INSERT INTO catalog_facet_counts AS c (active, brand_slug, category, vehicle_type, condition, n)
      VALUES (NEW.active, NEW.brand_slug, NEW.category, NEW.vehicle_type, NEW.condition, 1)
      ON CONFLICT (active, brand_slug, category, vehicle_type, condition) DO UPDATE SET n = c.n + 1;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_facet_counts_truncated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    TRUNCATE catalog_facet_counts;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION olimpo_facet_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION olimpo_facet_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_update
  AFTER UPDATE OF active, brand_slug, category, vehicle_type, condition ON products
  FOR EACH ROW
  WHEN (OLD.active IS DISTINCT FROM NEW.active OR OLD.brand_slug IS DISTINCT FROM NEW.brand_slug
    OR OLD.category IS DISTINCT FROM NEW.category OR OLD.vehicle_type IS DISTINCT FROM NEW.vehicle_type
    OR OLD.condition IS DISTINCT FROM NEW.condition)
  EXECUTE FUNCTION olimpo_facet_counts_updated();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION olimpo_facet_counts_truncated();
--> statement-breakpoint
-- The counts of the products already there.
INSERT INTO catalog_facet_counts (active, brand_slug, category, vehicle_type, condition, n)
  SELECT active, brand_slug, category, vehicle_type, condition, count(*)::int FROM products GROUP BY 1, 2, 3, 4, 5;
