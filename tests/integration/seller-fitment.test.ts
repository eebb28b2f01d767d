// Issue 17: a seller's part with compatibility lines is in that vehicle's lists at once, with the precise
// badge; its codes are searchable; editing replaces what it fits. PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, getEditableProduct, updateProduct } from '#src/domain/catalog/admin.server.ts';
import { parseProductForm } from '#src/domain/catalog/product-form.ts';
import type { ProductInput } from '#src/domain/catalog/product-form.ts';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import { searchProducts } from '#src/domain/catalog/search/search.server.ts';
import { loadFleet } from '#src/domain/fitment/fleet.server.ts';
import { parseCompatibility } from '#src/domain/fitment/product-form.ts';
import { replaceProductFitment } from '#src/domain/fitment/repository.server.ts';
import { fitBadges, searchWithFitment } from '#src/domain/fitment/search.server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const query = (qs: string) => {
  const r = parseCatalogQuery(new URLSearchParams(qs));
  if (!r.ok) throw new Error(r.message);
  return r.query;
};

function input(extra: Record<string, string> = {}): ProductInput {
  const r = parseProductForm({
    titulo: 'Pastilha de Freio Vortexa Cerâmica',
    descricao: 'Jogo de pastilhas dianteiras em cerâmica.',
    valorantigo: '199,90',
    valoratual: '159,90',
    categoria: 'freios',
    marca: 'Cobreq',
    veiculo: 'carros',
    estado: 'novo',
    estoque: '9',
    oem: '5U0 698 151 Q',
    equivalentes: 'Bosch 0 986 QZ9 777',
    ficha: 'Posição: Dianteira\nPeso: 0,9 kg',
    ...extra,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

describe.each(DATABASE_KINDS)('seller part with compatibility on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 200 });
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });

  it('is listed for the Gol 1.0 2015 with its exact badge, found by its codes, and editing replaces its fitment', async () => {
    const db = database.db;
    const fleet = await loadFleet(db);
    const compat = parseCompatibility({ compat_veiculo_1: 'volkswagen/gol/1.0', compat_de_1: '2014', compat_ate_1: '2016' }, [], fleet);
    if (!compat.ok) throw new Error(JSON.stringify(compat.errors));
    const photo = { url: 'https://imagens.exemplo.com/pastilha.jpg', width: 600, height: 600 };
    const id = await createProduct(db, null, 'vendedor-teste', input(), photo, (tx, productId) => replaceProductFitment(tx, productId, compat.value));

    const gol = fleet.vehicles.find((v) => v.modelSlug === 'gol' && v.engine === '1.0' && v.yearFrom <= 2015 && v.yearTo >= 2015)!;
    const found = await searchWithFitment(db, query(`q=vortexa&vehicle=${gol.id}&ano=2015`));
    if (!found.ok) throw new Error(found.message);
    expect(found.result.items.map((p) => p.id)).toEqual([id]);
    expect(found.result.fits[id]).toBe('vehicle');
    const badges = await fitBadges(db, found.result.vehicle, found.result.items);
    expect(badges[id]).toEqual({ text: 'Serve no Gol 1.0 2015', universal: false });

    // Out of its years: not listed.
    const later = await searchWithFitment(db, query(`q=vortexa&vehicle=${gol.id}&ano=2019`));
    expect(later.ok && later.result.items.map((p) => p.id)).not.toContain(id);

    for (const q of ['5U0698151Q', '5u0-698-151-q', '0986QZ9777', 'Bosch 0 986 QZ9 777']) {
      expect((await searchProducts(db, query(`q=${encodeURIComponent(q)}`))).items[0]?.id, q).toBe(id);
    }
    expect(await getEditableProduct(db, id)).toMatchObject({
      oemCodes: ['5U0 698 151 Q'],
      specs: [
        { label: 'Posição', value: 'Dianteira' },
        { label: 'Peso', value: '0,9 kg' },
      ],
    });

    // Edited to universal for motorcycles only: gone from the Gol's list.
    const saved = await updateProduct(db, null, id, 'vendedor-teste', input(), null, (tx, productId) => replaceProductFitment(tx, productId, { rows: [], universal: ['motos'] }));
    expect(saved).toBe(true);
    const after = await searchWithFitment(db, query(`q=vortexa&vehicle=${gol.id}&ano=2015`));
    expect(after.ok && after.result.items).toEqual([]);
  });

  it('keeps footwear colours and sizes, with the stock their sum', async () => {
    const photo = { url: 'https://imagens.exemplo.com/bota.jpg', width: 600, height: 600 };
    const id = await createProduct(database.db, null, 'vendedor-teste', input({ titulo: 'Bota Zenturo Couro', categoria: 'calcados', estoque: '', variacoes: 'Preto; 40; 5\nCaramelo; 41; 2' }), photo);
    const p = await getEditableProduct(database.db, id);
    expect(p).toMatchObject({
      stock: 7,
      variants: [
        { color: 'Caramelo', size: '41', stock: 2 },
        { color: 'Preto', size: '40', stock: 5 },
      ],
    });
  });
});
