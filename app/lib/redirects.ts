// Where to send the shopper after signing in: only paths of this site (no "//evil.com", no "https://…").

export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 500) return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\') || /[\u0000-\u001f]/.test(to)) return fallback;
  // Never back to the account forms themselves.
  if (/^\/(login|registrar|sair)(\/|\?|$)/i.test(to)) return fallback;
  return to;
}

export function loginPath(redirectTo: string): string {
  const to = safeRedirect(redirectTo, '');
  return to ? `/Login?redirectTo=${encodeURIComponent(to)}` : '/Login';
}
