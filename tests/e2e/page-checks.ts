// Shared by the page specs (parts-shopping-pages, seller-publishes-fitted-part): the two widths, the layout
// check (no sideways scroll, axe with no serious or critical violation), screenshots to $SHOTS_DIR, and the
// demo catalog's Gol 1.0.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './accounts-helpers.ts';

export const WIDTHS = [390, 1280] as const;

export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** No sideways scroll, and axe finds nothing serious or critical and no content outside landmarks. */
export async function checkLayout(page: Page, label: string) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, `${label}: scrollWidth ${scroll} > clientWidth ${client}`).toBeLessThanOrEqual(client);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'region');
  expect(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

export async function goldVehicleId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/vehicles?tipo=carros&marca=volkswagen&modelo=gol&ano=2015');
  const body = (await res.json()) as { options: { value: string; label: string }[] };
  return Number(body.options.find((o) => o.label.startsWith('1.0'))!.value);
}
