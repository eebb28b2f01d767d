// "Minha garagem": whose garage a request reads (a guest's signed cookie, or a signed-in account's rows) and
// the changes the garage page and the selector make to it. Pages call loadGarage/changeGarage only.
import type { Db } from '../../db/client.server.ts';
import { loadFleet } from './fleet.server.ts';
import {
  emptyCookieGarage,
  garageCookieHeader,
  readGarageCookie,
  withActive,
  without,
  withoutActive,
} from './garage-cookie.server.ts';
import { listGarage, removeFromGarage, setActiveVehicle } from './repository.server.ts';
import type { GarageEntry } from './repository.server.ts';
import { checkVehicleYear } from './selector.ts';

export type { GarageEntry };

export interface GarageOwner {
  /** The signed-in account's user id (Better Auth's `user.id`), or null for a guest. */
  userId: string | null;
}

/**
 * SEAM for accounts: who owns the garage of this request. Today every visitor is a guest and the garage
 * lives in the signed cookie. When accounts land, return the session's user id here, e.g.
 *   const user = await getSessionUser(request); return { userId: user?.id ?? null };
 * and everything below (list page, product page, header, /garagem, OlimpIA) switches to the
 * garage_vehicles rows of that account. Call importGarage(db, userId, cookieEntries(request)) once at
 * sign-in to carry the guest's vehicles over, then clear the cookie with clearedGarageCookie().
 */
export async function getGarageOwner(_request: Request): Promise<GarageOwner> {
  return { userId: null };
}

export interface Garage {
  owner: 'guest' | 'account';
  entries: GarageEntry[];
  active: GarageEntry | null;
}

/** The request's garage, with vehicles the fleet no longer has (or years outside them) left out. */
export async function loadGarage(db: Db, request: Request): Promise<Garage> {
  const owner = await getGarageOwner(request);
  if (owner.userId) {
    const entries = await listGarage(db, owner.userId);
    return { owner: 'account', entries, active: entries.find((e) => e.active) ?? null };
  }
  const cookie = readGarageCookie(request);
  if (cookie.entries.length === 0) return { owner: 'guest', entries: [], active: null };
  const fleet = await loadFleet(db);
  const entries: GarageEntry[] = [];
  cookie.entries.forEach((e, i) => {
    const check = checkVehicleYear(fleet, e.vehicleId, e.year);
    if (check.ok) entries.push({ vehicle: check.vehicle, year: e.year, active: cookie.active === i });
  });
  return { owner: 'guest', entries, active: entries.find((e) => e.active) ?? null };
}

/** The guest's cookie vehicles (for importGarage at sign-in). */
export function cookieEntries(request: Request): { vehicleId: number; year: number; active: boolean }[] {
  const cookie = readGarageCookie(request);
  return cookie.entries.map((e, i) => ({ ...e, active: cookie.active === i }));
}

export const clearedGarageCookie = (opts: { secure: boolean }) => garageCookieHeader(emptyCookieGarage(), opts);

export type GarageChange =
  /** Make this vehicle active, adding it to the garage when it is new. */
  | { action: 'use'; vehicleId: number; year: number }
  /** Keep the garage, with no vehicle active (the list shows every product again). */
  | { action: 'clear' }
  | { action: 'remove'; vehicleId: number; year: number };

export type ChangeResult = { ok: true; setCookie: string | null } | { ok: false; message: string };

export async function changeGarage(db: Db, request: Request, change: GarageChange, opts: { secure: boolean }): Promise<ChangeResult> {
  if (change.action !== 'clear') {
    const check = checkVehicleYear(await loadFleet(db), change.vehicleId, change.year);
    if (!check.ok) return check;
  }
  const owner = await getGarageOwner(request);
  if (owner.userId) {
    if (change.action === 'use') await setActiveVehicle(db, owner.userId, change);
    else if (change.action === 'clear') await setActiveVehicle(db, owner.userId, null);
    else await removeFromGarage(db, owner.userId, change);
    return { ok: true, setCookie: null };
  }
  const cookie = readGarageCookie(request);
  const next = change.action === 'use' ? withActive(cookie, change) : change.action === 'clear' ? withoutActive(cookie) : without(cookie, change);
  return { ok: true, setCookie: garageCookieHeader(next, opts) };
}
