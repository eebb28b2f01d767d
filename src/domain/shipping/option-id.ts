// The shipping option's id as requests carry it, in a module of its own: options.ts is read by the cart's and
// the order's pages in the browser, and a zod schema there would bring zod into every storefront page's bundle.
import { z } from 'zod';

/** A shipping option's id as the browser sends it ("standard", "express", "pickup", "me-1"). */
export const shippingOptionId = z
  .string({ error: 'Forma de envio inválida.' })
  .regex(/^[a-z0-9-]{1,40}$/, 'Forma de envio inválida.')
  .describe('Id de uma forma de envio oferecida pela cotação (POST /api/cart/quote, shipping.options[].id): standard, express, pickup, me-1…');
