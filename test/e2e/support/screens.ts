import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const SCREENSHOTS = join(process.cwd(), 'docs', 'screenshots');

/** Shows the app in the system's light or dark scheme (the default theme follows the system). */
export async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  const shell = page.locator('.shell');
  if (scheme === 'dark') await expect(shell).toHaveClass(/shell--dark/);
  else await expect(shell).not.toHaveClass(/shell--dark/);
}

/**
 * Runs axe on the page as it is now, in the light and the dark theme, and fails on any serious or
 * critical violation, listing each with the elements it concerns.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // The component library fades colours over 0.3 s when the theme changes: axe must see the end
  // state, not a blend of the two themes.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((node) => node.target.join(' ')).slice(0, 5).join('\n  ')}`);
    expect(report, `axe on ${what} (${scheme})`).toEqual([]);
  }
  await useScheme(page, 'light');
  await still.evaluate((style) => (style as Element).remove());
}

/** Saves what the page shows to docs/screenshots/<name>.png (shown in the README). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}
