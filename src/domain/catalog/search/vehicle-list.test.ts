import { describe, expect, it } from 'vitest';
import { pageParts } from './vehicle-list.server.ts';

describe("the garage list's page parts", () => {
  it('reads only the vehicle’s own parts while the page is inside them', () => {
    expect(pageParts(0, 24, 100, 500, true)).toEqual({ aOffset: 0, aLimit: 24, bOffset: 0, bLimit: 0 });
    expect(pageParts(72, 24, 100, 500, true)).toEqual({ aOffset: 72, aLimit: 24, bOffset: 0, bLimit: 0 });
  });

  it('splits the page where the vehicle’s own parts end, and continues with the universal ones', () => {
    expect(pageParts(96, 24, 100, 500, true)).toEqual({ aOffset: 96, aLimit: 4, bOffset: 0, bLimit: 20 });
    expect(pageParts(120, 24, 100, 500, true)).toEqual({ aOffset: 100, aLimit: 0, bOffset: 20, bLimit: 24 });
  });

  it('never asks past the end of the list', () => {
    expect(pageParts(576, 24, 100, 500, true)).toEqual({ aOffset: 100, aLimit: 0, bOffset: 476, bLimit: 24 });
    expect(pageParts(590, 24, 100, 500, true)).toEqual({ aOffset: 100, aLimit: 0, bOffset: 490, bLimit: 10 });
    expect(pageParts(600, 24, 100, 500, true)).toEqual({ aOffset: 100, aLimit: 0, bOffset: 500, bLimit: 0 });
    expect(pageParts(0, 24, 5, 0, true)).toEqual({ aOffset: 0, aLimit: 5, bOffset: 0, bLimit: 0 });
  });

  it('reads one part in the list’s order when it is not split (any sort but relevance)', () => {
    expect(pageParts(48, 24, 100, 500, false)).toEqual({ aOffset: 48, aLimit: 24, bOffset: 0, bLimit: 0 });
    expect(pageParts(590, 24, 100, 500, false)).toEqual({ aOffset: 590, aLimit: 10, bOffset: 0, bLimit: 0 });
    expect(pageParts(600, 24, 100, 500, false).aLimit).toBe(0);
  });
});
