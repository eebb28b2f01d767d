// The vehicles table, held in memory: a few hundred rows that every list request, selector step and
// search consults. Reloaded at most once a minute per database, and at once after seeding.
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.server.ts';
import { vehicles } from './schema.ts';
import { buildFleet } from './vehicles.ts';
import type { Fleet } from './vehicles.ts';

const TTL_MS = 60_000;
const KEY = Symbol.for('olimpo.fitment.fleet');
type Holder = { [KEY]?: WeakMap<Db, { at: number; fleet: Promise<Fleet> }> };

function cache(): WeakMap<Db, { at: number; fleet: Promise<Fleet> }> {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new WeakMap());
}

export function loadFleet(db: Db): Promise<Fleet> {
  const hit = cache().get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.fleet;
  const fleet = db
    .select()
    .from(vehicles)
    .orderBy(asc(vehicles.id))
    .then((rows) => buildFleet(rows.map((r) => ({ ...r, type: r.type as never }))));
  cache().set(db, { at: Date.now(), fleet });
  // A failed load must not stay cached.
  fleet.catch(() => cache().delete(db));
  return fleet;
}

export function invalidateFleet(db: Db): void {
  cache().delete(db);
}
