import { describe, expect, it } from 'vitest';
import { FAVORITES_COOKIE_LIMIT, favoritesCookieHeader, parseFavoritesCookie, toggledFavorites } from './guest-cookie.ts';

describe('the guest favourites cookie', () => {
  it('reads dot-separated product ids, without duplicates', () => {
    expect(parseFavoritesCookie('12.7.12.301')).toEqual([12, 7, 301]);
  });

  it('reads a malformed, oversized or hostile value as no favourites', () => {
    for (const bad of ['', 'abc', '1,2', '1..2', '.1', '0', '-3', '99999999999', '1.2.3;x', '<script>', `${'1.'.repeat(FAVORITES_COOKIE_LIMIT)}1`, '9'.repeat(4000)]) {
      expect(parseFavoritesCookie(bad), bad).toEqual([]);
    }
  });

  it('keeps at most the limit, the newest first, the oldest leaving', () => {
    let ids: number[] = [];
    for (let id = 1; id <= FAVORITES_COOKIE_LIMIT + 5; id++) ids = toggledFavorites(ids, id, true);
    expect(ids).toHaveLength(FAVORITES_COOKIE_LIMIT);
    expect(ids[0]).toBe(FAVORITES_COOKIE_LIMIT + 5);
    expect(ids).not.toContain(1);
    const header = favoritesCookieHeader(ids, { secure: false });
    expect(parseFavoritesCookie(header.split(';')[0]!.split('=')[1])).toEqual(ids);
  });

  it('removes one product and deletes the cookie when the list is empty', () => {
    expect(toggledFavorites([3, 2, 1], 2, false)).toEqual([3, 1]);
    expect(favoritesCookieHeader([], { secure: true })).toMatch(/^olimpo_favoritos=; Max-Age=0; .*Secure/);
  });
});
