// "Minha garagem": whose garage a request reads (a guest's signed cookie, or a signed-in account's rows) and
// the changes the garage page and the selector make to it. Pages call loadGarage/changeGarage only.
import { sessionUserOf } from '../accounts/auth.server.ts';
import type { Authentication } from '../accounts/auth.server.ts';
import type { Db } from '#src/db/client.server.ts';
import { loadFleet } from './fleet.server.ts';
import { garageCookieHeader, readGarageCookie, withActive, without, withoutActive } from './garage-cookie.server.ts';
import { importGarage, listGarage, removeFromGarage, setActiveVehicle } from './repository.server.ts';
import type { GarageEntry } from './repository.server.ts';
import { checkVehicleYear } from './selector.ts';

export type { GarageEntry };

export interface GarageOwner {
  /** The signed-in account's user id (Better Auth's `user.id`), or null for a guest. */
  userId: string | null;
}

/** Who owns the garage of this request: the signed-in account (Better Auth session) or the guest's cookie. */
export async function getGarageOwner(request: Request, auth: Authentication): Promise<GarageOwner> {
  const user = await sessionUserOf(auth, request.headers);
  return { userId: user?.id ?? null };
}

export interface Garage {
  owner: 'guest' | 'account';
  entries: GarageEntry[];
  active: GarageEntry | null;
}

/** The request's garage, with vehicles the fleet no longer has (or years outside them) left out. */
/** `keys`: sign-in (whose garage) and the cookie secret (a guest's garage): the request's Services fit. */
export async function loadGarage(db: Db, request: Request, keys: { auth: Authentication; cookieSecret: string }): Promise<Garage> {
  const cookieSecret = keys.cookieSecret;
  const owner = await getGarageOwner(request, keys.auth);
  if (owner.userId) {
    let entries = await listGarage(db, owner.userId);
    // A guest who signs in brings the vehicles chosen before: they join the account's garage once.
    const fromCookie = cookieEntries(request, cookieSecret);
    if (entries.length === 0 && fromCookie.length > 0) {
      await importGarage(db, owner.userId, fromCookie);
      entries = await listGarage(db, owner.userId);
    }
    return { owner: 'account', entries, active: entries.find((e) => e.active) ?? null };
  }
  const cookie = readGarageCookie(request, cookieSecret);
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
export function cookieEntries(request: Request, cookieSecret: string): { vehicleId: number; year: number; active: boolean }[] {
  const cookie = readGarageCookie(request, cookieSecret);
  return cookie.entries.map((e, i) => ({ ...e, active: cookie.active === i }));
}

export type GarageChange =
  /** Make this vehicle active, adding it to the garage when it is new. */
  | { action: 'use'; vehicleId: number; year: number }
  /** Keep the garage, with no vehicle active (the list shows every product again). */
  | { action: 'clear' }
  | { action: 'remove'; vehicleId: number; year: number };

export type ChangeResult = { ok: true; setCookie: string | null } | { ok: false; message: string };

export async function changeGarage(db: Db, request: Request, change: GarageChange, opts: { secure: boolean; secret: string; auth: Authentication }): Promise<ChangeResult> {
  if (change.action !== 'clear') {
    const check = checkVehicleYear(await loadFleet(db), change.vehicleId, change.year);
    if (!check.ok) return check;
  }
  const owner = await getGarageOwner(request, opts.auth);
  if (owner.userId) {
    if (change.action === 'use') await setActiveVehicle(db, owner.userId, change);
    else if (change.action === 'clear') await setActiveVehicle(db, owner.userId, null);
    else await removeFromGarage(db, owner.userId, change);
    return { ok: true, setCookie: null };
  }
  const cookie = readGarageCookie(request, opts.secret);
  const next = change.action === 'use' ? withActive(cookie, change) : change.action === 'clear' ? withoutActive(cookie) : without(cookie, change);
  return { ok: true, setCookie: garageCookieHeader(next, opts) };
}
