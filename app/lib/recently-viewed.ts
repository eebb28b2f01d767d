// "Vistos recentemente": the product ids this browser opened, newest first, in localStorage. Only ids are
// kept; the cards shown come from the server (current prices) after the page has loaded.
export const RECENTLY_VIEWED_KEY = 'vistosRecentemente';
export const RECENTLY_VIEWED_LIMIT = 12;

export function readRecentlyViewed(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647).slice(0, RECENTLY_VIEWED_LIMIT) : [];
  } catch {
    return [];
  }
}

export function noteViewed(id: number): void {
  try {
    const ids = [id, ...readRecentlyViewed().filter((x) => x !== id)].slice(0, RECENTLY_VIEWED_LIMIT);
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or blocked: the list is a convenience.
  }
}
