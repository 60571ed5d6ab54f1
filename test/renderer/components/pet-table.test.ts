// @vitest-environment happy-dom
import { mount, type VueWrapper } from '@vue/test-utils';
import { expect, test } from 'vitest';
import { nextTick, ref } from 'vue';
import PetTable from '../../../src-renderer/components/PetTable.vue';
import type { PetRow } from '../../../src-renderer/stores/pets';

/**
 * The Pets table's scroll work (issue 35): a scroll step patches the rows that come into view in
 * the row elements that left it, shows each price in the shop's currency, and never hands the keyboard focus to
 * another pet's row.
 */

const ROW = 36;
const pets = (count: number, from = 1): PetRow[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Pet ${from + i}`, categoryId: 1, status: 'available', price: 100 * ((from + i) % 3), stock: 2 }));

function mountTable(rows: PetRow[], price: (amount: number | undefined) => string = (amount) => `€${amount}`): VueWrapper {
  return mount(PetTable, {
    attachTo: document.body,
    props: { rows, total: rows.length, busy: false, loading: false, sort: 'id', selected: new Set<number>(), hasMore: false, categoryName: () => 'Dogs', price },
  });
}

async function scrollTo(table: VueWrapper, top: number): Promise<void> {
  const scroller = table.find('.pet-table').element as HTMLElement;
  scroller.scrollTop = top;
  scroller.dispatchEvent(new Event('scroll'));
  await nextTick();
}

const bodyRows = (table: VueWrapper) => [...(table.element as HTMLElement).querySelectorAll<HTMLElement>('tbody tr')];
const idOf = (row: HTMLElement) => Number(row.querySelector('td[data-col-key="id"]')?.textContent);

test('a scroll step shows the rows that come into view in the elements of those that left, and keeps the rest', async () => {
  const table = mountTable(pets(1000));
  await scrollTo(table, 100 * ROW);
  const before = bodyRows(table);
  const byPet = new Map(before.map((row) => [idOf(row), row]));
  await scrollTo(table, 100 * ROW + 400);
  const after = bodyRows(table);
  expect(after.length).toBe(before.length);
  expect(after.every((row) => before.includes(row)), 'no row element made or dropped').toBe(true);
  for (const row of after) if (byPet.has(idOf(row))) expect(row, `pet ${idOf(row)} keeps its row`).toBe(byPet.get(idOf(row)));
  // Still in the list's order, each saying its place.
  expect(after.map(idOf)).toEqual(after.map((_, i) => idOf(after[0]!) + i));
  for (const row of after) expect(Number(row.getAttribute('aria-rowindex'))).toBe(idOf(row) + 1);
  table.unmount();
});

test('each price is shown with what its text depends on, and again when that changes (the currency)', async () => {
  // Formatting is cheap: formatMoney keeps one Intl.NumberFormat per currency (test/money/format.test.ts).
  const currency = ref('€');
  const table = mountTable(pets(1000), (amount) => (amount === undefined ? '–' : `${currency.value}${amount}`));
  for (let top = 0; top < 40 * 400; top += 400) await scrollTo(table, top);
  expect(table.find('td[data-col-key="price"]').text()).toMatch(/^€/);
  currency.value = '$';
  await nextTick();
  expect(table.find('td[data-col-key="price"]').text()).toMatch(/^\$/);
  table.unmount();
});

test('the focus on a row whose element goes to another pet stays with its pet, or leaves the table', async () => {
  const table = mountTable(pets(1000));
  await scrollTo(table, 100 * ROW);
  const edit = (id: number) => (table.element as HTMLElement).querySelector<HTMLElement>(`button[data-pet-id="${id}"][aria-label^="Edit "]`);
  edit(110)!.focus();
  // A pet above it leaves: pet 110 moves up a row, into another slot's element.
  await table.setProps({ rows: pets(1000).filter((pet) => pet.id !== 105) });
  expect(document.activeElement).toBe(edit(110));
  expect(document.activeElement?.getAttribute('aria-label')).toBe('Edit Pet 110');
  // Scrolled far away: its element shows another pet, which must not get the focus.
  await scrollTo(table, 500 * ROW);
  expect(document.activeElement?.getAttribute('aria-label') ?? '').not.toMatch(/^Edit Pet (?!110$)/);
  table.unmount();
});

test('a row whose pet changes without a scroll (a pet above deleted) is a new element: none turns into another pet in place', async () => {
  const table = mountTable(pets(50));
  const rowOf = (id: number) => bodyRows(table).find((row) => idOf(row) === id)!;
  const second = rowOf(2);
  const third = rowOf(3);
  await table.setProps({ rows: pets(50).filter((pet) => pet.id !== 1) });
  // Each element, still drawn or dropped, shows the pet it was made for.
  expect(idOf(second)).toBe(2);
  expect(idOf(third)).toBe(3);
  expect(bodyRows(table).map(idOf).slice(0, 3)).toEqual([2, 3, 4]);
  table.unmount();
});
