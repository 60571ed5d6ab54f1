import { expect, test, type Page } from './support/test';
import { freePort } from '../helpers/ports';
import { must, startHost, type RunningHost } from './support/browser-host';
import { expectAccessible } from './support/screens';

let host: RunningHost;

test.beforeEach(async () => {
  await host?.stop(); // the last test's, now that its page is closed
  host = await startHost();
});
test.afterEach(async () => {
  await host?.call('listener.stop', {});
});
test.afterAll(async () => host?.stop());

const section = (page: Page) => page.getByRole('region', { name: 'REST API listener', exact: true });

test('the owner serves tills on the network by keyboard: asked first, then HTTPS with the addresses tills enter and the fingerprint', async ({ page }) => {
  await must(host.call('settings.update', { listenerPort: await freePort() }));
  await page.setViewportSize({ width: 900, height: 900 });
  await page.goto(`${host.url}#/settings`);
  const listener = section(page);
  const serve = listener.getByRole('button', { name: 'Serve tills on this network' });
  await serve.focus();
  await page.keyboard.press('Enter');
  const question = page.getByRole('dialog', { name: 'Serve tills on this network?' });
  await expect(question).toContainText('HTTPS');
  await question.getByRole('button', { name: 'Serve tills' }).click();

  await expect(listener.getByTestId('listener-fingerprint')).toBeVisible();
  const status = await must(host.call<{ https: boolean; fingerprint: string; tillAddresses: string[]; url: string }>('listener.status', {}));
  expect(status).toMatchObject({ https: true });
  await expect(listener.getByTestId('listener-fingerprint')).toHaveText(status.fingerprint);
  expect(status.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  for (const address of status.tillAddresses) await expect(listener.getByText(address, { exact: true })).toBeVisible();
  await expect(listener.getByTestId('listener-url')).toHaveText(status.url);
  expect(status.url).toMatch(/^https:\/\//);
  await expect(serve).toHaveCount(0); // it serves the network now
  // At 900 px the 95-character fingerprint wraps inside the section instead of widening the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'Settings, serving tills');
});
