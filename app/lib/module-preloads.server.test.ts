import { describe, expect, it } from 'vitest';
import { withoutModulePreloads } from './module-preloads.server.ts';

const page = (head: string, body = '<p>Olá</p>') => Buffer.from(`<!DOCTYPE html><html><head><meta charSet="utf-8"/>${head}</head><body>${body}</body></html>`, 'utf8');

describe('withoutModulePreloads', () => {
  it('drops every modulepreload link in <head> and keeps everything else byte for byte', () => {
    const head = '<style>a{content:"ç"}</style><link rel="modulepreload" href="/assets/shell-1.js"/><title>Peças</title><link rel="modulepreload" href="/assets/home-2.js"/>';
    expect(withoutModulePreloads(page(head)).toString('utf8')).toBe(page('<style>a{content:"ç"}</style><title>Peças</title>').toString('utf8'));
  });

  it('leaves links after </head> alone', () => {
    const body = '<link rel="modulepreload" href="/assets/late.js"/>';
    const input = page('<title>Peças</title>', body);
    expect(withoutModulePreloads(input)).toBe(input);
  });

  it('returns the page itself when there is nothing to drop or no head', () => {
    const plain = page('<title>Peças</title>');
    expect(withoutModulePreloads(plain)).toBe(plain);
    const fragment = Buffer.from('<p>sem cabeçalho</p>');
    expect(withoutModulePreloads(fragment)).toBe(fragment);
  });
});
