// Whether an address is served over TLS, decided by its parsed scheme: `HTTPS://loja…` is https too, and a
// string comparison (`startsWith('https://')`) once let such a PUBLIC_URL skip every production check.
export function isHttpsUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
