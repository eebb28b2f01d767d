// Accounts tables. The first four (users, sessions, accounts, verifications) are Better Auth's, generated
// with `npx auth@1.7.7 generate` (timestamps switched to timestamptz, the role constrained); the rest are
// ours: shopper profiles (CPF etc.), delivery addresses, seller applications and the saved cart.
import { relations, sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from '../catalog/schema.ts';

const tz = { withTimezone: true } as const;

// ---------------------------------------------------------------------------------------- Better Auth

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** The full name ("Nome Completo"). */
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').default(false).notNull(),
    image: text('image'),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz)
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
    /** customer (everyone who signs up), seller (approved application) or admin (npm run admin:create). */
    role: text('role').default('customer').notNull(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('customer', 'seller', 'admin')`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz)
      .$onUpdate(() => new Date())
      .notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_userId_idx').on(t.userId)],
);

/** Sign-in methods of a user: the password ("credential") and each linked Google/Facebook identity. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', tz),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', tz),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz)
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index('accounts_userId_idx').on(t.userId)],
);

/** One-time values: password-reset tokens and OAuth states. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz)
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

// ---------------------------------------------------------------------------------------------- ours

/** "Cadastrar Cliente" / "Informações": the shopper's personal data. Digits only for cpf, phone and cep. */
export const customerProfiles = pgTable(
  'customer_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Contact e-mail of the form (the sign-in e-mail stays in users). */
    email: text('email').notNull(),
    cpf: text('cpf').notNull(),
    phone: text('phone').notNull(),
    street: text('street').notNull(),
    district: text('district').notNull(),
    city: text('city').notNull(),
    cep: text('cep').notNull(),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('customer_profiles_cpf_key').on(t.cpf),
    check('customer_profiles_cpf_digits', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check('customer_profiles_cep_digits', sql`${t.cep} ~ '^[0-9]{8}$'`),
  ],
);

/** "Cadastrar Vendedor": an application to sell, reviewed by an admin. Approval makes the user a seller. */
export const sellerApplications = pgTable(
  'seller_applications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    cpf: text('cpf').notNull(),
    phone: text('phone').notNull(),
    street: text('street').notNull(),
    district: text('district').notNull(),
    city: text('city').notNull(),
    cep: text('cep').notNull(),
    status: text('status').default('pending').notNull(),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    reviewedAt: timestamp('reviewed_at', tz),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('seller_applications_status_idx').on(t.status, t.createdAt),
    // One open application per user, and a CPF belongs to one seller (rejected ones do not count).
    uniqueIndex('seller_applications_one_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('seller_applications_cpf_key').on(t.cpf).where(sql`${t.status} <> 'rejected'`),
    check('seller_applications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('seller_applications_cpf_digits', sql`${t.cpf} ~ '^[0-9]{11}$'`),
  ],
);

/** "CriarFormulario": delivery addresses; the checkout prefills its step 2 from them. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    phone: text('phone').notNull(),
    cep: text('cep').notNull(),
    street: text('street').notNull(),
    number: text('number').notNull(),
    complement: text('complement').notNull().default(''),
    neighborhood: text('neighborhood').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [index('addresses_user_idx').on(t.userId), check('addresses_cep_digits', sql`${t.cep} ~ '^[0-9]{8}$'`), check('addresses_state_check', sql`${t.state} ~ '^[A-Z]{2}$'`)],
);

/** The cart kept for a signed-in shopper, so it follows them across devices (lines only, never prices). */
export const savedCartLines = pgTable(
  'saved_cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId, t.color, t.size] }), check('saved_cart_lines_quantity_check', sql`${t.quantity} between 1 and 999`)],
);
