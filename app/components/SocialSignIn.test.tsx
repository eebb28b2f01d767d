import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SocialSignIn } from './SocialSignIn.tsx';

describe('SocialSignIn', () => {
  it('says in the form that a provider without configuration is unavailable, and disables its button', () => {
    const html = renderToStaticMarkup(<SocialSignIn enabled={{ google: false, facebook: true }} redirectTo="/Checkout" />);
    expect(html).toContain('Login com Google indisponível no momento.');
    expect(html).not.toContain('Login com Facebook indisponível');
    expect(html).toMatch(/<button[^>]*value="google"[^>]*disabled=""/);
    expect(html).not.toMatch(/<button[^>]*value="facebook"[^>]*disabled=""/);
    expect(html).toContain('name="redirectTo" value="/Checkout"');
  });
});
