// The contract of the one adapter that uses PGlite's private members (src/db/pglite-adapter.server.ts,
// docs/decisions/007-prepared-statements.md). It fails loudly when PGlite changes under it: a new version, or
// the private members and protocol helpers it calls gone. Then re-measure (npm run bench -- --compare) and
// update the adapter, or drop it if PGlite's own query() has caught up.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, messages, protocol } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The PGlite version the adapter was last checked and measured against. */
const CHECKED_VERSION = '0.5.16';

describe('the PGlite adapter contract (prepared statements, yielding turns)', () => {
  it('runs on the PGlite version it was checked against', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    expect(pkg.version, 'PGlite changed: re-check src/db/pglite-adapter.server.ts, re-measure, then update CHECKED_VERSION').toBe(CHECKED_VERSION);
  });

  it('finds the private members and protocol helpers it calls', async () => {
    const client = new PGlite();
    try {
      const internals = client as unknown as Record<string, unknown>;
      expect(typeof internals._runExclusiveTransaction).toBe('function');
      expect(typeof internals._checkReady).toBe('function');
      expect(typeof internals.serializers).toBe('object');
      expect(typeof internals.parsers).toBe('object');
      expect(typeof client.execProtocolRawStream).toBe('function');
      expect(typeof client.execProtocolStream).toBe('function');
      expect(typeof protocol.serialize.parse).toBe('function');
      expect(typeof protocol.serialize.bind).toBe('function');
      expect(typeof protocol.Parser).toBe('function');
      expect(typeof messages.DatabaseError).toBe('function');
    } finally {
      await client.close();
    }
  });
});
