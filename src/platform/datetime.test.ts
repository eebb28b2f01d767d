import { describe, expect, it } from 'vitest';
import { brasiliaDay, formatDate, formatDateTime, formatTime } from './datetime.ts';

describe('Brasília time', () => {
  // 23:30 in Brasília on 23/11/2026 is 02:30 UTC on the 24th.
  const late = new Date('2026-11-24T02:30:00Z');
  it('shows the Brasília date and time whatever the process time zone', () => {
    expect(formatDate(late)).toBe('23/11/2026');
    expect(formatTime(late)).toBe('23:30');
    expect(formatDateTime(late)).toBe('23/11/2026 23:30');
    expect(brasiliaDay(late)).toBe('2026-11-23');
  });
  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatTime('2026-11-23T14:03:00Z')).toBe('11:03');
    expect(formatDate(late.getTime())).toBe('23/11/2026');
  });
});
