// The accounts and catalog-writing domain on PGlite and PostgreSQL: the rate limiter, profiles and the CPF
// rule, seller applications and approval, addresses, products listed by sellers (searchable at once,
// editable only by their owner), photos checked by content, the admin script's core, account deletion.
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress, deleteAddress, listAddresses } from '#src/domain/accounts/addresses.server.ts';
import { anonymizeUser, exportUserData } from '#src/domain/accounts/privacy.server.ts';
import { getProfile, saveProfile } from '#src/domain/accounts/profiles.server.ts';
import { canEditProduct } from '#src/domain/accounts/roles.ts';
import { users } from '#src/domain/accounts/schema.ts';
import { latestApplication, listSellerApplications, reviewSellerApplication, submitSellerApplication } from '#src/domain/accounts/sellers.server.ts';
import { findUserByEmail, makeAdmin } from '#src/domain/accounts/users.server.ts';
import { addressSchema, personSchema } from '#src/domain/accounts/validation.ts';
import type { PersonInput } from '#src/domain/accounts/validation.ts';
import { createProduct, getEditableProduct, listSellerProducts, updateProduct } from '#src/domain/catalog/admin.server.ts';
import { processProductPhoto } from '#src/domain/catalog/photos.server.ts';
import { parseProductForm } from '#src/domain/catalog/product-form.ts';
import type { ProductInput } from '#src/domain/catalog/product-form.ts';
import { parseCatalogQuery } from '#src/domain/catalog/query.ts';
import { listGarage, setActiveVehicle } from '#src/domain/fitment/repository.server.ts';
import { vehicles } from '#src/domain/fitment/schema.ts';
import { searchProducts } from '#src/domain/catalog/search/search.server.ts';
import { products } from '#src/domain/catalog/schema.ts';
import { hitAll, pruneRateLimits, rateLimit } from '#src/platform/rate-limit.server.ts';
import { rateLimitBuckets } from '#src/platform/rate-limit.schema.ts';
import { accountsHarness } from '../support/accounts.ts';
import type { AccountsHarness } from '../support/accounts.ts';
import { createTestDatabase, DATABASE_KINDS, queryRows } from '../support/databases.ts';
import type { TestDatabase } from '../support/databases.ts';

const person = (overrides: Partial<Record<keyof PersonInput, string>> = {}): PersonInput =>
  personSchema.parse({
    nome: 'Rafael Teixeira Lima',
    email: 'rafael@exemplo.test',
    cpf: generateCpf(),
    celular: '(11) 98765-4321',
    endereco: 'Rua das Flores, 120',
    bairro: 'Centro',
    cidade: 'Campinas',
    cep: '13015-001',
    ...overrides,
  });

const productInput = (overrides: Partial<ProductInput> = {}): ProductInput => {
  const parsed = parseProductForm({
    titulo: 'Farol Quasarion Cromado',
    descricao: 'Farol dianteiro com lente de policarbonato.',
    valorantigo: '1.234,56',
    valoratual: '999,90',
    desconto: 'on',
    valordesconto: '19',
    categoria: 'iluminacao',
    marca: 'Magneti Marelli',
    veiculo: 'carros',
    estado: 'novo',
    estoque: '7',
    foto_url: 'https://imagens.exemplo.com/farol.jpg',
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { ...parsed.value, ...overrides };
};

describe.each(DATABASE_KINDS)('accounts domain on %s', (kind) => {
  let database: TestDatabase;
  let h: AccountsHarness;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seedProducts: 20 });
    h = accountsHarness(database);
  });
  afterAll(async () => {
    await database?.dispose();
    h?.cleanup();
  });

  let n = 0;
  async function newUser(name = 'Ana Maria Souza') {
    const email = `pessoa${n++}@exemplo.test`;
    const res = await h.auth.betterAuth.api.signUpEmail({ body: { email, name, password: 'segredo123' }, headers: new Headers({ 'x-olimpo-client-ip': `192.0.2.${n}` }) });
    return { id: res.user.id, email };
  }

  it('rate limiter: fixed windows per key, shared by every caller of the database, and pruned', async () => {
    const limiter = rateLimit({ name: 'teste', limit: 3, windowMs: 60_000 });
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.hit(database.db, 'ip:1.2.3.4'));
    expect(verdicts.map((v) => v.limited)).toEqual([false, false, false, true]);
    expect((await limiter.peek(database.db, 'ip:1.2.3.4')).limited).toBe(true);
    expect((await limiter.peek(database.db, 'ip:5.6.7.8')).limited).toBe(false);
    // Concurrent hits are all counted (one upsert each).
    const other = 'ip:9.9.9.9';
    await Promise.all(Array.from({ length: 10 }, () => limiter.hit(database.db, other)));
    expect((await limiter.peek(database.db, other)).count).toBe(10);
    // The counters are unlogged (migration 0016): a hit writes no WAL, so its commit does not wait for a flush.
    const [table] = await queryRows<{ persistence: string }>(database.db, sql`select relpersistence as persistence from pg_class where oid = 'rate_limit_buckets'::regclass`);
    expect(table?.persistence).toBe('u');
    // Keys are stored hashed, never the e-mail or IP itself.
    const keys = (await database.db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets)).map((r) => r.key);
    expect(keys.some((k) => k.includes('1.2.3.4'))).toBe(false);
    // An ended window starts over.
    const short = rateLimit({ name: 'curto', limit: 1, windowMs: 200 });
    expect((await short.hit(database.db, 'k')).limited).toBe(false);
    expect((await short.hit(database.db, 'k')).limited).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect((await short.hit(database.db, 'k')).limited).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(await pruneRateLimits(database.db)).toBeGreaterThanOrEqual(1);
    await limiter.reset(database.db, 'ip:1.2.3.4');
    expect((await limiter.peek(database.db, 'ip:1.2.3.4')).count).toBe(0);
  });

  it('rate limiter: several limits counted in one statement (hitAll) count as their own hits do', async () => {
    const perIp = rateLimit({ name: 'junto-ip', limit: 2, windowMs: 60_000 });
    const perEmail = rateLimit({ name: 'junto-email', limit: 3, windowMs: 120_000 });
    const hits = (email: string) => [
      { limiter: perIp, key: 'ip:10.0.0.1' },
      { limiter: perEmail, key: `email:${email}` },
    ];
    // Verdicts in the order asked; each limit keeps its own count and window.
    const first = await hitAll(database.db, hits('a@exemplo.test'));
    expect(first.map((v) => [v.count, v.limited])).toEqual([
      [1, false],
      [1, false],
    ]);
    expect(first[1]!.retryAfterSeconds).toBeGreaterThan(60);
    await hitAll(database.db, hits('b@exemplo.test'));
    const third = await hitAll(database.db, hits('a@exemplo.test'));
    expect(third.map((v) => [v.count, v.limited])).toEqual([
      [3, true],
      [2, false],
    ]);
    expect((await perIp.peek(database.db, 'ip:10.0.0.1')).count).toBe(3);
    expect((await perEmail.peek(database.db, 'email:a@exemplo.test')).count).toBe(2);
    // Concurrent calls (rows locked in key order, whatever order they are asked in) lose no count.
    await Promise.all(Array.from({ length: 8 }, (_, i) => hitAll(database.db, i % 2 ? hits('c@exemplo.test') : [...hits('c@exemplo.test')].reverse())));
    expect((await perIp.peek(database.db, 'ip:10.0.0.1')).count).toBe(11);
    expect((await perEmail.peek(database.db, 'email:c@exemplo.test')).count).toBe(8);
    // The same bucket twice in one call is counted twice.
    const twice = await hitAll(database.db, [
      { limiter: perEmail, key: 'email:d@exemplo.test' },
      { limiter: perEmail, key: 'email:d@exemplo.test' },
    ]);
    expect(twice.map((v) => v.count).sort()).toEqual([1, 2]);
  });

  it('sign-up cannot choose a role', async () => {
    const res = await h.request('/api/auth/sign-up/email', { method: 'POST', json: { email: 'espertinho@exemplo.test', name: 'Espertinho Silva', password: 'segredo123', role: 'admin' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { role: string } }).user.role).toBe('customer');
    expect((await findUserByEmail(database.db, 'espertinho@exemplo.test'))?.role).toBe('customer');
  });

  it('profiles: saved to the account (name included), one CPF per account', async () => {
    const ana = await newUser();
    const bia = await newUser('Bia Lima');
    const data = person({ nome: 'Ana Maria de Souza' });
    expect(await saveProfile(database.db, ana.id, data)).toEqual({ ok: true });
    const profile = await getProfile(database.db, ana.id);
    expect(profile).toMatchObject({ name: 'Ana Maria de Souza', details: { cpf: data.cpf, phone: '11987654321', cep: '13015001' } });
    // Saving again updates in place.
    expect(await saveProfile(database.db, ana.id, { ...data, cidade: 'Valinhos' })).toEqual({ ok: true });
    expect((await getProfile(database.db, ana.id))?.details?.city).toBe('Valinhos');
    // Another account with the same CPF: refused, with the field and the message.
    expect(await saveProfile(database.db, bia.id, { ...data, nome: 'Bia Lima' })).toEqual({ ok: false, field: 'cpf', message: 'Este CPF já está cadastrado em outra conta.' });
    expect((await getProfile(database.db, bia.id))?.details).toBeNull();
  });

  it('seller applications: pending, one at a time, CPF rule, approval makes a seller, rejection does not', async () => {
    const admin = await newUser('Admin Teste');
    await makeAdmin(database.db, h.auth, admin.email);
    const carlos = await newUser('Carlos Souza');
    const first = await submitSellerApplication(database.db, carlos.id, person({ nome: 'Carlos Souza' }));
    expect(first.ok).toBe(true);
    expect(await submitSellerApplication(database.db, carlos.id, person())).toEqual({ ok: false, field: '_form', message: 'Você já tem um pedido em análise. Avisaremos quando ele for analisado.' });
    expect((await latestApplication(database.db, carlos.id))?.status).toBe('pending');

    const dora = await newUser('Dora Reis');
    const pending = (await listSellerApplications(database.db)).find((a) => a.userId === carlos.id)!;
    expect(await submitSellerApplication(database.db, dora.id, person({ cpf: pending.cpf }))).toMatchObject({ ok: false, field: 'cpf' });

    expect(await reviewSellerApplication(database.db, admin.id, pending.id, 'approve')).toEqual({ ok: true, status: 'approved' });
    expect((await findUserByEmail(database.db, carlos.email))?.role).toBe('seller');
    expect(await reviewSellerApplication(database.db, admin.id, pending.id, 'reject')).toEqual({ ok: false, message: 'Este pedido já foi analisado.' });
    expect(await reviewSellerApplication(database.db, admin.id, 999_999, 'approve')).toEqual({ ok: false, message: 'Pedido não encontrado.' });
    expect(await submitSellerApplication(database.db, carlos.id, person())).toMatchObject({ ok: false, message: expect.stringMatching(/já é de vendedor/) });

    const second = await submitSellerApplication(database.db, dora.id, person({ nome: 'Dora Reis' }));
    expect(second.ok).toBe(true);
    expect(await reviewSellerApplication(database.db, admin.id, (second as { id: number }).id, 'reject')).toEqual({ ok: true, status: 'rejected' });
    expect((await findUserByEmail(database.db, dora.email))?.role).toBe('customer');
    // After a rejection the shopper may apply again.
    expect((await submitSellerApplication(database.db, dora.id, person({ nome: 'Dora Reis' }))).ok).toBe(true);
  });

  it('addresses: the first is the default, listed default first; nobody deletes another account’s', async () => {
    const eva = await newUser('Eva Prado');
    const fabio = await newUser('Fabio Reis');
    const input = addressSchema.parse({
      nome: 'Eva Prado',
      celular: '21987651234',
      cep: '20040-020',
      rua: 'Av. Rio Branco',
      numero: '156',
      complemento: '',
      bairro: 'Centro',
      cidade: 'Rio de Janeiro',
      estado: 'RJ',
    });
    const a = await addAddress(database.db, eva.id, input);
    const b = await addAddress(database.db, eva.id, { ...input, numero: '200' });
    expect(a.ok && b.ok).toBe(true);
    const list = await listAddresses(database.db, eva.id);
    expect(list.map((x) => [x.number, x.isDefault])).toEqual([
      ['156', true],
      ['200', false],
    ]);
    expect(list[0]).toMatchObject({
      recipient: 'Eva Prado',
      phone: '21987651234',
      cep: '20040020',
      street: 'Av. Rio Branco',
      neighborhood: 'Centro',
      city: 'Rio de Janeiro',
      state: 'RJ',
      complement: '',
    });
    expect(await deleteAddress(database.db, fabio.id, list[0]!.id)).toBe(false);
    expect(await deleteAddress(database.db, eva.id, list[0]!.id)).toBe(true);
    expect((await listAddresses(database.db, eva.id)).map((x) => [x.number, x.isDefault])).toEqual([['200', true]]);
    expect(await listAddresses(database.db, fabio.id)).toEqual([]);
  });

  it('products listed by a seller appear in search at once; only the owner (or an admin) edits them', async () => {
    const seller = await newUser('Vera Vendedora');
    const rival = await newUser('Rui Rival');
    const id = await createProduct(database.db, h.services.catalogChanges, seller.id, productInput(), { url: 'https://imagens.exemplo.com/farol.jpg', width: 600, height: 600 });
    const parsed = parseCatalogQuery(new URLSearchParams({ q: 'quasarion' }));
    const found = await searchProducts(database.db, (parsed as { ok: true; query: never }).query);
    expect(found.items.map((p) => p.id)).toEqual([id]);
    expect(found.items[0]).toMatchObject({ title: 'Farol Quasarion Cromado', priceCents: 99_990, oldPriceCents: 123_456, onSale: true, discountPercent: 19, category: 'iluminacao' });
    // A typo is corrected through the refreshed lexicon.
    const typo = await searchProducts(database.db, (parseCatalogQuery(new URLSearchParams({ q: 'quasarium' })) as { ok: true; query: never }).query);
    expect(typo.items.map((p) => p.id)).toEqual([id]);

    const product = (await getEditableProduct(database.db, id))!;
    expect(product.sellerId).toBe(seller.id);
    expect(canEditProduct({ id: seller.id, role: 'seller' }, product)).toBe(true);
    expect(canEditProduct({ id: rival.id, role: 'seller' }, product)).toBe(false);
    expect(canEditProduct({ id: rival.id, role: 'customer' }, product)).toBe(false);
    expect(canEditProduct({ id: rival.id, role: 'admin' }, product)).toBe(true);
    // The rival's update changes nothing, even called directly.
    expect(await updateProduct(database.db, h.services.catalogChanges, id, rival.id, productInput({ title: 'Sequestrado', stock: 0 }), null)).toBe(false);
    expect((await getEditableProduct(database.db, id))?.title).toBe('Farol Quasarion Cromado');
    expect(await updateProduct(database.db, h.services.catalogChanges, id, seller.id, productInput({ stock: 3 }), null)).toBe(true);
    expect((await getEditableProduct(database.db, id))?.stock).toBe(3);
    expect((await listSellerProducts(database.db, seller.id)).map((p) => p.id)).toEqual([id]);
    expect(await listSellerProducts(database.db, rival.id)).toEqual([]);

    // Deleting the seller's account keeps the product in the catalog, owned by the store.
    expect(await anonymizeUser(database.db, h.services.catalogChanges, seller.id)).toBe(true);
    const [row] = await database.db.select({ sellerId: products.sellerId }).from(products).where(eq(products.id, id));
    expect(row?.sellerId).toBeNull();
  });

  it('account deletion removes the personal data and the export lists what is kept', async () => {
    const gil = await newUser('Gil Souza');
    await saveProfile(database.db, gil.id, person({ nome: 'Gil Souza' }));
    const data = await exportUserData(database.db, gil.id);
    expect(data).toMatchObject({ conta: { email: gil.email, nome: 'Gil Souza', papel: 'customer' }, cadastro: { cidade: 'Campinas' }, pedidos: [] });
    const [vehicle] = await database.db.select({ id: vehicles.id, firstYear: vehicles.yearFrom }).from(vehicles).limit(1);
    await setActiveVehicle(database.db, gil.id, { vehicleId: vehicle!.id, year: vehicle!.firstYear });
    expect(await listGarage(database.db, gil.id)).toHaveLength(1);
    expect(await anonymizeUser(database.db, h.services.catalogChanges, gil.id)).toBe(true);
    expect(await listGarage(database.db, gil.id)).toEqual([]);
    expect(await database.db.select().from(users).where(eq(users.id, gil.id))).toEqual([]);
    expect(await getProfile(database.db, gil.id)).toBeNull();
    expect(await exportUserData(database.db, gil.id)).toBeNull();
    expect(await anonymizeUser(database.db, h.services.catalogChanges, gil.id)).toBe(false);
  });

  it('npm run admin:create: promotes an existing account or creates one', async () => {
    const hugo = await newUser('Hugo Admin');
    expect(await makeAdmin(database.db, h.auth, hugo.email)).toEqual({ created: false, email: hugo.email });
    expect((await findUserByEmail(database.db, hugo.email))?.role).toBe('admin');
    const created = await makeAdmin(database.db, h.auth, 'Nova.Admin@Exemplo.test');
    expect(created).toMatchObject({ created: true, email: 'nova.admin@exemplo.test', password: expect.any(String) });
    const signIn = await h.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'nova.admin@exemplo.test', password: (created as { password: string }).password } });
    expect(signIn.status).toBe(200);
  });
});

describe('product photos (sharp)', () => {
  it('re-encodes JPEG/PNG/WebP to WebP at most 1200 px, without metadata', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#f6aa1c' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'segredo', Artist: 'Fulano' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const out = await processProductPhoto(jpeg);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const meta = await sharp(out.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(meta.exif).toBeUndefined();
    for (const fmt of ['png', 'webp'] as const) {
      const img = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#000' } })
        [fmt]()
        .toBuffer();
      const r = await processProductPhoto(img);
      expect(r.ok && r.width).toBe(300); // never enlarged
    }
  });

  it('refuses what is not a JPEG, PNG or WebP by its content, and files over 5 MB', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const bad of [Buffer.from('<script>alert(1)</script>'), gif, svg, Buffer.alloc(0)]) {
      expect(await processProductPhoto(bad)).toEqual({ ok: false, message: 'A foto deve ser uma imagem JPEG, PNG ou WebP.' });
    }
    expect(await processProductPhoto(Buffer.alloc(5 * 1024 * 1024 + 1))).toEqual({ ok: false, message: 'A foto deve ter no máximo 5 MB.' });
  });
});

describe('uploads route', () => {
  let database: TestDatabase;
  let h: AccountsHarness;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    h = accountsHarness(database);
  });
  afterAll(async () => {
    await database?.dispose();
    h?.cleanup();
  });

  it('serves stored photos as images and nothing else', async () => {
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const saved = await h.uploads.save('produtos', webp, 'webp');
    const ok = await h.request(saved.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/webp');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await ok.arrayBuffer()).equals(webp)).toBe(true);
    for (const bad of ['/uploads/produtos/..%2F..%2Fauth-secret', '/uploads/produtos/nao-existe.webp', `/uploads/outros/${saved.name}`, '/uploads/produtos/0123456789abcdef0123456789abcdef.webp']) {
      expect((await h.request(bad)).status, bad).toBe(404);
    }
  });
});
