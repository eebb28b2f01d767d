// The database schema, one section per domain. Each domain owns its tables; others read them through the
// domain's functions, not directly.
export * from '../domain/catalog/schema.ts';
export * from '../domain/pricing/schema.ts';
export * from '../domain/accounts/schema.ts';
export * from '../platform/rate-limit.schema.ts';
export * from '../domain/orders/schema.ts';
export * from '../domain/payments/schema.ts';
export * from '../domain/returns/schema.ts';
export * from '../domain/fitment/schema.ts';
export * from '../domain/admin/schema.ts';
export * from '../domain/favorites/schema.ts';
export * from '../domain/reviews/schema.ts';
export * from '../domain/invoicing/schema.ts';
export * from '../domain/shipping/schema.ts';
