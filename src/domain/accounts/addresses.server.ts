// Delivery addresses ("CriarFormulario"). The checkout's step 2 starts from listAddresses (default first).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client.server.ts';
import { addresses } from './schema.ts';
import type { AddressInput } from './validation.ts';

export const MAX_ADDRESSES = 20;

/** The shape the checkout fills its address step with (spec §3 address + who receives it). */
export interface Address {
  id: number;
  recipient: string;
  phone: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  isDefault: boolean;
}

const columns = {
  id: addresses.id,
  recipient: addresses.recipient,
  phone: addresses.phone,
  cep: addresses.cep,
  street: addresses.street,
  number: addresses.number,
  complement: addresses.complement,
  neighborhood: addresses.neighborhood,
  city: addresses.city,
  state: addresses.state,
  isDefault: addresses.isDefault,
};

/** The shopper's addresses, the default one first, then the newest. */
export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  return db.select(columns).from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id));
}

export type AddAddressResult = { ok: true; address: Address } | { ok: false; message: string };

/** Adds an address; the first one (or one asked to be) becomes the default. */
export async function addAddress(db: Db, userId: string, input: AddressInput, opts: { makeDefault?: boolean } = {}): Promise<AddAddressResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(addresses).where(eq(addresses.userId, userId));
    if (n >= MAX_ADDRESSES) return { ok: false, message: `Você pode guardar até ${MAX_ADDRESSES} endereços. Apague um para incluir outro.` };
    const isDefault = n === 0 || opts.makeDefault === true;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    const [address] = await tx
      .insert(addresses)
      .values({
        userId,
        recipient: input.nome,
        phone: input.celular,
        cep: input.cep,
        street: input.rua,
        number: input.numero,
        complement: input.complemento,
        neighborhood: input.bairro,
        city: input.cidade,
        state: input.estado,
        isDefault,
      })
      .returning(columns);
    return { ok: true, address: address! };
  });
}

/** Deletes one of the shopper's own addresses (another account's id deletes nothing). */
export async function deleteAddress(db: Db, userId: string, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false; // beyond an integer id: none
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (gone?.isDefault) {
      const [next] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.createdAt)).limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return gone !== undefined;
  });
}
