import { createStaticPix, hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { brCodeCrc, pixCode } from './pix.ts';

const store = { key: 'pix@olimpopecas.com.br', merchantName: 'Olimpo Peças', merchantCity: 'São Paulo' };

/** The code pix-utils builds for the same order (what the store sent before writing its own). */
function reference(config: typeof store, amountCents: number, orderNumber: string): string {
  const pix = createStaticPix({
    merchantName: config.merchantName.slice(0, 25),
    merchantCity: config.merchantCity.slice(0, 15),
    pixKey: config.key,
    infoAdicional: `Pedido ${orderNumber}`,
    txid: `OLIMPO${orderNumber}`,
    transactionAmount: amountCents / 100,
  });
  if (hasError(pix)) throw new Error(pix.message);
  return pix.toBRCode();
}

describe('PIX BR Code', () => {
  it('is byte for byte the code pix-utils builds, for amounts, order numbers, keys, names and cities', () => {
    const configs = [
      store,
      { key: '12345678909', merchantName: 'Autopeças Olimpo Comércio de Peças Ltda', merchantCity: 'Florianópolis do Sul' },
      { key: '+5511987654321', merchantName: 'Ótica Ângela', merchantCity: 'Jaú' },
      { key: '123e4567-e89b-12d3-a456-426614174000', merchantName: 'OLIMPO', merchantCity: 'Rio' },
    ];
    const amounts = [1, 9, 10, 99, 100, 101, 71990, 123456, 99999999, 0];
    let n = 0;
    for (const config of configs) {
      for (const cents of amounts) {
        const number = String(20260000 + n++);
        expect(pixCode(config, cents, number), `${config.key} ${cents}`).toBe(reference(config, cents, number));
      }
    }
  });

  it('parses back to the amount, key, txid and message', () => {
    const code = pixCode(store, 123456, '2026000123');
    const pix = parsePix(code);
    expect(hasError(pix)).toBe(false);
    if (hasError(pix) || pix.type !== 'STATIC') throw new Error('não é um PIX estático');
    expect(pix.transactionAmount).toBe(1234.56);
    expect(pix.pixKey).toBe('pix@olimpopecas.com.br');
    expect(pix.txid).toBe('OLIMPO2026000123');
    expect(pix.infoAdicional).toBe('Pedido 2026000123');
    expect(pix.merchantName).toBe('OLIMPO PECAS');
    expect(pix.merchantCity).toBe('SAO PAULO');
  });

  it('closes with the CRC16-CCITT of everything before it', () => {
    // The check value of CRC-16/CCITT-FALSE for "123456789".
    expect(brCodeCrc('123456789')).toBe('29B1');
    const code = pixCode(store, 500, '1');
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(brCodeCrc(code.slice(0, -4)));
  });

  it('refuses what no bank would read', () => {
    expect(() => pixCode(store, 100, '1'.repeat(20))).toThrow(/txid/);
    expect(() => pixCode({ ...store, merchantCity: ' ' }, 100, '1')).toThrow(/cidade/);
    expect(() => pixCode(store, 1.5, '1')).toThrow(/valor/);
  });
});
