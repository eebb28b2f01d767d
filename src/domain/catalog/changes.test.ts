import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '#src/db/client.server.ts';
import { catalogChanged, catalogChangesMissed, createCatalogSearchCache, encodeChange, onCatalogChange, receiveCatalogNotification } from './changes.server.ts';

// Without broadcasting (PGlite, the default) catalogChanged never touches the database.
const noDatabase = undefined as unknown as Db;

describe('catalog change event', () => {
  const seen: (readonly number[] | undefined)[] = [];
  let stop = () => {};
  afterEach(() => {
    stop();
    seen.length = 0;
  });

  it("tells this process's subscribers and clears the catalog memo", async () => {
    stop = onCatalogChange((ids) => seen.push(ids));
    const cache = createCatalogSearchCache(10);
    let computed = 0;
    const compute = async () => ({ ok: true as const, n: ++computed });
    await cache.get('k', compute);
    await catalogChanged(noDatabase, [3, 4]);
    await cache.get('k', compute);
    expect(computed).toBe(2);
    await catalogChanged(noDatabase);
    expect(seen).toEqual([[3, 4], undefined]);
  });

  it("applies other instances' notifications, ignores garbage, and clears all after a lost connection", () => {
    stop = onCatalogChange((ids) => seen.push(ids));
    receiveCatalogNotification(encodeChange('outra-instancia', [7]));
    receiveCatalogNotification(encodeChange('outra-instancia', undefined));
    receiveCatalogNotification('não é JSON');
    catalogChangesMissed();
    expect(seen).toEqual([[7], undefined, undefined, undefined]);
  });

  it('keeps NOTIFY payloads under PostgreSQL’s 8,000 bytes', () => {
    const many = Array.from({ length: 5000 }, (_, i) => i + 1);
    expect(JSON.parse(encodeChange('x', many))).toEqual({ from: 'x', ids: null });
    expect(JSON.parse(encodeChange('x', [1, 2]))).toEqual({ from: 'x', ids: [1, 2] });
  });
});
