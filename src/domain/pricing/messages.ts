// Shopper-facing texts of the pricing rules (spec §5, §8), importable by pages without server code.
export const COUPON_INVALID_MESSAGE = 'Código de desconto incorreto!';
