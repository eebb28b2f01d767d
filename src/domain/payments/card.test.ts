import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, checkCard, cvvLength, formatCvv } from './card.ts';

const amex = { number: '3782 822463 10005', name: 'MARIA DA SILVA', expiry: '12/30' };
const visa = { number: '4111 1111 1111 1111', name: 'MARIA DA SILVA', expiry: '12/30' };

describe('card security code', () => {
  it('takes the four digits an American Express card has', () => {
    expect(checkCard({ ...amex, cvv: '1234' })).toMatchObject({ ok: true, brand: 'American Express', last4: '0005' });
  });
  it('refuses three digits on American Express and four on other brands', () => {
    expect(checkCard({ ...amex, cvv: '123' })).toEqual({ ok: false, message: CARD_MESSAGES.cvv });
    expect(checkCard({ ...visa, cvv: '1234' })).toEqual({ ok: false, message: CARD_MESSAGES.cvv });
    expect(checkCard({ ...visa, cvv: '123' })).toMatchObject({ ok: true, brand: 'Visa' });
  });
  it('lets the field hold as many digits as the brand typed so far uses', () => {
    expect(cvvLength(amex.number)).toBe(4);
    expect(cvvLength(visa.number)).toBe(3);
    expect(cvvLength('')).toBe(3);
    expect(formatCvv('12a345', amex.number)).toBe('1234');
    expect(formatCvv('12345', visa.number)).toBe('123');
  });
});
