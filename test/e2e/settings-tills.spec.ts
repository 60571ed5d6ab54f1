import { tillProof } from '../../src-main/service/pairing-proof';
import { must } from './support/browser-host';
import { useShop } from './support/shop';
import { expectAccessible, saveScreenshot } from './support/screens';
import { expect, test, type Page } from './support/test';

/**
 * Settings > Integrations > Tills: the owner makes a pairing code and sees it with the
 * certificate's fingerprint and what to switch on; a till pairs with it (its proof computed here, as
 * a till does) and appears in the list without a reload; the owner revokes it. Keyboard and axe in
 * both themes, at 900 px too.
 */
const shop = useShop();

const tillsCard = (page: Page) => page.getByRole('region', { name: 'Tills', exact: true });

test('make a code, see a till pair with it, revoke the till; axe clean in light and dark', async ({ page }) => {
  await page.goto(`${shop.host.url}#/settings`);
  const card = tillsCard(page);
  await expect(card.getByRole('table', { name: 'Paired tills' })).toBeVisible();
  await expect(card).toContainText('No tills paired yet');

  // By keyboard: the button takes the focus and Enter makes the code.
  await card.getByRole('button', { name: 'Make a pairing code' }).focus();
  await page.keyboard.press('Enter');
  const shown = card.getByTestId('pairing-code');
  const code = (await shown.getByRole('status', { name: 'Pairing code' }).textContent())!;
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  await expect(shown).toContainText(/for one till, until/);
  const fingerprint = (await shown.locator('code').last().textContent())!;
  expect(fingerprint).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/);
  // The browser host's listener is off: it says what to switch on instead of addresses.
  await expect(shown).toContainText('The REST listener is off');
  await expectAccessible(page, 'Settings with a pairing code');
  await saveScreenshot(page, 'settings-tills');

  // A till pairs with the code it was told, over the certificate it saw.
  const paired = await must(shop.host.call<{ till: { id: number } }>('tills.pair', { name: 'Counter 2', proof: tillProof(code, fingerprint, 'Counter 2') }));
  const row = card.getByRole('row', { name: /Counter 2/ });
  await expect(row).toContainText('Paired', { timeout: 10_000 }); // read again every 3 s while shown
  await expectAccessible(page, 'Settings with a paired till');

  // Revoking asks first; cancelling keeps it.
  await row.getByRole('button', { name: 'Revoke Counter 2' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “Counter 2”?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Paired');
  await row.getByRole('button', { name: 'Revoke Counter 2' }).click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.locator('.n-message').filter({ hasText: 'Revoked “Counter 2”' })).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke Counter 2' })).toHaveCount(0);
  const listed = await must(shop.host.call<{ id: number; revokedAt: string | null }[]>('tills.list', { includeRevoked: true }));
  expect(listed).toEqual([expect.objectContaining({ id: paired.till.id, revokedAt: expect.any(String) })]);
});

test('at 900 px the code, the fingerprint and the list fit the card', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto(`${shop.host.url}#/settings`);
  const card = tillsCard(page);
  await card.getByRole('button', { name: 'Make a pairing code' }).click();
  const fingerprint = card.getByTestId('pairing-code').locator('code').last();
  await expect(fingerprint).toHaveText(/^[0-9A-F:]{95}$/);
  // Nothing of the card is cut off or scrolls sideways: the fingerprint breaks between its pairs.
  const overflow = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = (await fingerprint.boundingBox())!;
  const cardBox = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  await expectAccessible(page, 'Settings with a pairing code at 900 px');
});
