// Addresses the JSON API hands to other front ends: our own paths (/art/…, /uploads/…) made absolute from
// PUBLIC_URL, so a page on another origin loads them from the shop. Addresses that are already absolute, and
// anything that is not a path of ours, pass unchanged. The shop's own pages keep relative paths.
export function absoluteUrl(publicUrl: string, url: string): string {
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return url;
  return new URL(url, publicUrl).href;
}

/** An image-like object (`{ url, … }`) with its url made absolute; null stays null. */
export function withAbsoluteUrl<T extends { url: string }>(publicUrl: string, image: T | null): T | null {
  return image ? { ...image, url: absoluteUrl(publicUrl, image.url) } : null;
}
