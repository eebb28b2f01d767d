// Run by bench/run.ts in a child process, before the server starts, on the bench's own database
// (DATABASE_URL or DATA_DIR): picks the products the order benchmark buys (no size/colour variants, so an
// order needs only a product and a quantity), gives them stock enough for any run, and prints their ids as
// JSON. The bench measures placing orders, not selling out: stock-outs (409) are tested elsewhere.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.server.ts';

const POOL = Number(process.env.POOL_SIZE ?? 2000);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
try {
  const result = await database.db.execute(sql`
    update products set stock = 1000000
    where id in (
      select p.id from products p
      where not exists (select 1 from product_variants v where v.product_id = p.id)
      order by p.id
      limit ${POOL}
    )
    returning id`);
  const rows = (result as unknown as { rows: { id: number }[] }).rows;
  process.stdout.write(`${JSON.stringify(rows.map((r) => Number(r.id)).sort((a, b) => a - b))}\n`);
} finally {
  await database.close();
}
