-- products.fitment_keys, derived from the fitment tables by triggers so it can never drift from them. The
-- list filters by vehicle with `fitment_keys && ARRAY[...]`, which PostgreSQL combines (BitmapAnd) with the
-- full-text GIN index; the normalized tables stay the source of truth for everything else.
-- Keys (mirrored in src/domain/fitment/rules.ts): vehicle_id * 256 + (year - 1900) for each model year a
-- fitment row covers; -1, -2, -3 for a product universal for carros, motos, caminhoes.
CREATE OR REPLACE FUNCTION olimpo_fitment_key(vehicle_id integer, year integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT vehicle_id * 256 + (year - 1900) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_universal_key(vehicle_type text) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE vehicle_type WHEN 'carros' THEN -1 WHEN 'motos' THEN -2 WHEN 'caminhoes' THEN -3 END $$;
--> statement-breakpoint
-- Recomputes the keys of the given products from their fitment rows (set-based: one UPDATE).
CREATE OR REPLACE FUNCTION olimpo_refresh_fitment_keys(ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    UPDATE products p SET fitment_keys = k.keys
    FROM (
      SELECT t.id, coalesce(array_agg(DISTINCT x.key ORDER BY x.key) FILTER (WHERE x.key IS NOT NULL), '{}'::integer[]) AS keys
      FROM unnest(ids) AS t(id)
      LEFT JOIN (
        SELECT f.product_id, olimpo_fitment_key(f.vehicle_id, y) AS key
        FROM product_fitments f, generate_series(f.year_from::integer, f.year_to::integer) AS y
        WHERE f.product_id = ANY (ids)
        UNION ALL
        SELECT u.product_id, olimpo_universal_key(u.vehicle_type)
        FROM product_universal_fitments u
        WHERE u.product_id = ANY (ids)
      ) x ON x.product_id = t.id
      GROUP BY t.id
    ) k
    WHERE p.id = k.id AND p.fitment_keys IS DISTINCT FROM k.keys
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_fitment_rows_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM olimpo_refresh_fitment_keys(ARRAY(SELECT DISTINCT product_id FROM new_rows)); RETURN NULL; END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_fitment_rows_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM olimpo_refresh_fitment_keys(ARRAY(SELECT DISTINCT product_id FROM old_rows)); RETURN NULL; END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_fitment_rows_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM olimpo_refresh_fitment_keys(ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows)); RETURN NULL; END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_fitment_rows_truncated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM olimpo_refresh_fitment_keys(ARRAY(SELECT id FROM products WHERE fitment_keys <> '{}'::integer[])); RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER product_fitments_keys_insert AFTER INSERT ON product_fitments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION olimpo_fitment_rows_inserted();
--> statement-breakpoint
CREATE TRIGGER product_fitments_keys_delete AFTER DELETE ON product_fitments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION olimpo_fitment_rows_deleted();
--> statement-breakpoint
CREATE TRIGGER product_fitments_keys_update AFTER UPDATE ON product_fitments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION olimpo_fitment_rows_updated();
--> statement-breakpoint
CREATE TRIGGER product_fitments_keys_truncate AFTER TRUNCATE ON product_fitments
  FOR EACH STATEMENT EXECUTE FUNCTION olimpo_fitment_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER product_universal_fitments_keys_insert AFTER INSERT ON product_universal_fitments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION olimpo_fitment_rows_inserted();
--> statement-breakpoint
CREATE TRIGGER product_universal_fitments_keys_delete AFTER DELETE ON product_universal_fitments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION olimpo_fitment_rows_deleted();
--> statement-breakpoint
CREATE TRIGGER product_universal_fitments_keys_update AFTER UPDATE ON product_universal_fitments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION olimpo_fitment_rows_updated();
--> statement-breakpoint
CREATE TRIGGER product_universal_fitments_keys_truncate AFTER TRUNCATE ON product_universal_fitments
  FOR EACH STATEMENT EXECUTE FUNCTION olimpo_fitment_rows_truncated();
