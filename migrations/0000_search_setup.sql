-- Extensions and text-search objects the catalog search relies on (drizzle-kit does not generate these).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE; this wrapper pins the dictionary so it can be IMMUTABLE and used in indexes.
CREATE OR REPLACE FUNCTION olimpo_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Lower-case, accent-free text with the Portuguese plurals the Snowball stemmer leaves apart folded to
-- their singular (faróis -> farol, pistões -> pistão, embreagens -> embreagem, pneus -> pneu).
CREATE OR REPLACE FUNCTION olimpo_search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      lower(olimpo_unaccent($1)),
      '([a-z]{2,})oes\M', '\1ao', 'g'),
      '([a-z]{2,})ois\M', '\1ol', 'g'),
      '([a-z]{2,})eis\M', '\1el', 'g'),
      '([a-z]{2,})ais\M', '\1al', 'g'),
      '([a-z]{2,})uis\M', '\1ul', 'g'),
      '([a-z]{2,})ns\M', '\1m', 'g'),
      '([a-z]{2,})eus\M', '\1eu', 'g')
  $$;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'olimpo_pt') THEN
    CREATE TEXT SEARCH CONFIGURATION olimpo_pt (COPY = portuguese);
  END IF;
END $$;
