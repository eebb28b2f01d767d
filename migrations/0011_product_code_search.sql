-- Part-number search (issue 17): every code of a product in one normalized, trigram-indexed text, so a
-- reference, an OEM number or an equivalent is found with or without dashes, dots, spaces or letter case,
-- whole or in part. olimpo_code_key mirrors normalizeCode() in src/domain/catalog/codes.ts.
CREATE OR REPLACE FUNCTION olimpo_code_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT upper(regexp_replace(olimpo_unaccent($1), '[^A-Za-z0-9]+', '', 'g')) $$;
--> statement-breakpoint
-- ' REF OEM1 OEM2 MARCACODIGO CODIGO … ': an equivalent ("Bosch 0 986 BB0 123") gives its whole key and
-- the key of its code alone (from its first word with a digit), so typing just the number is an exact match.
CREATE OR REPLACE FUNCTION olimpo_code_keys(ref text, oem text[], eq text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT ' ' || concat_ws(' ',
      olimpo_code_key(coalesce(ref, '')),
      (SELECT string_agg(olimpo_code_key(c), ' ') FROM unnest(coalesce(oem, '{}'::text[])) AS c),
      (SELECT string_agg(concat_ws(' ', olimpo_code_key(c), olimpo_code_key(substring(c from '\S*[0-9].*$'))), ' ')
         FROM unnest(coalesce(eq, '{}'::text[])) AS c)
    ) || ' '
  $$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "code_keys" text GENERATED ALWAYS AS (olimpo_code_keys(ref_code, oem_codes, equivalent_codes)) STORED;--> statement-breakpoint
CREATE INDEX "products_code_keys_idx" ON "products" USING gin ("code_keys" gin_trgm_ops);