/**
 * Reads a till needs that REST has no route of their own for, made from routes it has: the shop's
 * terms as settings (GET /v1/shop), and pets per category (one count per category).
 */
import type { ApiResult } from '../../src-shared/api-result';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';
import type { CategoryPetCount } from '../../src-shared/schemas/category';
import { DEFAULT_SETTINGS, type Shop } from '../../src-shared/schemas/settings';

type Call = (operation: string, input: unknown) => Promise<ApiResult<unknown>>;
interface Page<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

/** The settings a till shows amounts and receipts with; the owner's own (listener, tokens) stay on the server. */
export async function settingsFromShop(call: Call): Promise<ApiResult<unknown>> {
  const shop = await call('shop.get', {});
  if (!shop.ok) return shop;
  const { name, currency, defaultTaxRate, pricesIncludeTax, timeZone, address, taxId, receiptFooter } = shop.data as Shop;
  return {
    ok: true,
    data: { ...DEFAULT_SETTINGS, shopName: name, currency, defaultTaxRate, pricesIncludeTax, timeZone, shopAddress: address, shopTaxId: taxId, receiptFooter },
  };
}

/** Every category holding pets with how many, as `categories.petCounts` answers: each category's pet count (X-Total-Count). */
export async function petCountsOverRest(call: Call): Promise<ApiResult<unknown>> {
  const ids: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await call('categories.list', { limit: PAGE_LIMIT_MAX, ...(cursor ? { cursor } : {}) });
    if (!page.ok) return page;
    const { items, nextCursor } = page.data as Page<{ id: number }>;
    ids.push(...items.map((category) => category.id));
    cursor = nextCursor ?? undefined;
  } while (cursor);
  const counts: CategoryPetCount[] = [];
  for (const categoryId of ids) {
    const pets = await call('pets.list', { categoryId, limit: 1 });
    if (!pets.ok) return pets;
    const { total } = pets.data as Page<unknown>;
    if (total > 0) counts.push({ categoryId, pets: total });
  }
  return { ok: true, data: counts };
}
