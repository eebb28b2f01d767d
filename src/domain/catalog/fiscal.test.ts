import { describe, expect, it } from 'vitest';
import { defaultFiscal, fiscalFields, formatNcm, parseFiscal } from './fiscal.ts';

describe('product fiscal data', () => {
  it('defaults each category to a plausible NCM and unit, narrowed by the kind of part', () => {
    expect(defaultFiscal('freios')).toMatchObject({ ncm: '87083090', unit: 'UN', origem: 0 });
    expect(defaultFiscal('filtros', 'Filtro de Ar')).toMatchObject({ ncm: '84213100' });
    expect(defaultFiscal('eletrica', 'Bobina de Ignição')).toMatchObject({ ncm: '85113020' });
    expect(defaultFiscal('baterias').ncm.startsWith('8507')).toBe(true);
    expect(defaultFiscal('iluminacao').ncm.startsWith('8512')).toBe(true);
    expect(defaultFiscal('calcados')).toMatchObject({ ncm: '64039990', unit: 'PAR' });
    expect(defaultFiscal('calcados', 'Tênis de Corrida').ncm).toBe('64041900');
  });

  it('reads the NCM with or without dots, and refuses one that is not 8 digits', () => {
    expect(parseFiscal({ ncm: '8708.30.90', origem: '0', cest: '', unidade: 'un' }, 'freios')).toEqual({ ok: true, value: { ncm: '87083090', origem: 0, cest: null, unit: 'UN' } });
    expect(parseFiscal({ ncm: '8708309' }, 'freios')).toMatchObject({ ok: false, errors: { ncm: expect.stringMatching(/8 dígitos/) } });
    expect(parseFiscal({ ncm: '87083090', origem: '9' }, 'freios')).toMatchObject({ ok: false, errors: { origem: expect.any(String) } });
    expect(parseFiscal({ ncm: '87083090', cest: '01.075.00' }, 'freios')).toMatchObject({ ok: true, value: { cest: '0107500' } });
    expect(parseFiscal({ ncm: '87083090', unidade: 'CX' }, 'freios')).toMatchObject({ ok: false, errors: { unidade: expect.any(String) } });
  });

  it('leaves all-blank fields uninformed, and fills a blank NCM from the category', () => {
    expect(parseFiscal({ ncm: '', origem: '', cest: '', unidade: '' }, 'freios')).toEqual({ ok: true, value: null });
    expect(parseFiscal({ origem: '1' }, 'calcados')).toEqual({ ok: true, value: { ncm: '64039990', origem: 1, cest: null, unit: 'PAR' } });
  });

  it('writes the fields back as typed in the form and the spreadsheet', () => {
    expect(formatNcm('85071010')).toBe('8507.10.10');
    expect(fiscalFields({ ncm: '85071010', origem: 2, cest: null, unit: 'UN' })).toEqual({ ncm: '8507.10.10', origem: '2', cest: '', unidade: 'UN' });
  });
});
