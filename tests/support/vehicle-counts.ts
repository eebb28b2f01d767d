// vehicle_facet_counts (migration 0028) against the products it counts: rows that differ from grouping the
// products' fitment keys (rows at zero, left by deletes and edits, equal none).
import { sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { queryRows } from './databases.ts';

export async function vehicleCountsOutOfStep(db: Db): Promise<number> {
  const grouped = sql`select k.fitment_key, k.also_universal, p.active, p.brand_slug, p.category, p.vehicle_type, p.condition, count(*)::int as n
    from products p, olimpo_vehicle_count_keys(p.fitment_keys) k group by 1, 2, 3, 4, 5, 6, 7`;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          (select fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition, n from vehicle_facet_counts where n <> 0 except ${grouped})
          union all
          (${grouped} except select fitment_key, also_universal, active, brand_slug, category, vehicle_type, condition, n from vehicle_facet_counts)
        ) x`,
  );
  return Number(row!.n);
}
