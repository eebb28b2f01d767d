// The open OlimpIA panel leaves the header usable: it never covers the cart icon or the account menu,
// its own header (title and close button) stays on screen, and nothing scrolls sideways.
import { expect, test } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

for (const [width, height] of [
  [1280, 800],
  [390, 844],
  [360, 640],
] as const) {
  test(`a ${width}×${height} o painel aberto da OlimpIA não cobre o cabeçalho`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: /Abrir chat com a OlimpIA/ }).click();
    const panel = page.getByRole('dialog', { name: 'OlimpIA' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Fechar chat' })).toBeInViewport({ ratio: 1 });
    const box = (await panel.boundingBox())!;
    const header = (await page.getByRole('banner').first().boundingBox())!;
    expect(box.y, 'o painel começa abaixo do cabeçalho').toBeGreaterThanOrEqual(header.y + header.height);
    for (const target of [
      page
        .getByRole('banner')
        .first()
        .getByRole('link', { name: /Carrinho/ }),
      page.getByRole('banner').first().getByRole('link', { name: 'Entrar' }),
    ]) {
      const t = (await target.boundingBox())!;
      const overlaps = t.x < box.x + box.width && box.x < t.x + t.width && t.y < box.y + box.height && box.y < t.y + t.height;
      expect(overlaps).toBe(false);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
