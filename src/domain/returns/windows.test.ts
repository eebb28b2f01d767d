import { describe, expect, it } from 'vitest';
import { addDays, lastDayToAsk, openReasons, RETURN_WINDOW_DAYS, withinWindow } from './windows.ts';

// Brasília is UTC−3 (no daylight saving since 2019).
const at = (iso: string) => new Date(iso);

describe('return windows', () => {
  it('gives 7 days for withdrawal and 30 for a defect or a footwear exchange', () => {
    expect(RETURN_WINDOW_DAYS).toEqual({ withdrawal: 7, defect: 30, exchange: 30 });
  });

  it('counts the withdrawal from the Brasília day of delivery, excluding it, up to the end of the 7th day', () => {
    const delivered = at('2026-11-02T15:00:00-03:00');
    expect(lastDayToAsk(delivered, 'withdrawal')).toBe('2026-11-09');
    expect(withinWindow(delivered, 'withdrawal', at('2026-11-09T23:59:59-03:00'))).toBe(true);
    expect(withinWindow(delivered, 'withdrawal', at('2026-11-10T00:00:00-03:00'))).toBe(false);
  });

  it('uses the Brasília day of a delivery recorded late in the evening, not the UTC one', () => {
    // 22:30 in Brasília on the 2nd is already the 3rd in UTC.
    const delivered = at('2026-11-03T01:30:00Z');
    expect(lastDayToAsk(delivered, 'withdrawal')).toBe('2026-11-09');
    // 23:30 in Brasília on the 9th (02:30 UTC on the 10th) is still inside.
    expect(withinWindow(delivered, 'withdrawal', at('2026-11-10T02:30:00Z'))).toBe(true);
    expect(withinWindow(delivered, 'withdrawal', at('2026-11-10T03:00:00Z'))).toBe(false);
  });

  it('keeps the defect window open after the withdrawal one closes, across a month end', () => {
    const delivered = at('2026-01-20T10:00:00-03:00');
    expect(lastDayToAsk(delivered, 'defect')).toBe('2026-02-19');
    const day10 = at('2026-01-30T12:00:00-03:00');
    expect(withinWindow(delivered, 'withdrawal', day10)).toBe(false);
    expect(withinWindow(delivered, 'defect', day10)).toBe(true);
    expect(withinWindow(delivered, 'defect', at('2026-02-20T00:00:00-03:00'))).toBe(false);
  });

  it('offers no reason before delivery and the exchange only for footwear', () => {
    const now = at('2026-11-04T12:00:00-03:00');
    expect(openReasons(null, now, { hasFootwear: true })).toEqual([]);
    const delivered = at('2026-11-02T12:00:00-03:00');
    expect(openReasons(delivered, now, { hasFootwear: false })).toEqual(['withdrawal', 'defect']);
    expect(openReasons(delivered, now, { hasFootwear: true })).toEqual(['withdrawal', 'defect', 'exchange']);
    expect(openReasons(delivered, at('2026-12-03T12:00:00-03:00'), { hasFootwear: true })).toEqual([]);
  });

  it('adds days over a leap day', () => {
    expect(addDays('2028-02-25', 7)).toBe('2028-03-03');
  });
});

describe('the policy page and the windows', () => {
  it('states the windows the flow applies', async () => {
    const { CONTENT_PAGES } = await import('../content/pages.ts');
    const page = CONTENT_PAGES.find((p) => p.path === '/trocas-e-devolucoes')!;
    const text = page.sections.flatMap((s) => s.paragraphs).join(' ');
    expect(page.sections[0]!.heading).toBe(`Arrependimento: ${RETURN_WINDOW_DAYS.withdrawal} dias para desistir`);
    expect(text).toContain(`em até ${RETURN_WINDOW_DAYS.withdrawal} dias corridos`);
    expect(text).toContain(`trocados por outro tamanho ou cor, uma vez, em até ${RETURN_WINDOW_DAYS.exchange} dias`);
    expect(text).toContain(`nos primeiros ${RETURN_WINDOW_DAYS.defect} dias do recebimento`);
  });
});
