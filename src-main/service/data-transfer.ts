import Papa from 'papaparse';
import { StoreError, detailLine, detailsFromZod, type ErrorDetail } from '../../src-shared/errors';
import { countOf } from '../../src-shared/count';
import { fold } from '../../src-shared/name-keys';
import { Name } from '../../src-shared/schemas/common';
import { ImportRow, type DataFormat, type ImportPreview, type ImportPreviewRow, type ImportResult, type SameNameChoice } from '../../src-shared/schemas/data';
import { STOCK_MAX } from '../../src-shared/schemas/inventory';
import { NewCategory } from '../../src-shared/schemas/category';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { CATEGORY_RECORD_COLUMNS, FORMULA_START, RECORD_COLUMNS, readImportFile, type FileRecord } from './data-transfer-read';
import { readSettings } from './settings-read';
import { salesCsv } from './sales-csv';
import { detailsOf, mergedRecord, petRowWith, type PetRecord } from './pet-record';
import { skuKey, type PetExportRow } from '../db/repositories/pets';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { applyStanding } from './standing';
import { initialStock, statusAfterStockAdjusted } from './stock-rules';
import { categoryModel, orderModel } from './to-model';
import type { CategoryRow } from '../db/repositories/categories';

/** An exported pet's optional fields that have a value (JSON: vaccinations as a list; CSV: as the JSON text a cell holds). */
function recordOf(row: PetExportRow, vaccinations: 'list' | 'text'): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of RECORD_COLUMNS) {
    const value = row[column as keyof PetExportRow];
    if (value !== null) record[column] = column === 'vaccinations' && vaccinations === 'list' ? JSON.parse(value as string) : value;
  }
  return record;
}

/** A preview, with what the import needs beyond it: the descriptions of the categories it creates. */
/** What the clerk chose for rows the store has by name, and for categories it lacks. */
interface ImportChoices {
  sameName: SameNameChoice;
  createCategories: boolean;
}

/** The categories a plan creates: a whole-store export's, and those rows name when the clerk asked for them. */
interface PlannedCategories {
  /** Folded names. */
  creates: Set<string>;
  create: { name: string; description?: string; taxRate?: number; lowStockThreshold?: number }[];
  /** Names rows give that the store lacks (and the plan does not create), as first written. */
  unknown: Map<string, string>;
}

interface ImportPlan extends Omit<ImportPreview, 'rowCount'> {
  create: { name: string; description?: string; taxRate?: number; lowStockThreshold?: number }[];
  orders: number;
}

const today = () => new Date().toISOString().slice(0, 10);
/** A count with its noun, written the same for everyone (the service has no clerk's locale). */
const count = (n: number, one: string, many: string) => countOf(n, one, many, 'en');
const listed = (parts: string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join(''));

export const dataTransferHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'data'> => {
  /**
   * The store's categories as one plan finds them, each id or name looked up once: a file names
   * the same few categories on every row. Made per plan (a plan reads in one snapshot or one write
   * transaction, so nothing changes the categories while it is used).
   */
  function categoryLookup() {
    const byId = new Map<number, CategoryRow | undefined>();
    const byName = new Map<string, CategoryRow | undefined>();
    return {
      *find(id: number): Step<CategoryRow | undefined> {
        if (!byId.has(id)) byId.set(id, yield* ctx.categories.find(id));
        return byId.get(id);
      },
      *findByName(name: string): Step<CategoryRow | undefined> {
        if (!byName.has(name)) byName.set(name, yield* ctx.categories.findByName(name));
        return byName.get(name);
      },
    };
  }

  /**
   * One record against the store's rules. `creates` holds the folded names of the categories this
   * import creates (a whole-store export's), so their pets can be checked before they exist.
   */
  function* checkRecord(record: FileRecord, planned: PlannedCategories, categories: ReturnType<typeof categoryLookup>, choices: ImportChoices): Step<ImportPreviewRow> {
    const { creates } = planned;
    const { line, where, values } = record;
    const skip = (errors: ErrorDetail[]): ImportPreviewRow => ({ line, where, values, outcome: 'invalid', pet: null, errors, notes: [] });
    if (!record.fields) return skip([{ path: '', message: 'Expected an object' }]);
    const parsed = ImportRow.safeParse(record.fields);
    if (!parsed.success) {
      // A category the file could not name is already said (as categoryId); "category: required" would repeat it.
      const unnamed = record.problems.some((problem) => problem.path === 'categoryId');
      return skip([...record.problems, ...detailsFromZod(parsed.error).filter((detail) => !(unnamed && detail.path === 'category'))]);
    }
    const { category, status, name: _name, stock: _stock, ...fields } = parsed.data;
    const errors: ErrorDetail[] = [...record.problems];
    // An imported pet's name obeys the same rule as one typed in (`Name`: no NUL, escape sequence
    // or line break from a quoted CSV cell), checked here so that its problems join the row's others.
    const named = Name.safeParse(parsed.data.name);
    if (!named.success) errors.push(...detailsFromZod(named.error, { prefix: 'name' }));
    const name = named.success ? named.data : parsed.data.name;
    // Our own export read back (same id, same name): the pet is here already, not a new one.
    const same = record.id === undefined ? undefined : yield* ctx.pets.find(record.id);
    if (same && named.success && fold(same.name) === fold(name)) {
      return { line, where, values, outcome: 'exists', pet: null, errors: [], notes: [`Already in the store as pet ${same.id}`] };
    }
    // A category is found by its name first: our exports write names, and a category may be called
    // "2024". Digits that name no category are read as an id (a hand-written file), except in a
    // whole-store export, whose ids belong to the store that wrote it.
    const byName = typeof category === 'string' ? yield* categories.findByName(category) : undefined;
    const asId = !record.categoryFromFile && (typeof category === 'number' || /^\d+$/.test(category));
    const found = byName ?? (asId ? yield* categories.find(Number(category)) : undefined);
    // A name (not an id) the store lacks: created when the clerk asked for it, else counted as unknown.
    const newName = !found && !record.categoryFromFile && typeof category === 'string' && !asId && NewCategory.shape.name.safeParse(category).success ? category.trim() : undefined;
    if (newName !== undefined && choices.createCategories && !creates.has(fold(newName))) {
      creates.add(fold(newName));
      planned.create.push({ name: newName });
    }
    const fromFile = record.categoryFromFile?.name ?? (choices.createCategories ? newName : undefined);
    const created = !found && fromFile !== undefined && creates.has(fold(fromFile));
    if (!found && !created) {
      if (newName !== undefined && !planned.unknown.has(fold(newName))) planned.unknown.set(fold(newName), newName);
      errors.push({ path: 'category', message: `No category ${typeof category === 'number' ? category : `"${category}"`}` });
    }
    const stock = parsed.data.stock ?? initialStock(status);
    if (status === 'available' && stock === 0) errors.push({ path: 'stock', message: 'An available pet needs stock above 0' });
    if (status === 'sold' && stock > 0) errors.push({ path: 'stock', message: 'A sold pet has no stock' });
    // Its price, SKU and details as a new pet takes them; a SKU or chip another pet has is the row's problem.
    const petRecord = mergedRecord({}, fields);
    // A pet of the store by this name in this category: a re-import or a delivery, as the clerk chose.
    const twin = found && named.success ? yield* ctx.pets.firstNamedIn(name, found.id) : undefined;
    const keepsTwin = twin !== undefined && choices.sameName !== 'import';
    // Skipped or restocked, the row's SKU or chip being that pet's own is no clash.
    errors.push(...(yield* takenInStore(petRecord, keepsTwin ? twin : undefined)));
    if (errors.length) return skip(errors);
    const categoryName = found ? found.name : fromFile!;
    const pet = { name, category: categoryName, categoryId: found?.id ?? null, status, stock, ...petRecord };
    if (keepsTwin && choices.sameName === 'skip') {
      return { line, where, values, outcome: 'exists', petId: twin, pet: null, errors: [], notes: [`Skipped: the store has "${name}" in ${categoryName} (pet ${twin})`] };
    }
    if (keepsTwin) {
      const now = yield* ctx.inventory.quantity(twin);
      if (now + stock > STOCK_MAX) return skip([{ path: 'stock', message: `Pet ${twin} has ${now} in stock: adding ${stock} would pass the maximum of ${STOCK_MAX}` }]);
      return { line, where, values, outcome: 'restock', petId: twin, pet, errors: [], notes: [`Adds ${stock} to the stock of pet ${twin} (${now} now)`] };
    }
    const notes: string[] = [];
    if (record.unreadId !== undefined) notes.push(`The file's id ${record.unreadId} is not a pet id (a whole number from 1): the pet is imported as a new one`);
    // Pet names need not be unique, so this only warns: the clerk sees a likely duplicate before confirming.
    if (twin !== undefined) notes.push(`The store already has a pet named "${name}" in ${found!.name} (pet ${twin})`);
    return { line, where, values, outcome: 'import', pet, errors: [], notes };
  }

  /** A delivery of a pet the store has: its stock grows by the row's, a movement `received` (as inventory.adjust). */
  function* restock(petId: number, delta: number): Step<void> {
    if (delta === 0) return;
    const pet = (yield* ctx.pets.find(petId))!;
    const from = yield* ctx.inventory.quantity(petId);
    const to = from + delta;
    const status = statusAfterStockAdjusted({ status: pet.status, stock: to, openOrders: yield* ctx.orders.openCount(petId) }, delta);
    yield* applyStanding(ctx, pet, status, { from, to, reason: 'received', note: 'import' });
  }

  /** A SKU or microchip number a pet of the store has already (each a pet's own: SKU_TAKEN, MICROCHIP_TAKEN). */
  function* takenInStore({ sku, microchip }: PetRecord, own?: number): Step<ErrorDetail[]> {
    const problems: ErrorDetail[] = [];
    const skuHolder = sku === undefined ? undefined : yield* ctx.pets.findBySku(sku);
    if (skuHolder !== undefined && skuHolder !== own) problems.push({ path: 'sku', message: `Pet ${skuHolder} of the store has this SKU (SKUs are unique, case aside)` });
    const chipHolder = microchip === undefined ? undefined : yield* ctx.petDetails.findByMicrochip(microchip);
    if (chipHolder !== undefined && chipHolder !== own) problems.push({ path: 'microchip', message: `Pet ${chipHolder} of the store has this microchip number` });
    return problems;
  }

  /** A pet the file lists twice (same name and category, case aside) is pointed out on its second row, as a twin in the store is. */
  function noteRepeatsInFile(rows: ImportPreviewRow[]): void {
    const first = new Map<string, string>();
    for (const row of rows) {
      if (row.outcome !== 'import' || !row.pet) continue;
      const key = `${fold(row.pet.category)}\u0000${fold(row.pet.name)}`;
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, row.where);
      else row.notes.push(`The file lists "${row.pet.name}" in ${row.pet.category} on ${earlier} too`);
    }
  }

  /**
   * A SKU or microchip number the file gives to two rows: the later row is skipped with the problem
   * (two pets cannot share one), naming where the first is.
   */
  function refuseRepeatsInFile(rows: ImportPreviewRow[]): void {
    const seen = { sku: new Map<string, string>(), microchip: new Map<string, string>() };
    for (const row of rows) {
      if (row.outcome !== 'import' || !row.pet) continue;
      const problems: ErrorDetail[] = [];
      for (const field of ['sku', 'microchip'] as const) {
        const value = row.pet[field];
        if (value === undefined) continue;
        const key = field === 'sku' ? skuKey(value) : value;
        const earlier = seen[field].get(key);
        if (earlier === undefined) seen[field].set(key, row.where);
        else problems.push({ path: field, message: `The file gives this ${field === 'sku' ? 'SKU' : 'microchip number'} to ${earlier} too` });
      }
      if (problems.length) Object.assign(row, { outcome: 'invalid', pet: null, errors: problems, notes: [] });
    }
  }

  function* plan(format: DataFormat, content: string, choices: ImportChoices): Step<ImportPlan> {
    const file = readImportFile(format, content, (yield* readSettings(ctx)).currency);
    const notes: string[] = [];
    const planned: PlannedCategories = { creates: new Set<string>(), create: [], unknown: new Map() };
    const { create, creates } = planned;
    const categories = categoryLookup();
    let present = 0;
    const unusable: string[] = [];
    for (const category of file.categories) {
      if (category.problem) unusable.push(`The file's category ${category.id ?? `"${category.name}"`} is not imported: ${category.problem}`);
      else if (yield* categories.findByName(category.name)) present++;
      else if (!creates.has(fold(category.name))) {
        creates.add(fold(category.name));
        create.push({ name: category.name, description: category.description, taxRate: category.taxRate, lowStockThreshold: category.lowStockThreshold });
      }
    }
    // A list of categories alone (a categories CSV) says what it leaves alone, and its rows that are no
    // category count as invalid rows (a whole store's pets say enough, and are what is counted there).
    notes.push(...unusable);
    const categoriesOnly = file.records.length === 0;
    if (present && categoriesOnly) notes.push(`${count(present, 'category is', 'categories are')} in the store already (same name): left as they are`);
    const skippedCategories = categoriesOnly ? unusable : [];
    if (file.orders) notes.push(`The file's ${count(file.orders, 'order is', 'orders are')} not imported: an import adds pets and their categories only`);
    const rows: ImportPreviewRow[] = [];
    if (!file.fileErrors.length) for (const record of file.records) rows.push(yield* checkRecord(record, planned, categories, choices));
    refuseRepeatsInFile(rows);
    noteRepeatsInFile(rows);
    const tally = (outcome: ImportPreviewRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
    return {
      rows,
      valid: tally('import'),
      invalid: tally('invalid') + skippedCategories.length,
      existing: tally('exists'),
      restocked: tally('restock'),
      // Rows the choice is about: with the default (import) they carry the twin's note.
      sameName: tally('restock') + rows.filter((row) => row.outcome === 'exists' && row.notes[0]?.startsWith('Skipped:')).length + rows.filter((row) => row.notes.some((note) => note.startsWith('The store already has a pet named'))).length,
      unknownCategories: [...planned.unknown.values()],
      newCategories: create.map((category) => category.name),
      notes,
      skippedCategories,
      fileErrors: file.fileErrors,
      create,
      orders: file.orders,
    };
  }

  /** The plan as the clerk sees it; with `rowLimit`, the rows that need a look first (a large file's every row would be megabytes). */
  function* preview(format: DataFormat, content: string, choices: ImportChoices, rowLimit?: number): Step<ImportPreview> {
    const { create: _create, orders: _orders, rows, ...shown } = yield* plan(format, content, choices);
    return { ...shown, rows: rowLimit === undefined ? rows : rowsWorthALook(rows, rowLimit), rowCount: rows.length };
  }

  return {
    // An export's tables and a preview's lookups agree with each other: each is read in one snapshot.
    'data.export': ({ format, resource }) => ctx.read(function* () {
      if (format === 'json') {
        const categories = (yield* ctx.categories.all()).map(categoryModel);
        const pets = (yield* ctx.pets.exportRows()).map((row) => ({ id: row.id, name: row.name, categoryId: row.categoryId, status: row.status, stock: row.stock, ...recordOf(row, 'list') }));
        const orders = (yield* ctx.orders.all()).map(orderModel);
        const content = JSON.stringify(
          { exportedAt: new Date().toISOString(), categories, pets, orders },
          null,
          2,
        ) + '\n'; // a text file ends with a line break (`cat`, `wc -l`, diff tools)
        const summary = listed([count(categories.length, 'category', 'categories'), count(pets.length, 'pet', 'pets'), count(orders.length, 'order', 'orders')]);
        const rows = categories.length + pets.length + orders.length;
        return { filename: `petstore-${today()}.json`, mimeType: 'application/json', content, rows, summary };
      }
      if (resource === 'sales') return yield* salesCsv(ctx);
      const table: Record<string, unknown>[] =
        resource === 'pets'
          ? (yield* ctx.pets.exportRows()).map((pet) => ({ id: pet.id, name: pet.name, category: pet.category, categoryId: pet.categoryId, status: pet.status, stock: pet.stock, ...recordOf(pet, 'text') }))
          : resource === 'categories'
            ? (yield* ctx.categories.all()).map((row) => ({
                id: row.id,
                name: row.name,
                description: row.description ?? '',
                ...(row.taxRate === null ? {} : { taxRate: row.taxRate }),
                ...(row.lowStockThreshold === null ? {} : { lowStockThreshold: row.lowStockThreshold }),
              }))
            : (yield* ctx.orders.all()).map((row) => ({ ...orderModel(row) }));
      // A pet's or category's optional fields are columns when some row has a value: a store that uses none exports the file it always did.
      const optional = resource === 'pets' ? RECORD_COLUMNS : resource === 'categories' ? CATEGORY_RECORD_COLUMNS : [];
      const recordColumns = optional.filter((column) => table.some((row) => column in row));
      const columns = { pets: ['id', 'name', 'category', 'categoryId', 'status', 'stock', ...recordColumns], categories: ['id', 'name', 'description', ...recordColumns], orders: ['id', 'petId', 'petName', 'quantity', 'shipDate', 'complete'] }[resource];
      // Every CSV line ends in CRLF (RFC 4180), the last one too.
      const content = `${Papa.unparse(table, { columns, escapeFormulae: FORMULA_START })}\r\n`;
      const summary = { pets: count(table.length, 'pet', 'pets'), categories: count(table.length, 'category', 'categories'), orders: count(table.length, 'order', 'orders') }[resource];
      return { filename: `petstore-${resource}-${today()}.csv`, mimeType: 'text/csv', content, rows: table.length, summary };
    }),

    'data.previewImport': ({ format, content, rowLimit, sameName, createCategories }) =>
      ctx.read(() => preview(format, content, { sameName: sameName ?? 'import', createCategories: createCategories ?? false }, rowLimit)),

    'data.import': ({ format, content, allOrNothing, sameName, createCategories }) =>
      // Checked again inside the transaction, so what is written is what was valid at that moment.
      ctx.write(function* () {
        const result = yield* plan(format, content, { sameName: sameName ?? 'import', createCategories: createCategories ?? false });
        if (result.fileErrors.length) throw new StoreError('VALIDATION_FAILED', result.fileErrors.join('; '));
        if (allOrNothing && result.invalid > 0) {
          const first = result.rows.find((row) => row.outcome === 'invalid');
          const reason = first ? `${first.where}: ${first.errors.map(detailLine).join('; ')}` : result.skippedCategories[0];
          throw new StoreError('VALIDATION_FAILED', `${count(result.invalid, 'row is', 'rows are')} invalid (first: ${reason}); nothing was imported`);
        }
        const createdIds = new Map<string, number>();
        for (const { name, description, taxRate, lowStockThreshold } of result.create) {
          const id = yield* ctx.categories.insert(name, { description: description ?? null, taxRate, lowStockThreshold });
          createdIds.set(fold(name), id);
          yield* ctx.events.append('category.created', categoryModel((yield* ctx.categories.find(id))!));
        }
        for (const row of result.rows) {
          if (row.outcome === 'restock' && row.pet && row.petId !== undefined) {
            yield* restock(row.petId, row.pet.stock);
            continue;
          }
          if (!row.pet) continue;
          const { name, category, status, stock } = row.pet;
          const categoryId = row.pet.categoryId ?? createdIds.get(fold(category))!;
          const id = yield* ctx.pets.insert(name, categoryId, status, row.pet);
          yield* ctx.petDetails.set(id, detailsOf(row.pet));
          yield* ctx.inventory.set(id, stock, { reason: 'opening' }); // an imported pet's stock is its first in this store
          yield* ctx.events.append('pet.created', petRowWith({ id, name, categoryId, status }, row.pet));
          // Creation implies the default stock (pets.create); another one is announced as a change of it.
          if (stock !== initialStock(status)) yield* ctx.events.append('inventory.updated', { petId: id, quantity: stock, status });
        }
        const done: ImportResult = { imported: result.valid, skipped: result.invalid };
        // Said only when there is something to say, so a plain list of pets answers as it always did.
        if (result.existing) done.existing = result.existing;
        if (result.restocked) done.restocked = result.restocked;
        if (result.newCategories.length) done.categoriesCreated = result.newCategories;
        if (result.orders) done.ordersNotImported = result.orders;
        return done;
      }),
  };
});

/**
 * At most `limit` rows: those skipped or with a note first, so the clerk meets them at the top of
 * the table, then plain ones; each group in file order.
 */
function rowsWorthALook(rows: ImportPreviewRow[], limit: number): ImportPreviewRow[] {
  if (rows.length <= limit) return rows;
  const plain = (row: ImportPreviewRow) => row.outcome === 'import' && row.notes.length === 0;
  const chosen = rows.filter((row) => !plain(row)).slice(0, limit);
  for (const row of rows) {
    if (chosen.length >= limit) break;
    if (plain(row)) chosen.push(row);
  }
  return chosen;
}
