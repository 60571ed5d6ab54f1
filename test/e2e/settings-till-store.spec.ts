/**
 * A till's Settings says who backs up the shop's data: the server's machine for a SQLite store, whoever
 * runs the database for a PostgreSQL one (pg_dump, pg_restore). Real servers on both engines: a
 * throwaway PostgreSQL cluster of this file's own, `petstore serve` on it, a till connected to it.
 */
import { findPostgresBin, POSTGRES_INSTALL_HINT, startCluster, type Cluster } from '../helpers/postgres-cluster';
import { expect, test, type Page } from './support/test';
import { startConnectedHost, type RunningHost } from './support/browser-host';
import { startShopServer, type ShopServer } from './support/shop-server';
import { expectAccessible } from './support/screens';

const POSTGRES_BIN = findPostgresBin();
let cluster: Cluster | undefined;
let server: ShopServer | undefined;
let till: RunningHost | undefined;

test.afterEach(async () => {
  await till?.stop();
  await server?.close();
  till = server = undefined;
});
test.afterAll(() => cluster?.stop());

/** A till of `shop` with its Settings open, in the narrowest window the app supports, once the server said what its store is on. */
async function tillSettings(page: Page, shop: ShopServer): Promise<void> {
  till = await startConnectedHost(shop.origin, shop.token, 'Counter 2');
  await page.setViewportSize({ width: 900, height: 700 });
  // The screen asks the server what its store is on (GET /v1/health through the till's host).
  const asked = page.waitForResponse((response) => response.url().includes('/__petstore/invoke/service.health'));
  await page.goto(`${till.url}#/settings`);
  expect((await asked).ok()).toBe(true);
  await expect(page.getByTestId('settings-till')).toContainText(`This till works on the shop server at ${shop.origin} as “Counter 2”`);
}

test('a till of a server on PostgreSQL says its backups are made with pg_dump by whoever runs the database', async ({ page }) => {
  test.skip(!POSTGRES_BIN, POSTGRES_INSTALL_HINT);
  // initdb and pg_ctl take about 2.5 s alone; a busy 2-core machine, several times that.
  test.setTimeout(120_000);
  cluster = await startCluster(POSTGRES_BIN!);
  server = await startShopServer(cluster.url);
  await tillSettings(page, server);

  const postgres = page.getByTestId('settings-till-postgres');
  await expect(postgres).toHaveText(
    "The shop's data is in a PostgreSQL database: whoever runs it makes backups with pg_dump and restores them with pg_restore, with every shop server stopped (the README's “Running on PostgreSQL”).",
  );
  // The rest of the line as on any till, without backups: they are not the server machine's.
  await expect(page.getByTestId('settings-till')).toContainText("The shop's settings, the REST API and its tokens, tills, import and export are done on the server's machine.");
  await expect(page.getByRole('heading', { name: 'Data' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900);
  await expectAccessible(page, 'Settings on a till of a PostgreSQL server');
});

test('a till of a server on a SQLite file says backups are done on the server machine, and names no PostgreSQL', async ({ page }) => {
  server = await startShopServer();
  await tillSettings(page, server);
  await expect(page.getByTestId('settings-till')).toContainText("The shop's settings, the REST API and its tokens, tills, backups, import and export are done on the server's machine.");
  await expect(page.getByTestId('settings-till-postgres')).toHaveCount(0);
  await expect(page.getByText('PostgreSQL')).toHaveCount(0);
});
