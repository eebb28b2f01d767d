import { describe, expect, it } from 'vitest';
import { buildAccessKey } from './access-key.ts';
import { buildNota, cfopFor } from './nota.ts';
import type { LineForNota, OrderForNota } from './nota.ts';
import { fiscalSettings } from './settings.ts';
import { notaXml, SANDBOX_LABEL } from './xml.ts';

const settings = fiscalSettings();
const order: OrderForNota = {
  number: '12345678',
  email: 'maria@example.com',
  customerName: 'Maria <da> Silva & Cia',
  customerCpf: '52998224725',
  customerPhone: '11987654321',
  street: 'Av. Rio Branco',
  streetNumber: '1',
  complement: null,
  neighborhood: 'Centro',
  city: 'Rio de Janeiro',
  state: 'RJ',
  cep: '20040002',
  paymentMethod: 'pix',
  shippingCents: 1590,
  couponDiscountCents: 0,
  paymentDiscountCents: 1000,
  totalCents: 10_590,
};
const line = (id: number, quantity: number, unitPriceCents: number): LineForNota => ({
  id,
  productId: id,
  title: `Peça ${id}`,
  color: null,
  size: null,
  quantity,
  unitPriceCents,
  lineTotalCents: quantity * unitPriceCents,
  refCode: `REF-${id}`,
  ncm: '87083090',
  cest: null,
  origem: 0,
  unit: 'UN',
});

describe('the nota', () => {
  it('uses the sale CFOP inside or outside the store state, and 1202/2202 for a return', () => {
    expect(cfopFor('sale', settings, 'SP')).toBe('5102');
    expect(cfopFor('sale', settings, 'rj')).toBe('6102');
    expect(cfopFor('return', settings, 'SP')).toBe('1202');
    expect(cfopFor('return', settings, 'RJ')).toBe('2202');
  });

  it('totals a sale to what the buyer paid: products + freight − discounts', () => {
    const nota = buildNota({ ref: 'pedido-12345678', kind: 'sale', order, lines: [line(1, 2, 3000), line(2, 1, 4000)], settings, issuedAt: new Date('2026-11-28T15:00:00Z') });
    expect(nota).toMatchObject({ finalidade: 1, productsCents: 10_000, freightCents: 1590, discountCents: 1000, totalCents: 10_590 });
    expect(nota.items.map((i) => [i.numero, i.cfop, i.totalCents])).toEqual([
      [1, '6102', 6000],
      [2, '6102', 4000],
    ]);
  });

  it('prorates freight and discounts on a return of part of the order, referencing the sale key', () => {
    const nota = buildNota({ ref: 'pedido-12345678-devolucao-1', kind: 'return', order, lines: [line(2, 1, 4000)], settings, issuedAt: new Date(), referencedKey: '3'.repeat(44) });
    expect(nota).toMatchObject({ finalidade: 4, productsCents: 4000, freightCents: 636, discountCents: 400, totalCents: 4236, referencedKey: '3'.repeat(44) });
    expect(nota.items[0]!.cfop).toBe('2202');
  });

  it('writes an NF-e 4.00 XML, labelled without fiscal value in homologação, with the text escaped', () => {
    const nota = buildNota({ ref: 'pedido-12345678', kind: 'sale', order, lines: [line(1, 2, 3000)], settings, issuedAt: new Date('2026-11-28T15:00:00Z') });
    const key = buildAccessKey({ uf: 'SP', issuedAt: { year: 2026, month: 11 }, cnpj: settings.cnpj, series: 1, number: 7, code: 1234 });
    const xml = notaXml(nota, { accessKey: key, number: 7, series: 1 });
    expect(xml).toContain(`<infNFe Id="NFe${key}" versao="4.00">`);
    expect(xml).toContain(`<!-- ${SANDBOX_LABEL} -->`);
    expect(xml).toContain('<tpAmb>2</tpAmb>');
    expect(xml).toContain('<dhEmi>2026-11-28T12:00:00-03:00</dhEmi>');
    expect(xml).toContain('<xNome>NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xNome>');
    expect(xml).toContain('<NCM>87083090</NCM><CFOP>6102</CFOP>');
    expect(xml).toContain('<CSOSN>102</CSOSN>');
    expect(xml).toContain(`<cDV>${key.slice(43)}</cDV>`);
    const production = notaXml({ ...nota, emitente: { ...settings, environment: 'producao' } }, { accessKey: key, number: 7, series: 1 });
    expect(production).toContain('<xNome>Maria &lt;da&gt; Silva &amp; Cia</xNome>');
    expect(production).not.toContain('SEM VALOR FISCAL');
  });
});
