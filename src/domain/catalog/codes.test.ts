import { describe, expect, it } from 'vitest';
import { codeSearchKey, equivalentSentence, normalizeCode, parseCodeList } from './codes.ts';

describe('normalizeCode', () => {
  it('strips dashes, dots, slashes, spaces, accents and case', () => {
    expect(normalizeCode('MAG-710301A')).toBe('MAG710301A');
    expect(normalizeCode('mag 710.301/a')).toBe('MAG710301A');
    expect(normalizeCode('5U0 698 151 A')).toBe('5U0698151A');
    expect(normalizeCode('Fras-lé PD/580')).toBe('FRASLEPD580');
  });
});

describe('codeSearchKey', () => {
  it('recognizes part numbers written any way', () => {
    expect(codeSearchKey('MAG-710301A')).toBe('MAG710301A');
    expect(codeSearchKey('mag710301a')).toBe('MAG710301A');
    expect(codeSearchKey(' 710301 ')).toBe('710301');
    expect(codeSearchKey('5U0 698 151 A')).toBe('5U0698151A');
    expect(codeSearchKey('TRW GDB-1234')).toBe('TRWGDB1234');
  });
  it('leaves text searches, years and short codes to the text search', () => {
    expect(codeSearchKey('pastilha de freio')).toBeNull();
    expect(codeSearchKey('pastilha gol 2015')).toBeNull();
    expect(codeSearchKey('2015')).toBeNull();
    expect(codeSearchKey('H4')).toBeNull();
    expect(codeSearchKey('bateria 60ah')).toBeNull();
    expect(codeSearchKey("x' or 1=1 --")).toBeNull();
    expect(codeSearchKey('')).toBeNull();
  });
});

describe('parseCodeList / equivalentSentence', () => {
  it('splits on | and trims', () => {
    expect(parseCodeList(' Bosch 0986BB0123 |TRW  GDB1234|| Bosch 0986BB0123')).toEqual(['Bosch 0986BB0123', 'TRW GDB1234']);
  });
  it('says what the part is equivalent to', () => {
    expect(equivalentSentence(['Bosch 1', 'TRW 2'])).toBe('Equivalente a Bosch 1, TRW 2');
    expect(equivalentSentence([])).toBeNull();
  });
});
