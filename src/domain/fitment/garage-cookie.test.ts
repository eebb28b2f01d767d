import { describe, expect, it } from 'vitest';
import { COOKIE_GARAGE_LIMIT, decodeGarage, encodeGarage, GARAGE_COOKIE, garageCookieHeader, readGarageCookie, withActive, without, withoutActive } from './garage-cookie.server.ts';

const SECRET = 'test-secret-0123456789-0123456789-abc';

describe('the garage cookie', () => {
  it('round-trips and is signed: a changed value is ignored', () => {
    const garage = {
      entries: [
        { vehicleId: 12, year: 2015 },
        { vehicleId: 400, year: 2020 },
      ],
      active: 0,
    };
    const value = encodeGarage(garage, SECRET);
    expect(decodeGarage(value, SECRET)).toEqual(garage);
    const [payload, signature] = value.split('.');
    const forged = Buffer.from(JSON.stringify({ v: [[13, 2015]], a: 0 })).toString('base64url');
    expect(decodeGarage(`${forged}.${signature}`, SECRET)).toBeNull();
    expect(decodeGarage(`${payload}.x${signature!.slice(1)}`, SECRET)).toBeNull();
    expect(decodeGarage('lixo', SECRET)).toBeNull();
    expect(decodeGarage(undefined, SECRET)).toBeNull();
    expect(decodeGarage(value, 'another-secret-0123456789-0123456789')).toBeNull();
  });

  it('is HttpOnly and SameSite=Lax, Secure on https, and an empty garage deletes it', () => {
    const header = garageCookieHeader({ entries: [{ vehicleId: 1, year: 2015 }], active: 0 }, { secure: false, secret: SECRET });
    expect(header).toMatch(new RegExp(`^${GARAGE_COOKIE}=[^;]+; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax$`));
    expect(garageCookieHeader({ entries: [{ vehicleId: 1, year: 2015 }], active: 0 }, { secure: true, secret: SECRET })).toMatch(/; Secure$/);
    expect(garageCookieHeader({ entries: [], active: null }, { secure: false, secret: SECRET })).toMatch(/^olimpo_garagem=; Max-Age=0;/);
  });

  it('is read from the request, and a missing or bad cookie is an empty garage', () => {
    const value = encodeGarage({ entries: [{ vehicleId: 7, year: 2019 }], active: 0 }, SECRET);
    const request = new Request('http://loja.test/', { headers: { cookie: `outro=1; ${GARAGE_COOKIE}=${value}; x=y` } });
    expect(readGarageCookie(request, SECRET)).toEqual({ entries: [{ vehicleId: 7, year: 2019 }], active: 0 });
    expect(readGarageCookie(new Request('http://loja.test/'), SECRET)).toEqual({ entries: [], active: null });
    expect(readGarageCookie(new Request('http://loja.test/', { headers: { cookie: `${GARAGE_COOKIE}=%E0%A4%A` } }), SECRET)).toEqual({ entries: [], active: null });
  });

  it('activating puts the vehicle first, keeps at most five, clearing keeps the garage', () => {
    let g = { entries: [] as { vehicleId: number; year: number }[], active: null as number | null };
    for (let i = 1; i <= 7; i++) g = withActive(g, { vehicleId: i, year: 2015 });
    expect(g.entries.map((e) => e.vehicleId)).toEqual([7, 6, 5, 4, 3]);
    expect(g.entries).toHaveLength(COOKIE_GARAGE_LIMIT);
    expect(g.active).toBe(0);
    g = withActive(g, { vehicleId: 4, year: 2015 });
    expect(g.entries.map((e) => e.vehicleId)).toEqual([4, 7, 6, 5, 3]);
    expect(withoutActive(g)).toEqual({ entries: g.entries, active: null });
    const removed = without(g, { vehicleId: 7, year: 2015 });
    expect(removed.entries.map((e) => e.vehicleId)).toEqual([4, 6, 5, 3]);
    expect(removed.active).toBe(0);
    expect(without(g, { vehicleId: 4, year: 2015 }).active).toBeNull();
  });
});
