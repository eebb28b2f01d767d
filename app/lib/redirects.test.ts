import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './redirects.ts';

describe('safeRedirect', () => {
  it('keeps paths of this site', () => {
    expect(safeRedirect('/Checkout')).toBe('/Checkout');
    expect(safeRedirect('/ProductList?q=farol&pagina=2')).toBe('/ProductList?q=farol&pagina=2');
  });
  it('refuses other sites, odd values and the sign-in pages themselves', () => {
    for (const bad of ['//evil.com', '/\\evil.com', 'https://evil.com', 'javascript:alert(1)', '', null, 42, '/Login', '/registrar?x=1', `/${'a'.repeat(600)}`, '/a\nb']) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
  it('builds the sign-in link that comes back', () => {
    expect(loginPath('/CriarProduto')).toBe('/Login?redirectTo=%2FCriarProduto');
    expect(loginPath('//evil.com')).toBe('/Login');
  });
});
