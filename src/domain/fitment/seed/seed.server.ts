// Loads the demo fleet and derives every product's fitment from its title, set-based: one INSERT … SELECT
// reads "VW Gol 1.0 2008-2013" back from the titles, joins the fleet versions it means (clipped to the
// title's years), and sometimes adds siblings the way real parts are shared (see SIBLING_RULES).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import type { CategorySlug } from '#src/domain/catalog/taxonomy.ts';
import { universalKinds } from '#src/domain/catalog/seed/kinds.ts';
import { invalidateFleet } from '../fleet.server.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { deferVehicleFacetCounts, rebuildVehicleFacetCounts } from '#src/domain/catalog/search/facet-counts.server.ts';
import { productFitments, productUniversalFitments, vehicles } from '../schema.ts';
import { fleetRows, TITLE_VEHICLES, titleMapping } from './fleet.ts';
import type { Relation } from './fleet.ts';

/**
 * Which siblings a part of each category also fits, and how often (percent of products, chosen by a hash
 * of the product id so the catalog is the same everywhere):
 *   body     other engines of the same model (a headlight or a mat does not care about the engine);
 *   engine   other models with the same engine (filters, spark plugs, belts);
 *   platform other models built on the same platform (brakes, suspension).
 */
export const SIBLING_RULES: Record<Exclude<CategorySlug, 'calcados'>, Partial<Record<Exclude<Relation, 'base'>, number>>> = {
  freios: { body: 85, platform: 75 },
  suspensao: { body: 85, platform: 70 },
  motor: { engine: 80 },
  eletrica: { engine: 80 },
  filtros: { engine: 90 },
  iluminacao: { body: 90 },
  acessorios: { body: 85, platform: 50 },
  baterias: { body: 90, platform: 70 },
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches the end of a product title: " VW Gol 1.0 2008-2013" → name, first year, last year. */
export function titlePattern(): string {
  const names = Object.keys(TITLE_VEHICLES)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex);
  return ` (${names.join('|')}) (\\d{4})-(\\d{4})$`;
}

/** Replaces the fleet and derives the fitment of every product in the catalog. */
export async function seedFitment(db: Db): Promise<{ vehicles: number; fitments: number; universal: number }> {
  // One transaction: every product's keys are rewritten, so the vehicle counts (migration 0028) are built
  // once at the end rather than by a trigger per product.
  const { fleet, fit } = await db.transaction(async (tx) => {
    await deferVehicleFacetCounts(tx);
    const fleet = await replaceFleet(tx);
    const fit = await fitSeedProducts(tx, fleet);
    await rebuildVehicleFacetCounts(tx);
    return { fleet, fit };
  });
  // The inserts above filled products.fitment_keys through the triggers of migration 0005.
  for (const table of [vehicles, productFitments, productUniversalFitments, products]) await db.execute(sql`analyze ${table}`);
  invalidateFleet(db);
  return { vehicles: fleet.rows.length, ...fit };
}

export type SeedFleet = { rows: ReturnType<typeof fleetRows> };

/** Replaces the demo fleet (and with it every product's fitment). */
export async function replaceFleet(db: Db | Tx): Promise<SeedFleet> {
  const rows = fleetRows();
  await db.execute(sql`truncate ${productFitments}, ${productUniversalFitments}, ${vehicles} restart identity cascade`);
  await db.insert(vehicles).values(rows.map(({ family: _f, platform: _p, ...r }) => r));
  await db.execute(sql`select setval(pg_get_serial_sequence('vehicles', 'id'), (select coalesce(max(id), 1) from vehicles))`);
  return { rows };
}

/**
 * Derives the fitment of the seeded products (ids `from`..`to`, or all of them) from their titles, against the
 * fleet `replaceFleet` wrote. A streamed seed calls it once per batch, in the batch's transaction.
 */
export async function fitSeedProducts(db: Db | Tx, fleet: SeedFleet, range?: { from: number; to: number }): Promise<{ fitments: number; universal: number }> {
  const mapping = titleMapping(fleet.rows);
  const rules = Object.entries(SIBLING_RULES).flatMap(([category, relations]) => [
    { category, relation: 'base', chance: 100, salt: 0 },
    ...Object.entries(relations).map(([relation, chance], i) => ({ category, relation, chance, salt: 7919 * (i + 1) })),
  ]);
  const within = range ? sql`where id between ${range.from} and ${range.to}` : sql``;
  const fitted = await db.execute(sql`
    insert into ${productFitments} (product_id, vehicle_id, year_from, year_to)
    select p.id, m.vehicle_id, greatest(p.y1, v.year_from), least(p.y2, v.year_to)
    from (
      select id, category, t[1] as name, t[2]::int as y1, t[3]::int as y2
      from ${products}, regexp_match(title, ${titlePattern()}) as t
      ${within}
    ) p
    join unnest(${sql.param(mapping.map((m) => m.name))}::text[], ${sql.param(mapping.map((m) => m.vehicleId))}::int[], ${sql.param(mapping.map((m) => m.relation))}::text[])
      as m(name, vehicle_id, relation) on m.name = p.name
    join unnest(${sql.param(rules.map((r) => r.category))}::text[], ${sql.param(rules.map((r) => r.relation))}::text[], ${sql.param(rules.map((r) => r.chance))}::int[], ${sql.param(rules.map((r) => r.salt))}::int[])
      as r(category, relation, chance, salt) on r.category = p.category and r.relation = m.relation
    join ${vehicles} v on v.id = m.vehicle_id
    where greatest(p.y1, v.year_from) <= least(p.y2, v.year_to)
      and (r.chance >= 100 or ((p.id::bigint * 2654435761 + r.salt) % 4294967296) / 65536 % 100 < r.chance)`);

  const kinds = universalKinds().flatMap((k) => k.types.map((type) => ({ kind: k.kind, type })));
  const universalWithin = range ? sql`where p.id between ${range.from} and ${range.to}` : sql``;
  const universal = await db.execute(sql`
    insert into ${productUniversalFitments} (product_id, vehicle_type)
    select p.id, u.type from ${products} p
    join unnest(${sql.param(kinds.map((k) => k.kind))}::text[], ${sql.param(kinds.map((k) => k.type))}::text[]) as u(kind, type) on u.kind = p.kind
    ${universalWithin}`);
  return { fitments: affected(fitted), universal: affected(universal) };
}

/** Planner statistics for the fitment tables (and the fleet) in the middle of a streamed seed. */
export async function analyzeSeedFitment(db: Db | Tx): Promise<void> {
  for (const table of [vehicles, productFitments, productUniversalFitments]) await db.execute(sql`analyze ${table}`);
}

/** Seeds the fleet and fitment when there are no vehicles yet (a new database, or one from before fitment). */
export async function seedFitmentIfEmpty(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(vehicles);
  if ((row?.n ?? 0) > 0) return 0;
  return (await seedFitment(db)).fitments;
}

function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}
