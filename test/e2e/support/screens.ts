import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
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

/**
 * Saves what the page shows to docs/screenshots/<name>.png (shown in the README), only when asked
 * (`UPDATE_SCREENSHOTS=1`), so that a test run leaves the working tree as it was.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/**
 * The WCAG contrast ratio of an element's text against the first opaque background behind it, in
 * the state it is in now (hovered, focused): what axe leaves out.
 */
export async function textContrast(element: Locator): Promise<number> {
  const [text, background] = await element.evaluate((node) => {
    const rgba = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    let behind: Element | null = node;
    let fill = [255, 255, 255, 1];
    let layers: number[][] = [];
    for (; behind; behind = behind.parentElement) {
      const [r, g, b, a = 1] = rgba(getComputedStyle(behind).backgroundColor);
      if (a > 0) layers.push([r, g, b, a]);
      if (a >= 1) break;
    }
    // Composite the translucent layers (a tinted button) over the opaque one, back to front.
    layers = layers.reverse();
    for (const [r, g, b, a] of layers) fill = [r * a + fill[0] * (1 - a), g * a + fill[1] * (1 - a), b * a + fill[2] * (1 - a), 1];
    return [rgba(getComputedStyle(node).color), fill];
  });
  const luminance = ([r, g, b]: number[]) =>
    [r, g, b]
      .map((channel) => channel / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [lighter, darker] = [luminance(text), luminance(background)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The text of every cell of a table row that cuts its text off (an ellipsis, or text running under
 * the next column): what a clerk could not read without a tooltip.
 */
export async function cutOffCells(row: Locator): Promise<(string | null)[]> {
  return row.locator('td').evaluateAll((cells) =>
    cells
      .filter((cell) => [cell, ...cell.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1))
      .map((cell) => cell.textContent),
  );
}

/**
 * A cell shows its whole text on one line: nothing cut off with an ellipsis (the text fits its
 * box) and no word broken over two lines.
 */
export async function expectWholeText(cell: Locator, text: string): Promise<void> {
  await expect(cell).toHaveText(text);
  const fit = await cell.evaluate((td) => {
    // The text's own box: the library's ellipsis, or the cell's content (the cell itself has padding).
    const shown = ((td.querySelector('.n-ellipsis') ?? td.firstElementChild) as HTMLElement | null) ?? (td as HTMLElement);
    const style = getComputedStyle(shown);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.6;
    // Cut anywhere inside (a name cut beside an id that is not): the box that overflows the most.
    const boxes = [shown, ...shown.querySelectorAll<HTMLElement>('*')];
    const cut = boxes.reduce((worst, box) => (box.scrollWidth - box.clientWidth > worst.scrollWidth - worst.clientWidth ? box : worst));
    return { scroll: cut.scrollWidth, client: cut.clientWidth, height: shown.getBoundingClientRect().height, lineHeight };
  });
  expect(fit.scroll, `“${text}” is cut off (${fit.scroll} px of text in ${fit.client} px)`).toBeLessThanOrEqual(fit.client);
  expect(fit.height, `“${text}” takes more than one line`).toBeLessThan(fit.lineHeight * 1.5);
}

/**
 * The words of a cell that are broken over two lines ("Requi/red"): a column squeezed below its
 * longest word. A cell may wrap between words.
 */
export async function brokenWords(cell: Locator): Promise<string[]> {
  return cell.evaluate((td) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** A select (naive-ui's element), by the name of its combobox: it shows the choice (or its placeholder). */
export function selectBox(scope: Page | Locator, name: string): Locator {
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page);
  return scope.locator('.n-select').filter({ has: page.getByRole('combobox', { name }) });
}

/**
 * A select's text field, to type into. While the select's box has the keyboard focus (reached with
 * Tab, or focused by a dialog as it opens), the box is the combobox and the field inside is hidden
 * from screen readers (useSelectAria), so the field is reached through the select.
 */
export const selectField = (scope: Page | Locator, name: string): Locator => selectBox(scope, name).locator('input');

/** Focuses a select as Tab does: its box, not the search field inside (which takes the focus once it is open). */
export const tabTo = (box: Locator) => box.locator('[tabindex="0"]').first().focus();
