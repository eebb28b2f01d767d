-- Catalog writers take turns at the search posting counts. Each product write updates the count rows of
-- its words (brand, category, vehicle type and condition included): first the rows of the postings it
-- removes, then those it adds. Two writers of products with words in common took those row locks in
-- different orders and deadlocked. On PostgreSQL, three connections editing six products of one brand and
-- category deadlocked 9 times in 450 edits, and two bulk edits of disjoint products 149 times in 300
-- (tests/reliability/catalog-write-deadlock.test.ts).
-- Now a statement-level trigger on search_postings takes one transaction-level advisory lock, held until
-- commit, before the counts triggers of migration 0014 run: triggers on the same event fire in the
-- alphabetical order of their names, and "search_postings_counts_0_lock" sorts before "..._delete" and
-- "..._insert". So writers reach the counts one at a time; the same transaction taking it again does not
-- wait. Orders never write postings (stock and price do not fire the product triggers), so checkout does not
-- wait on it. The key is the first 8 bytes of md5('olimpo.search_posting_counts').
CREATE OR REPLACE FUNCTION olimpo_posting_counts_lock() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(('x' || left(md5('olimpo.search_posting_counts'), 16))::bit(64)::bigint);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER search_postings_counts_0_lock AFTER INSERT OR DELETE ON search_postings
  FOR EACH STATEMENT EXECUTE FUNCTION olimpo_posting_counts_lock();
