-- Catalog writers take turns at the search posting counts. Each product write updates the count rows of
-- its words (brand, category, vehicle type and condition included): first the rows of the postings it
-- removes, then those it adds. Two writers of products with words in common took those row locks in
-- different orders and deadlocked. On PostgreSQL, three connections editing six products of one brand and
-- category deadlocked 9 times in 450 edits, and two bulk edits of disjoint products 149 times in 300
-- (tests/reliability/catalog-write-deadlock.test.ts). Now the counts triggers first take one
-- transaction-level advisory lock, so writers reach the counts one at a time and hold it until commit.
-- The same transaction taking it again does not wait. Orders never write postings (stock and price do not
-- fire the product triggers), so checkout does not wait on it. The key is the first 8 bytes of
-- md5('olimpo.search_posting_counts').
CREATE OR REPLACE FUNCTION olimpo_posting_counts_added() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    -- A rebuild groups the counts itself, once.
    IF current_setting('olimpo.defer_postings', true) = 'on' THEN
      RETURN NULL;
    END IF;
    PERFORM pg_advisory_xact_lock(('x' || left(md5('olimpo.search_posting_counts'), 16))::bit(64)::bigint);
    INSERT INTO search_posting_counts AS c (lexeme, brand_slug, category, vehicle_type, condition, n)
      SELECT lexeme, brand_slug, category, vehicle_type, condition, count(*)::int
      FROM added_postings GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (lexeme, brand_slug, category, vehicle_type, condition) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olimpo_posting_counts_removed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(('x' || left(md5('olimpo.search_posting_counts'), 16))::bit(64)::bigint);
    UPDATE search_posting_counts c SET n = c.n - r.n
      FROM (SELECT lexeme, brand_slug, category, vehicle_type, condition, count(*)::int AS n
            FROM removed_postings GROUP BY 1, 2, 3, 4, 5) r
      WHERE c.lexeme = r.lexeme AND c.brand_slug = r.brand_slug AND c.category = r.category
        AND c.vehicle_type = r.vehicle_type AND c.condition = r.condition;
    RETURN NULL;
  END $$;
