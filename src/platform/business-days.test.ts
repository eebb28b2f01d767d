import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBankHoliday, isBusinessDay, nextBusinessDay } from './business-days.ts';

describe('business days (date-holidays, BR)', () => {
  it('skips the national holidays: Tiradentes, Natal, Consciência Negra, Good Friday', () => {
    expect(isBankHoliday('2026-04-21')).toBe(true); // Tiradentes, a Tuesday
    expect(isBankHoliday('2027-12-25')).toBe(true); // Natal
    expect(isBankHoliday('2026-11-20')).toBe(true); // Consciência Negra, national since 2024
    expect(isBankHoliday('2027-03-26')).toBe(true); // Good Friday 2027
    expect(nextBusinessDay('2026-04-20')).toBe('2026-04-22');
    expect(isBusinessDay('2026-04-22')).toBe(true);
  });

  it('counts Carnaval Monday and Tuesday and Corpus Christi (banks close), not Ash Wednesday or Easter-only observances', () => {
    expect(isBankHoliday('2027-02-08')).toBe(true); // Carnaval Monday 2027
    expect(isBankHoliday('2027-02-09')).toBe(true); // Carnaval Tuesday 2027
    expect(isBankHoliday('2027-05-27')).toBe(true); // Corpus Christi 2027
    expect(isBankHoliday('2027-02-10')).toBe(false); // Ash Wednesday: banks open at 12:00
    expect(isBusinessDay('2027-02-10')).toBe(true);
    expect(isBankHoliday('2026-12-24')).toBe(false); // Christmas Eve: an optional afternoon
    // Friday before Carnaval + 1 business day → Ash Wednesday.
    expect(addBusinessDays('2027-02-05', 1)).toBe('2027-02-10');
  });

  it("adds a state's own holidays when given its UF, and only then", () => {
    expect(isBankHoliday('2026-07-09', 'SP')).toBe(true); // Revolução Constitucionalista, a Thursday
    expect(isBankHoliday('2026-07-09')).toBe(false);
    expect(isBankHoliday('2026-07-09', 'RJ')).toBe(false);
    expect(isBankHoliday('2026-04-23', 'rj')).toBe(true); // Dia de São Jorge in Rio de Janeiro
    expect(nextBusinessDay('2026-07-08', 'SP')).toBe('2026-07-10');
    expect(nextBusinessDay('2026-07-08')).toBe('2026-07-09');
    // An unknown UF keeps the national calendar.
    expect(isBankHoliday('2026-04-21', 'XX')).toBe(true);
  });

  it('walks over weekends and year ends', () => {
    expect(nextBusinessDay('2026-12-31')).toBe('2027-01-04'); // 1/1 holiday, then the weekend
    expect(addBusinessDays('2026-11-27', 3)).toBe('2026-12-02');
    expect(addBusinessDays('2026-11-27', 0)).toBe('2026-11-27');
  });
});
