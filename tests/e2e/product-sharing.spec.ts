// A product shared on WhatsApp shows its photo: og:image names a PNG (previewers show no SVG) that the store serves.
import { expect, test } from '@playwright/test';

test('a página do produto anuncia uma imagem PNG para a pré-visualização do link', async ({ page, request }) => {
  await page.goto('/ProductView/869');
  const og = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(og).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/art\/calcados\/[a-z]+\/0\.png$/);
  const res = await request.get(new URL(og!).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
});
