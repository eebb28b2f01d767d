import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { waitForHydration } from './helpers.ts';

for (const path of ['/', '/ProductList?q=farol', '/ProductView/1', '/AcompanharPedido']) {
  test(`axe: nenhuma violação séria ou crítica em ${path}`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    if (bad.length) {
      console.log(
        `Violações em ${path}:\n` +
          bad.map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} :: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`).join('\n'),
      );
    }
    expect(bad.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
  });
}
