// Catalog stock thresholds the back office shares.

/** Products with this many units or fewer count as low stock (back-office filter and dashboard). */
export const LOW_STOCK_THRESHOLD = 5;
