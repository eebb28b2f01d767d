import { describe, expect, it } from 'vitest';
import { cachedSearch, configureSearchCache, invalidateSearchCache } from './search-cache.server.ts';

describe('catalog search memo', () => {
  it('computes once per key within the TTL, shares concurrent misses, forgets on invalidation and failures', async () => {
    configureSearchCache(10);
    let calls = 0;
    const compute = async () => {
      calls++;
      return { ok: true as const };
    };
    await Promise.all([cachedSearch('a', compute), cachedSearch('a', compute), cachedSearch('a', compute)]);
    expect(calls).toBe(1);
    await cachedSearch('b', compute);
    expect(calls).toBe(2);
    invalidateSearchCache();
    await cachedSearch('a', compute);
    expect(calls).toBe(3);
    const failing = () => Promise.reject(new Error('down'));
    await expect(cachedSearch('c', failing)).rejects.toThrow('down');
    await cachedSearch('c', compute);
    expect(calls).toBe(4);
  });

  it('is off with a TTL of 0', async () => {
    configureSearchCache(0);
    let calls = 0;
    const compute = async () => ({ ok: true as const, n: ++calls });
    await cachedSearch('a', compute);
    await cachedSearch('a', compute);
    expect(calls).toBe(2);
    configureSearchCache(10);
  });
});
