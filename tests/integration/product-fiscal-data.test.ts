// Products' fiscal data for the nota fiscal, on PGlite and PostgreSQL: the seeded catalog has plausible NCMs per
// category; a product saved without fiscal data gets its category's NCM and unit, one saved with them keeps
// them, and an edit that leaves them empty keeps what the product had; the database refuses a malformed NCM.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, getEditableProduct, updateProduct } from '#src/domain/catalog/admin.server.ts';
import { parseProductForm } from '#src/domain/catalog/product-form.ts';
import type { ProductInput } from '#src/domain/catalog/product-form.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const photo = { url: 'https://imagens.exemplo.com/peca.jpg', width: 600, height: 600 };
function input(extra: Record<string, string> = {}): ProductInput {
  const r = parseProductForm({
    titulo: 'Bateria Heliar 60Ah',
    descricao: 'Bateria selada de 60 amperes-hora.',
    valorantigo: '599,90',
    valoratual: '499,90',
    categoria: 'baterias',
    marca: 'Heliar',
    veiculo: 'carros',
    estado: 'novo',
    estoque: '4',
    ...extra,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

describe.each(DATABASE_KINDS)('product fiscal data on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 200 });
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });
  const fiscalOf = async (id: number) =>
    (await database.db.select({ ncm: products.ncm, origem: products.origem, cest: products.cest, unit: products.unit }).from(products).where(eq(products.id, id)))[0]!;

  it('seeds plausible NCMs per category (8708 brakes and suspension, 8507 batteries, 6403/6404 footwear by the pair)', async () => {
    const rows = await queryRows<{ category: string; ncm: string; unit: string }>(database.db, sql`select distinct category, substr(ncm, 1, 4) as ncm, unit from products order by 1, 2`);
    const of = (c: string) => rows.filter((r) => r.category === c);
    expect(of('freios').map((r) => r.ncm)).toEqual(['8708']);
    expect(of('baterias').map((r) => r.ncm)).toEqual(['8507']);
    expect(of('calcados').every((r) => ['6403', '6404'].includes(r.ncm) && r.unit === 'PAR')).toBe(true);
    expect(rows.every((r) => /^\d{4}$/.test(r.ncm))).toBe(true);
  });

  it('gives a new product its category defaults, keeps typed ones, and keeps them on an edit that leaves them empty', async () => {
    const plain = await createProduct(database.db, null, 'vendedor-teste', input(), photo);
    expect(await fiscalOf(plain)).toEqual({ ncm: '85071010', origem: 0, cest: null, unit: 'UN' });

    const typed = await createProduct(database.db, null, 'vendedor-teste', input({ ncm: '8507.10.90', origem: '1', cest: '01.001.00', unidade: 'KIT' }), photo);
    expect(await fiscalOf(typed)).toEqual({ ncm: '85071090', origem: 1, cest: '0100100', unit: 'KIT' });
    expect((await getEditableProduct(database.db, typed))?.fiscal).toEqual({ ncm: '85071090', origem: 1, cest: '0100100', unit: 'KIT' });

    expect(await updateProduct(database.db, null, typed, 'vendedor-teste', input({ titulo: 'Bateria Heliar 60Ah Selada' }), null)).toBe(true);
    expect(await fiscalOf(typed)).toEqual({ ncm: '85071090', origem: 1, cest: '0100100', unit: 'KIT' });
  });

  it('refuses an NCM that is not 8 digits in the database too', async () => {
    await expect(database.db.update(products).set({ ncm: '8708' }).where(eq(products.id, 1))).rejects.toThrow();
  });
});
