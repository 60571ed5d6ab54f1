#!/usr/bin/env node
/**
 * Renders build/icon.svg into the PNGs electron-builder packs (build/icons/512x512.png, 256x256.png;
 * it makes .ico and .icns from them on the release runner). Chromium draws the SVG, through the
 * Playwright already installed for the browser tests. Run it after changing the SVG; commit the PNGs.
 */
import { chromium } from 'playwright';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const build = join(dirname(fileURLToPath(import.meta.url)), '..', 'build');
const svg = readFileSync(join(build, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (const size of [512, 256]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<body style="margin:0">${svg.replace('<svg ', `<svg style="display:block;width:${size}px;height:${size}px" `)}</body>`);
    const file = join(build, 'icons', `${size}x${size}.png`);
    await page.locator('svg').screenshot({ path: file, omitBackground: true });
    console.log(`Icon: ${file}`);
    await page.close();
  }
} finally {
  await browser.close();
}
