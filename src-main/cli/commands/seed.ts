import { parseArgs } from 'node:util';
import type { PetStatus } from '../../../src-shared/schemas/pet';
import { initialStock } from '../../service/stock-rules';
import type { CommandContext } from '../context';
import { databaseOf } from '../database-option';
import { openAnyStore } from '../../host/open-any-store';
import { CliError } from '../output';

export const SEED_USAGE = `petstore seed [--pets N] [--categories N] [--db FILE]
  Fills an empty database with demo data: N categories (default 10) and N pets (default 1000;
  e.g. 100000), spread evenly over the categories, each with a price and a SKU (DEMO-0000001, …).
  Written in one transaction, directly (no change events): meant for a new database.`;

const CATEGORIES = ['Dogs', 'Cats', 'Birds', 'Fish', 'Rabbits', 'Hamsters', 'Guinea pigs', 'Reptiles', 'Ferrets', 'Horses'];
/** Kinds sold one animal at a time: low only when none is left (threshold 1); the rest take the shop's. */
const SINGLE_ANIMALS = new Set(['Dogs', 'Cats', 'Reptiles', 'Ferrets', 'Horses']);
/** A typical price per kind, in whole units of the currency; numbered categories take the last. */
const BASE_PRICES = [450, 300, 80, 12, 60, 20, 35, 150, 220, 2500, 50];
/**
 * A demo pet's price in minor units: its kind's price plus a step of 5 for every place in a cycle
 * of 20, ending in .99 as shop prices do. Deterministic, so the till's tests and screenshots repeat.
 */
export const demoPrice = (index: number, categoryIndex: number) =>
  ((BASE_PRICES[Math.min(categoryIndex, BASE_PRICES.length - 1)] ?? 50) + (index % 20) * 5) * 100 - 1;
/** A demo pet's SKU: its number, zero-padded, so a scanner's code reads back as one pet. */
export const demoSku = (index: number) => `DEMO-${String(index + 1).padStart(7, '0')}`;

const NAMES = ['Rex', 'Bella', 'Max', 'Luna', 'Charlie', 'Lucy', 'Cooper', 'Daisy', 'Milo', 'Nala', 'Bärli', 'Zoé', 'Kiki', 'Oscar', 'Pepper', 'Simba'];
/** Before a name from its second round on, as a shop tells its animals apart; never an id (the id column has it). */
const TRAITS = ['Little', 'Brave', 'Sunny', 'Shy', 'Happy', 'Fluffy', 'Speedy', 'Sleepy', 'Lucky', 'Clever', 'Gentle', 'Merry', 'Noble', 'Spotty', 'Tiny', 'Jolly', 'Curious'];

/** A demo pet's name: Rex, Bella, …, then Little Rex, Brave Bella, …: names repeat in a large shop, as real ones do. */
export function demoName(index: number): string {
  const name = NAMES[index % NAMES.length]!;
  const round = Math.floor(index / NAMES.length);
  return round === 0 ? name : `${TRAITS[(round - 1) % TRAITS.length]} ${name}`;
}

/** Deterministic demo data, so benchmarks and screenshots are repeatable. */
export async function seed(args: string[], cli: CommandContext): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      pets: { type: 'string', default: '1000' },
      categories: { type: 'string', default: String(CATEGORIES.length) },
    },
  });
  const count = Number(values.pets);
  if (!Number.isInteger(count) || count < 0 || count > 10_000_000) throw new CliError('--pets must be 0–10,000,000', 2);
  const categoryCount = Number(values.categories);
  if (!Number.isInteger(categoryCount) || categoryCount < 1 || categoryCount > 10_000) throw new CliError('--categories must be 1–10,000', 2);
  // The familiar kinds first, then numbered ones.
  const categoryNames = Array.from({ length: categoryCount }, (_, i) => CATEGORIES[i] ?? `Category ${i + 1}`);
  const store = await openAnyStore(databaseOf(values.db, cli), 'may-create', cli);
  try {
    const { steps } = store;
    if ((await store.run(steps.pets.list({ sort: 'id', limit: 1 }))).total > 0) throw new CliError('The database already has pets; seed an empty one');
    const started = Date.now();
    await store.run(
      steps.write(function* () {
        const categoryIds: number[] = [];
        for (const name of categoryNames) {
          const found = yield* steps.categories.findByName(name);
          const fields = { description: `Demo category: ${name.toLowerCase()}`, lowStockThreshold: SINGLE_ANIMALS.has(name) ? 1 : null };
          categoryIds.push(found?.id ?? (yield* steps.categories.insert(name, fields)));
        }
        for (let i = 0; i < count; i++) {
          const status: PetStatus = i % 10 === 7 ? 'sold' : i % 10 === 3 ? 'pending' : 'available';
          const name = demoName(i);
          const category = i % categoryIds.length;
          const id = yield* steps.pets.insert(name, categoryIds[category], status, { price: demoPrice(i, category), sku: demoSku(i) });
          yield* steps.inventory.set(id, status === 'available' ? 1 + (i % 5) : initialStock(status), { reason: 'opening' });
        }
      }),
    );
    cli.print(`Seeded ${categoryNames.length} categories and ${count} pets in ${Date.now() - started} ms.`);
  } finally {
    await store.close();
  }
}
