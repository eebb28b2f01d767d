import { describe, expect, it } from 'vitest';
import { boletoDeadline, expiryWindowEnd, pixDeadline } from './expiry.ts';
import { isBankHoliday, nextBusinessDay } from '#src/platform/business-days.ts';

describe('payment deadlines', () => {
  it('groups deadlines in 10-second windows, each ending on its last instant', () => {
    expect(expiryWindowEnd(new Date('2026-11-23T14:30:00.000Z')).toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(expiryWindowEnd(new Date('2026-11-23T14:30:00.001Z')).toISOString()).toBe('2026-11-23T14:30:10.000Z');
    expect(expiryWindowEnd(new Date('2026-11-23T14:30:09.999Z')).toISOString()).toBe('2026-11-23T14:30:10.000Z');
  });

  it('expires a PIX the configured minutes after the order', () => {
    expect(pixDeadline(new Date('2026-11-23T14:00:00Z'), 30).toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(pixDeadline(new Date('2026-11-23T14:00:00Z'), 1).toISOString()).toBe('2026-11-23T14:01:00.000Z');
  });

  it('gives a boleto until the end (Brasília) of the first business day after its due date', () => {
    // Due Wednesday 25/11/2026 → payable all Thursday 26/11 → expires at 27/11 00:00 in Brasília (03:00 UTC).
    expect(boletoDeadline('2026-11-25').toISOString()).toBe('2026-11-27T03:00:00.000Z');
    // Due Friday 27/11 → Monday 30/11 is the last day.
    expect(boletoDeadline('2026-11-27').toISOString()).toBe('2026-12-01T03:00:00.000Z');
    // Due Thursday 24/12 → 25/12 is Christmas, then the weekend → Monday 28/12.
    expect(nextBusinessDay('2026-12-24')).toBe('2026-12-28');
  });

  it('knows the national bank holidays, Carnaval and Good Friday included', () => {
    expect(isBankHoliday('2026-11-20')).toBe(true);
    expect(isBankHoliday('2026-02-16')).toBe(true); // Carnaval Monday 2026
    expect(isBankHoliday('2026-02-17')).toBe(true);
    expect(isBankHoliday('2026-04-03')).toBe(true); // Good Friday 2026
    expect(isBankHoliday('2026-06-04')).toBe(true); // Corpus Christi 2026
    expect(isBankHoliday('2026-11-23')).toBe(false);
  });
});
