import { describe, expect, it } from 'vitest';
import { editDistance } from '#src/platform/edit-distance.ts';
import { closestWord } from './typos.ts';

describe('editDistance', () => {
  it('counts a swap of neighbours as one typo', () => {
    expect(editDistance('frieo', 'freio')).toBe(1);
    expect(editDistance('amortecdor', 'amortecedor')).toBe(1);
    expect(editDistance('farol', 'farol')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('closestWord', () => {
  it('corrects within the allowed typos only', () => {
    expect(closestWord('frieo', ['freio', 'frete', 'filtro'])).toBe('freio');
    expect(closestWord('pastlha', ['pastilha', 'pasta'])).toBe('pastilha');
    expect(closestWord('xkcdqwerty', ['freio'])).toBeNull();
    expect(closestWord('gl', ['gol'])).toBeNull();
  });
});
