CREATE TABLE "vehicle_facet_counts" (
	"fitment_key" integer NOT NULL,
	"also_universal" integer NOT NULL,
	"active" boolean NOT NULL,
	"brand_slug" text NOT NULL,
	"category" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"condition" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "vehicle_facet_counts_pkey" PRIMARY KEY("fitment_key","also_universal","active","brand_slug","category","vehicle_type","condition")
);
--> statement-breakpoint
-- The garage's list (one vehicle version and model year, e.g. a Gol 1.0 2015) counted without reading its
-- matches (docs/decisions/019-seeding-and-browsing-at-a-million.md, round five): per key of
-- products.fitment_keys and facet keys, how many products carry it. A choice asks for a vehicle key k or the
-- universal key u of its type; a product carrying both is counted once, so a third kind of row counts
-- (k, also_universal = u): matches = n(k) + n(u) - n(k also u). Kept like catalog_facet_counts (migration
-- 0018): statement-level on insert and delete, row-level on update only when the keys, the status or a
-- facet key change (a stock or price update fires nothing), truncate empties it, under the same advisory lock.
-- The seeds defer it (`olimpo.defer_vehicle_counts`, for their transaction) and rebuild it once.
-- The rows a product's keys make: one per key, and one per (vehicle key, universal key) it carries both of.
CREATE OR REPLACE FUNCTION olimpo_vehicle_count_keys(keys integer[]) RETURNS TABLE (fitment_key integer, also_universal integer)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT k, 0 FROM unnest(keys) AS k
    UNION ALL
    SELECT k, u FROM unnest(keys) AS k, unnest(keys) AS u WHERE k >= 0 AND u < 0
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_vehicle_counts_deferred() RETURNS boolean
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(current_setting('olimpo.defer_vehicle_counts', true), '') = 'on' $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_vehicle_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF olimpo_vehicle_counts_deferred() THEN RETURN NULL; END IF;
    PERFORM olimpo_facet_counts_lock();
    INSERT INTO vehicle_facet_counts AS c (fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition, n)
      SELECT k.fitment_key, k.also_universal, p.active, p.brand_slug, p.category, p.vehicle_type, p.condition, count(*)::int
      FROM new_products p, olimpo_vehicle_count_keys(p.fitment_keys) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_vehicle_counts_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF olimpo_vehicle_counts_deferred() THEN RETURN NULL; END IF;
    PERFORM olimpo_facet_counts_lock();
    UPDATE vehicle_facet_counts c SET n = c.n - o.n
      FROM (SELECT k.fitment_key, k.also_universal, p.active, p.brand_slug, p.category, p.vehicle_type, p.condition, count(*)::int AS n
            FROM old_products p, olimpo_vehicle_count_keys(p.fitment_keys) k GROUP BY 1, 2, 3, 4, 5, 6, 7) o
      WHERE c.fitment_key = o.fitment_key AND c.also_universal = o.also_universal AND c.active = o.active
        AND c.brand_slug = o.brand_slug AND c.category = o.category AND c.vehicle_type = o.vehicle_type AND c.condition = o.condition;
    RETURN NULL;
  END $$;
--> statement-breakpoint
-- Row by row, when the keys or a facet key change (the trigger's WHEN): a fitment edit rewrites the product's
-- fitment_keys (migrations 0005/0006), so its old rows go and its new ones come, in one statement.
CREATE OR REPLACE FUNCTION olimpo_vehicle_counts_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM olimpo_facet_counts_lock();
    INSERT INTO vehicle_facet_counts AS c (fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition, n)
      SELECT d.fitment_key, d.also_universal, d.active, d.brand_slug, d.category, d.vehicle_type, d.condition, sum(d.n)::int
      FROM (
        SELECT k.fitment_key, k.also_universal, OLD.active, OLD.brand_slug, OLD.category, OLD.vehicle_type, OLD.condition, -1
        FROM olimpo_vehicle_count_keys(OLD.fitment_keys) k
        UNION ALL
        SELECT k.fitment_key, k.also_universal, NEW.active, NEW.brand_slug, NEW.category, NEW.vehicle_type, NEW.condition, 1
        FROM olimpo_vehicle_count_keys(NEW.fitment_keys) k
      ) d (fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition, n)
      GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_vehicle_counts_truncated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    TRUNCATE vehicle_facet_counts;
    RETURN NULL;
  END $$;
--> statement-breakpoint
-- Every row again from the products (the seeds, after deferring the triggers for their transaction).
CREATE OR REPLACE FUNCTION olimpo_rebuild_vehicle_facet_counts() RETURNS integer
  LANGUAGE plpgsql
  AS $$
  DECLARE
    written integer;
  BEGIN
    PERFORM olimpo_facet_counts_lock();
    PERFORM set_config('olimpo.defer_vehicle_counts', 'off', true);
    DELETE FROM vehicle_facet_counts;
    INSERT INTO vehicle_facet_counts (fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition, n)
      SELECT k.fitment_key, k.also_universal, p.active, p.brand_slug, p.category, p.vehicle_type, p.condition, count(*)::int
      FROM products p, olimpo_vehicle_count_keys(p.fitment_keys) k GROUP BY 1, 2, 3, 4, 5, 6, 7;
    GET DIAGNOSTICS written = ROW_COUNT;
    RETURN written;
  END $$;
--> statement-breakpoint
CREATE TRIGGER products_vehicle_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION olimpo_vehicle_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER products_vehicle_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION olimpo_vehicle_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER products_vehicle_counts_update
  AFTER UPDATE OF fitment_keys, active, brand_slug, category, vehicle_type, condition ON products
  FOR EACH ROW
  WHEN ((OLD.fitment_keys IS DISTINCT FROM NEW.fitment_keys OR OLD.active IS DISTINCT FROM NEW.active
    OR OLD.brand_slug IS DISTINCT FROM NEW.brand_slug OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.vehicle_type IS DISTINCT FROM NEW.vehicle_type OR OLD.condition IS DISTINCT FROM NEW.condition)
    AND NOT olimpo_vehicle_counts_deferred())
  EXECUTE FUNCTION olimpo_vehicle_counts_updated();
--> statement-breakpoint
CREATE TRIGGER products_vehicle_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION olimpo_vehicle_counts_truncated();
--> statement-breakpoint
-- The counts of the products already there, in one statement.
INSERT INTO vehicle_facet_counts (fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition, n)
  SELECT k.fitment_key, k.also_universal, p.active, p.brand_slug, p.category, p.vehicle_type, p.condition, count(*)::int
  FROM products p, olimpo_vehicle_count_keys(p.fitment_keys) k GROUP BY 1, 2, 3, 4, 5, 6, 7;
