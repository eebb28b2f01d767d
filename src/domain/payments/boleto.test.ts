import { getBoletoInfo } from '@brazilian-utils/brazilian-utils/get-boleto-info';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils/is-valid-boleto';
import { describe, expect, it } from 'vitest';
import { buildBoleto, dueFactor } from './boleto.ts';
import { createSandboxProvider } from './provider.ts';

const pix = { key: 'pix@olimpopecas.com.br', merchantName: 'OLIMPO PECAS', merchantCity: 'SAO PAULO' };

describe('boleto due date', () => {
  it('encodes the calendar day it is given', () => {
    expect(dueFactor('2025-02-22')).toBe('1000');
    expect(dueFactor('2026-11-28')).toBe(String(1000 + 644));
    const { line } = buildBoleto({ bankCode: '999', amountCents: 12345, dueDay: '2026-11-28', freeField: '1'.padStart(25, '0') });
    expect(isValidBoleto(line)).toBe(true);
    expect(getBoletoInfo(line)?.expirationDate?.toISOString().slice(0, 10)).toBe('2026-11-28');
  });

  it('refuses a due day that is not YYYY-MM-DD', () => {
    expect(() => dueFactor('28/11/2026')).toThrow();
  });

  // At 22:30 in Brasília (01:30 UTC the next day) the sandbox's boleto is due three Brasília days later, and
  // the linha digitável carries that same day: it carried the UTC day, one day later, until 2026-11-26.
  it.each([
    ['late evening in Brasília', '2026-11-26T01:30:00Z', '2026-11-28'],
    ['mid-day in Brasília', '2026-11-25T15:00:00Z', '2026-11-28'],
    ['just after midnight in Brasília', '2026-11-26T03:05:00Z', '2026-11-29'],
  ])('shows and encodes one due day (%s)', async (_when, now, day) => {
    const result = await createSandboxProvider({ pix }).charge({ orderNumber: '12345678', amountCents: 7189, method: 'boleto', installments: 1, now: new Date(now) });
    if (result.status !== 'pending' || !result.boleto) throw new Error(`unexpected ${result.status}`);
    expect(result.boleto.dueDate).toBe(day);
    expect(getBoletoInfo(result.boleto.line)?.expirationDate?.toISOString().slice(0, 10)).toBe(day);
  });
});
