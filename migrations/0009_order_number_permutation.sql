-- Order numbers that say nothing about order volume (issue 15): the sequence value goes through a keyed
-- Feistel permutation of [0, 90 000 000) (4 rounds on 28 bits, cycle-walking back into the range), so
-- consecutive orders get unrelated 8-digit numbers, still unique (a permutation; the unique index stays).
-- The round keys are drawn at random when this migration runs: every database has its own.
DO $do$
DECLARE
  keys text := format('array[%s, %s, %s, %s]::bigint[]',
    floor(random() * 1048576)::bigint, floor(random() * 1048576)::bigint,
    floor(random() * 1048576)::bigint, floor(random() * 1048576)::bigint);
BEGIN
  EXECUTE format($fn$
    CREATE OR REPLACE FUNCTION olimpo_order_number(seq bigint) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $body$
    DECLARE
      k bigint[] := %s;
      v bigint := mod(seq - 1, 90000000);
      l bigint;
      r bigint;
      t bigint;
    BEGIN
      LOOP
        l := v >> 14;
        r := v & 16383;
        FOR i IN 1..4 LOOP
          t := r;
          r := l # ((((r * 40503 + k[i]) * 2654435761) >> 13) & 16383);
          l := t;
        END LOOP;
        v := (l << 14) | r;
        EXIT WHEN v < 90000000;
      END LOOP;
      RETURN lpad((v + 10000000)::text, 8, '0');
    END
    $body$
  $fn$, keys);
END
$do$;
