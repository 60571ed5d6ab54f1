import type { PetstoreBridge } from '../../src-shared/bridge';
import { expect, test } from './support/test';
import { must } from './support/browser-host';
import { useShop } from './support/shop';

/**
 * A page's Uint8Array reaches the store through the browser host's bridge and comes back as one,
 * as over Electron's IPC: the next issue's photo screens work in the browser tests too.
 */

const shop = useShop('Dogs');

test('a photo set from the page is read back from the page byte for byte, and its refusals are Error objects', async ({ page }) => {
  const pet = await must(shop.host.call<{ id: number }>('pets.create', { name: 'Rex', categoryId: shop.categoryId('Dogs') }));
  await page.goto(`${shop.host.url}#/pets`);
  const answer = await page.evaluate(async (petId) => {
    const { petstore } = window as unknown as { petstore: PetstoreBridge };
    // A 1×1 PNG, and 70,000 more bytes: several chunks of base64 on the way.
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
    const photo = new Uint8Array(png.length + 70_000);
    photo.set(png);
    for (let i = png.length; i < photo.length; i++) photo[i] = i % 256;
    const put = await petstore.invoke('photos.put', { petId, photo });
    const got = (await petstore.invoke('photos.get', { petId })) as { ok: true; data: { contentType: string; bytes: Uint8Array } };
    const same = got.data.bytes instanceof Uint8Array && got.data.bytes.length === photo.length && got.data.bytes.every((byte, i) => byte === photo[i]);
    const refused = await petstore.invoke('photos.put', { petId, photo: new TextEncoder().encode('GIF89a') });
    return { put, size: photo.length, contentType: got.data.contentType, same, refused };
  }, pet.id);
  expect(answer.put).toMatchObject({ ok: true, data: { contentType: 'image/png', size: answer.size } });
  expect(answer.size).toBeGreaterThan(70_000);
  expect(answer).toMatchObject({ contentType: 'image/png', same: true });
  expect(answer.refused).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 } });
});
