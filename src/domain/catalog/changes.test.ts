import { describe, expect, it } from 'vitest';
import { createCatalogChanges, createCatalogSearchCache, encodeChange } from './changes.server.ts';

describe('catalog change event', () => {
  it('tells its subscribers and clears the catalog memo, without a database where nobody else listens', async () => {
    const changes = createCatalogChanges();
    const seen: (readonly number[] | undefined)[] = [];
    changes.subscribe((ids) => seen.push(ids));
    const cache = createCatalogSearchCache(10, changes);
    let computed = 0;
    const compute = async () => ({ ok: true as const, n: ++computed });
    await cache.get('k', compute);
    await changes.announce([3, 4]);
    await cache.get('k', compute);
    expect(computed).toBe(2);
    await changes.announce();
    expect(seen).toEqual([[3, 4], undefined]);
  });

  it("applies other instances' notifications, ignores its own and garbage, and clears all after a lost connection", () => {
    const changes = createCatalogChanges();
    const seen: (readonly number[] | undefined)[] = [];
    const stop = changes.subscribe((ids) => seen.push(ids));
    changes.receive(encodeChange('outra-instancia', [7]));
    changes.receive(encodeChange('outra-instancia', undefined));
    changes.receive('não é JSON');
    changes.missed();
    expect(seen).toEqual([[7], undefined, undefined, undefined]);
    stop();
    changes.missed();
    expect(seen).toHaveLength(4);
  });

  it('keeps each set of services apart: one app’s change does not reach another’s subscribers', async () => {
    const a = createCatalogChanges();
    const b = createCatalogChanges();
    const heard: string[] = [];
    a.subscribe(() => heard.push('a'));
    b.subscribe(() => heard.push('b'));
    await a.announce([1]);
    expect(heard).toEqual(['a']);
  });

  it('keeps NOTIFY payloads under PostgreSQL’s 8,000 bytes', () => {
    const many = Array.from({ length: 5000 }, (_, i) => i + 1);
    expect(JSON.parse(encodeChange('x', many))).toEqual({ from: 'x', ids: null });
    expect(JSON.parse(encodeChange('x', [1, 2]))).toEqual({ from: 'x', ids: [1, 2] });
  });
});
