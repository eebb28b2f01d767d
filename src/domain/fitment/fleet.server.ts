// The vehicles table, held in memory: a few hundred rows that every list request, selector step and
// search consults. Reloaded at most once a minute per database, and at once after seeding.
import { asc } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { vehicles } from './schema.ts';
import { buildFleet } from './vehicles.ts';
import type { Fleet } from './vehicles.ts';

const TTL_MS = 60_000;
// Per database: the cache is keyed by the database instance it was read from. In the dev server, where the
// app's modules load apart from the server's, each side keeps its own copy (reloaded within the TTL).
const fleets = new WeakMap<Db, { at: number; fleet: Promise<Fleet> }>();

export function loadFleet(db: Db): Promise<Fleet> {
  const hit = fleets.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.fleet;
  const fleet = db
    .select()
    .from(vehicles)
    .orderBy(asc(vehicles.id))
    .then((rows) => buildFleet(rows.map((r) => ({ ...r, type: r.type as never }))));
  fleets.set(db, { at: Date.now(), fleet });
  // A failed load must not stay cached.
  fleet.catch(() => fleets.delete(db));
  return fleet;
}

export function invalidateFleet(db: Db): void {
  fleets.delete(db);
}
