import { describe, expect, it } from 'vitest';
import { createSearchCache } from './search-cache.server.ts';

describe('catalog search memo', () => {
  it('computes once per key within the TTL, shares concurrent misses, forgets on invalidation and failures', async () => {
    const cache = createSearchCache(10);
    let calls = 0;
    const compute = async () => {
      calls++;
      return { ok: true as const };
    };
    await Promise.all([cache.get('a', compute), cache.get('a', compute), cache.get('a', compute)]);
    expect(calls).toBe(1);
    await cache.get('b', compute);
    expect(calls).toBe(2);
    cache.clear();
    await cache.get('a', compute);
    expect(calls).toBe(3);
    const failing = () => Promise.reject(new Error('down'));
    await expect(cache.get('c', failing)).rejects.toThrow('down');
    await cache.get('c', compute);
    expect(calls).toBe(4);
  });

  it('is off with a TTL of 0', async () => {
    const cache = createSearchCache(0);
    let calls = 0;
    const compute = async () => ({ ok: true as const, n: ++calls });
    await cache.get('a', compute);
    await cache.get('a', compute);
    expect(calls).toBe(2);
  });
});
