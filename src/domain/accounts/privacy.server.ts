// LGPD: a shopper can download everything we keep about them, and delete their account. Deleting is an
// explicit flow across domains, in one transaction:
//   1. orders keep their fiscal records with the personal data removed (hook below, for the orders domain);
//   2. the catalog keeps the seller's products, owned by the store from now on;
//   3. the account and everything that hangs from it (sessions, sign-in methods, profile, addresses,
//      saved cart, seller applications) is deleted.
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '#src/db/client.server.ts';
import { detachSellerProducts, listSellerProducts } from '../catalog/admin.server.ts';
import { anonymizeOrdersOfUser as anonymizeOrders } from '../orders/orders.server.ts';
import { listOrdersForUser } from '../orders/read.server.ts';
import { deleteGarage } from '../fitment/repository.server.ts';
import type { CatalogChanges } from '../catalog/changes.server.ts';
import { deleteReviewsOfUser, exportReviewsOfUser } from '../reviews/privacy.server.ts';
import { listAddresses } from './addresses.server.ts';
import { getProfile } from './profiles.server.ts';
import { getSavedCart } from './saved-cart.server.ts';
import { favoriteCards } from '../favorites/favorites.server.ts';
import { deleteStockAlertsOf, stockAlertsOf } from '../favorites/stock-alerts.server.ts';
import { accounts, sellerApplications, sessions, users } from './schema.ts';

/** Orders keep their fiscal record (number, items, totals, dates) with the buyer's personal data removed. */
export async function anonymizeOrdersOfUser(tx: Tx, userId: string): Promise<void> {
  await anonymizeOrders(tx as unknown as Db, userId);
}

/** The shopper's orders, for the data download. */
export async function exportOrdersOfUser(db: Db, userId: string): Promise<unknown[]> {
  return listOrdersForUser(db, userId, 1000);
}

/** Everything we keep about a user, for "Baixar meus dados" (field names in pt-BR: the shopper reads them). */
export async function exportUserData(db: Db, userId: string) {
  const profile = await getProfile(db, userId);
  if (!profile) return null;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const [methods, sessionRows, applications, addressRows, cart, products, orders, favorites, alerts, written] = await Promise.all([
    db.select({ provedor: accounts.providerId, criadoEm: accounts.createdAt }).from(accounts).where(eq(accounts.userId, userId)),
    db
      .select({ criadaEm: sessions.createdAt, expiraEm: sessions.expiresAt, ip: sessions.ipAddress, navegador: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db.select().from(sellerApplications).where(eq(sellerApplications.userId, userId)).orderBy(desc(sellerApplications.createdAt)),
    listAddresses(db, userId),
    getSavedCart(db, userId),
    listSellerProducts(db, userId),
    exportOrdersOfUser(db, userId),
    favoriteCards(db, userId),
    stockAlertsOf(db, user!.email),
    exportReviewsOfUser(db, userId),
  ]);
  return {
    geradoEm: new Date().toISOString(),
    conta: {
      id: user!.id,
      nome: user!.name,
      email: user!.email,
      emailVerificado: user!.emailVerified,
      papel: user!.role,
      criadaEm: user!.createdAt,
      formasDeEntrar: methods.map((m) => ({ provedor: m.provedor === 'credential' ? 'e-mail e senha' : m.provedor, criadoEm: m.criadoEm })),
    },
    cadastro: profile.details
      ? {
          email: profile.details.email,
          cpf: profile.details.cpf,
          celular: profile.details.phone,
          endereco: profile.details.street,
          bairro: profile.details.district,
          cidade: profile.details.city,
          cep: profile.details.cep,
          atualizadoEm: profile.details.updatedAt,
        }
      : null,
    enderecos: addressRows.map((a) => ({
      nome: a.recipient,
      celular: a.phone,
      cep: a.cep,
      rua: a.street,
      numero: a.number,
      complemento: a.complement,
      bairro: a.neighborhood,
      cidade: a.city,
      estado: a.state,
      principal: a.isDefault,
    })),
    favoritos: favorites.map((p) => ({ produtoId: p.id, titulo: p.title })),
    avisosDeEstoque: alerts.map((a) => ({ ...a, cor: a.cor || null, tamanho: a.tamanho || null })),
    carrinhoSalvo: cart.map((l) => ({ produtoId: l.productId, titulo: l.title, cor: l.color || null, tamanho: l.size || null, quantidade: l.quantity })),
    pedidosParaVender: applications.map((a) => ({
      nome: a.name,
      email: a.email,
      cpf: a.cpf,
      celular: a.phone,
      endereco: a.street,
      bairro: a.district,
      cidade: a.city,
      cep: a.cep,
      situacao: a.status,
      enviadoEm: a.createdAt,
      analisadoEm: a.reviewedAt,
    })),
    produtosCadastrados: products.map((p) => ({ id: p.id, titulo: p.title, criadoEm: p.createdAt })),
    sessoes: sessionRows,
    pedidos: orders,
    avaliacoes: written.avaliacoes,
    perguntas: written.perguntas,
  };
}

/** Deletes the account and its personal data; orders stay for fiscal records, anonymized. */
export async function anonymizeUser(db: Db, changes: CatalogChanges | null, userId: string): Promise<boolean> {
  const rated = await db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!exists) return null;
    await deleteStockAlertsOf(tx, exists.email);
    await anonymizeOrdersOfUser(tx, userId);
    await detachSellerProducts(tx, userId);
    await deleteGarage(tx as unknown as Db, userId);
    // Their reviews and questions go; the ratings they counted in are recounted.
    const changed = await deleteReviewsOfUser(tx, userId);
    // Cascades to sessions, accounts, customer_profiles, addresses, saved_cart_lines, favorites, seller_applications;
    // applications this user reviewed as an admin keep the decision with reviewed_by set to null.
    await tx.delete(users).where(eq(users.id, userId));
    return changed;
  });
  if (rated === null) return false;
  if (rated.length > 0) await changes?.announce(rated);
  return true;
}
