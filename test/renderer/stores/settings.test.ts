import { afterEach, expect, test } from 'vitest';
import { useSettingsStore } from '../../../src-renderer/stores/settings';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
});

test('two reads at once (the Shop and the API cards loading): each caller sees what is stored, not the defaults', async () => {
  let reads = 0;
  // The second read answers later than the first, as two IPC calls may.
  h = useRealApi({
    around: async (operation, _input, call) => {
      if (operation === 'settings.get' && ++reads === 2) await new Promise((resolve) => setTimeout(resolve, 50));
      return call();
    },
  });
  h.ok('settings.update', { shopName: 'Happy Paws', lowStockThreshold: 4 });
  const settings = useSettingsStore();
  const seen: string[] = [];
  await Promise.all([
    settings.load().then(() => seen.push(`${settings.settings.shopName} ${settings.settings.lowStockThreshold}`)),
    settings.load().then(() => seen.push(`${settings.settings.shopName} ${settings.settings.lowStockThreshold}`)),
  ]);
  expect(seen).toEqual(['Happy Paws 4', 'Happy Paws 4']);
});

test('a read outdated by an update waits for it, and keeps the update\'s answer', async () => {
  h = useRealApi();
  const settings = useSettingsStore();
  const read = settings.load().then(() => settings.settings.shopName);
  await settings.update({ shopName: 'Corner Shop' });
  expect(await read).toBe('Corner Shop');
  expect(settings.settings.shopName).toBe('Corner Shop');
});
