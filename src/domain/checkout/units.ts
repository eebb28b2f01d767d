// The order limit per product, in a module of its own: the product page's quantity picker reads it, and
// rules.ts (with the order's zod schemas) must not ride into that page's bundle.

/** Units of one product (after equal lines are merged) one order may take: keeps a single order from emptying the stock. */
export const MAX_UNITS_PER_PRODUCT = 100;
