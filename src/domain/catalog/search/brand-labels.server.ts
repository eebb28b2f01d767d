// The brand filter's labels: a facet names brands by slug ("hella"), the shopper reads the catalog's own
// spelling ("Hella"). Read for the slugs not yet known, one index probe each (products_brand_idx), and kept
// for the process: a slug is its name slugified (catalog/admin, catalog/import), so its label does not change.
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { preparedQuery } from '#src/db/prepared.server.ts';
import type { FacetOption } from '../types.ts';

const labelsOf = preparedQuery<{ slug: string; label: string | null }>(
  'brand_labels',
  (p) => sql`select s.slug, (select brand from products where brand_slug = s.slug limit 1) as label from unnest(${p('slugs')}::text[]) as s(slug)`,
);

const known = new WeakMap<Db, Map<string, string>>();
const MAX_KNOWN = 5000;

/** The options with the catalog's spelling of each brand (a slug no product has keeps its slug). */
export async function withBrandLabels(db: Db, options: FacetOption[]): Promise<FacetOption[]> {
  let labels = known.get(db);
  if (!labels) known.set(db, (labels = new Map()));
  const missing = options.filter((o) => o.label === o.slug && !labels.has(o.slug)).map((o) => o.slug);
  if (missing.length > 0) {
    if (labels.size + missing.length > MAX_KNOWN) labels.clear();
    for (const row of await labelsOf(db, { slugs: missing })) labels.set(row.slug, row.label ?? row.slug);
  }
  return options.map((o) => (o.label === o.slug && labels.has(o.slug) ? { ...o, label: labels.get(o.slug)! } : o));
}
