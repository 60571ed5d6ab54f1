import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { OperationInput } from '../../src-shared/contract';
import { DEFAULT_SETTINGS, type StoreSettings } from '../../src-shared/schemas/settings';
import { api } from '../api/client';

/** Each setting as the clerk reads its name (the Settings screen's labels, in lower case). */
export const SETTING_NAMES: Record<keyof StoreSettings, string> = {
  shopName: 'shop name',
  lowStockThreshold: 'low-stock threshold',
  sunsetDate: 'sunset date',
  rateLimitPerMinute: 'rate limit',
  listenerEnabled: 'REST listener on/off',
  listenerHost: 'bind address',
  listenerPort: 'port',
  allowedOrigins: 'allowed origins',
  currency: 'currency',
  defaultTaxRate: 'default tax rate',
  pricesIncludeTax: 'prices include tax',
  timeZone: 'time zone',
  shopAddress: 'address',
  shopTaxId: 'tax id',
  receiptFooter: 'receipt footer',
  clerkLogins: 'clerks sign in with a PIN',
  idleLockMinutes: 'idle lock minutes',
};

/** The settings a `settings.updated` event names (its data is `{keys}`, never the values). */
export function changedSettings(data: Record<string, unknown>): (keyof StoreSettings)[] {
  const keys = Array.isArray(data.keys) ? (data.keys as unknown[]) : [];
  return keys.filter((key): key is keyof StoreSettings => typeof key === 'string' && Object.hasOwn(SETTING_NAMES, key));
}

/**
 * The owner's settings as the store keeps them (`settings.get`), for every screen that depends on
 * one (the Inventory's and the Dashboard's low-stock threshold). Until `load()` has answered, the
 * shared defaults stand in. The Settings screen is meant to extend this store (updates, tokens,
 * listener) rather than keep a second copy of the settings.
 *
 * Screens call `load()` when they open and again on a `settings.updated` event (a change made in
 * another window or by the CLI; the event names the keys, see `changedSettings`).
 */
export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<StoreSettings>({ ...DEFAULT_SETTINGS });
  /** Whether `settings` holds what the store answered (rather than the defaults). */
  const loaded = ref(false);

  /** Stock strictly below this is "low" (the `inventory.low` event's threshold). */
  const lowStockThreshold = computed(() => settings.value.lowStockThreshold);

  /** Bumped by each read and each update's answer: an older read answering last is not kept. */
  let asked = 0;
  /** The newest read or update on its way: a read it outdated waits for it. */
  let newest: Promise<unknown> = Promise.resolve();

  /**
   * Reads the settings from the store; rejects with its StoreError when refused. Resolves once the
   * settings hold an answer at least as new as this read's: two forms loading at once (Settings'
   * Shop and API cards) both see what is stored, not the defaults.
   */
  async function load(): Promise<void> {
    const mine = ++asked;
    const reading = api().call('settings.get', {});
    newest = reading;
    const answer = await reading;
    if (mine === asked) {
      settings.value = answer;
      loaded.value = true;
      return;
    }
    // Outdated by a newer read or update: its answer is the one to see.
    while (true) {
      const waiting = newest;
      await waiting.catch(() => undefined);
      if (waiting === newest) return;
    }
  }

  /** Changes some settings and keeps what the store answers (all of them); rejects with its StoreError. */
  async function update(patch: OperationInput<'settings.update'>): Promise<StoreSettings> {
    const updating = api().call('settings.update', patch);
    newest = updating;
    const answer = await updating;
    // The newest there is: a read asked before it answered is not kept over it.
    asked++;
    settings.value = answer;
    loaded.value = true;
    return answer;
  }

  return { settings, loaded, lowStockThreshold, load, update };
});
