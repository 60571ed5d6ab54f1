import Papa from 'papaparse';
import { StoreError, detailsFromZod, type ErrorDetail } from '../../src-shared/errors';
import { Name } from '../../src-shared/schemas/common';
import { ImportRow, type DataFormat, type ImportPreview, type ImportPreviewRow } from '../../src-shared/schemas/data';
import type { PetStatus } from '../../src-shared/schemas/pet';
import type { ServiceContext } from './context';
import type { HandlersFor } from './handler-types';
import { initialStock } from './stock-rules';
import { categoryModel, orderModel } from './to-model';
import type { OrderRow } from '../db/repositories/orders';
import type { CategoryRow } from '../db/repositories/categories';

const IMPORT_COLUMNS = ['name', 'category', 'status', 'stock'];
/** Columns our own export writes that an import accepts and ignores (imports always add new pets). */
const IGNORED_COLUMNS = ['id', 'categoryId'];

interface PetExportRow {
  id: number;
  name: string;
  category: string;
  categoryId: number;
  status: PetStatus;
  stock: number;
}

const today = () => new Date().toISOString().slice(0, 10);

export function dataTransferHandlers(ctx: ServiceContext): HandlersFor<'data'> {
  const allPets = ctx.db.prepare<[], PetExportRow>(
    `SELECT p.id, p.name, c.name AS category, p.category_id AS categoryId, p.status, coalesce(i.quantity, 0) AS stock
     FROM pets p JOIN categories c ON c.id = p.category_id LEFT JOIN inventory i ON i.pet_id = p.id ORDER BY p.id`,
  );
  const allCategories = ctx.db.prepare<[], CategoryRow>('SELECT id, name, description FROM categories ORDER BY id');
  const allOrders = ctx.db.prepare<[], OrderRow>(
    'SELECT id, pet_id AS petId, quantity, ship_date AS shipDate, complete FROM orders ORDER BY id',
  );

  /** Raw records from the file, or the reason the file as a whole is unusable. */
  function records(format: DataFormat, content: string): { rows: Record<string, unknown>[]; fileErrors: string[] } {
    if (format === 'csv') {
      const parsed = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: 'greedy',
        transformHeader: (header) => header.trim(),
      });
      const columns = parsed.meta.fields ?? [];
      const fileErrors: string[] = [];
      const missing = ['name', 'category'].filter((column) => !columns.includes(column));
      if (missing.length) fileErrors.push(`Missing column(s): ${missing.join(', ')} (expected name, category, status, stock)`);
      const unknown = columns.filter((column) => !IMPORT_COLUMNS.includes(column) && !IGNORED_COLUMNS.includes(column));
      if (unknown.length) fileErrors.push(`Unknown column(s): ${unknown.join(', ')}`);
      const rows = parsed.data.map((row) => {
        const record: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(row)) {
          if (IGNORED_COLUMNS.includes(key) || value === undefined || value === '') continue;
          record[key] = key === 'stock' && /^\d+$/.test(value.trim()) ? Number(value) : value;
        }
        return record;
      });
      return { rows, fileErrors };
    }
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch {
      return { rows: [], fileErrors: ['The file is not valid JSON'] };
    }
    const list = Array.isArray(value) ? value : (value as { pets?: unknown })?.pets;
    if (!Array.isArray(list)) return { rows: [], fileErrors: ['Expected a JSON array of pets, or an object with a "pets" array'] };
    return {
      rows: list.map((item) => {
        if (!item || typeof item !== 'object' || Array.isArray(item)) return { __notAnObject: true };
        const { id: _id, categoryId, ...rest } = item as Record<string, unknown>;
        return rest.category === undefined && categoryId !== undefined ? { ...rest, category: categoryId } : rest;
      }),
      fileErrors: [],
    };
  }

  function checkRow(raw: Record<string, unknown>, line: number): ImportPreviewRow {
    if (raw.__notAnObject) return { line, pet: null, errors: [{ path: '', message: 'Expected an object' }] };
    const parsed = ImportRow.safeParse(raw);
    if (!parsed.success) return { line, pet: null, errors: detailsFromZod(parsed.error) };
    const { category, status } = parsed.data;
    const errors: ErrorDetail[] = [];
    // An imported pet's name obeys the same rule as one typed in (ImportRow alone lets control
    // characters through: a NUL, an escape sequence, a line break from a quoted CSV cell).
    const named = Name.safeParse(parsed.data.name);
    if (!named.success) errors.push(...detailsFromZod(named.error, { prefix: 'name' }));
    const name = named.success ? named.data : parsed.data.name;
    const found =
      typeof category === 'number' || /^\d+$/.test(category)
        ? ctx.categories.find(Number(category))
        : ctx.categories.findByName(category);
    if (!found) errors.push({ path: 'category', message: `No category ${typeof category === 'number' ? category : `"${category}"`}` });
    const stock = parsed.data.stock ?? initialStock(status);
    if (status === 'available' && stock === 0) errors.push({ path: 'stock', message: 'An available pet needs stock above 0' });
    if (status === 'sold' && stock > 0) errors.push({ path: 'stock', message: 'A sold pet has no stock' });
    if (errors.length || !found) return { line, pet: null, errors };
    return { line, pet: { name, categoryId: found.id, status, stock }, errors: [] };
  }

  function preview(format: DataFormat, content: string): ImportPreview {
    const { rows, fileErrors } = records(format, content);
    const checked = fileErrors.length ? [] : rows.map((row, index) => checkRow(row, index + 1));
    const valid = checked.filter((row) => row.pet).length;
    return { rows: checked, valid, invalid: checked.length - valid, fileErrors };
  }

  return {
    'data.export': ({ format, resource }) => {
      if (format === 'json') {
        const pets = allPets.all();
        const content = JSON.stringify(
          {
            exportedAt: new Date().toISOString(),
            categories: allCategories.all().map(categoryModel),
            pets: pets.map(({ id, name, categoryId, status, stock }) => ({ id, name, categoryId, status, stock })),
            orders: allOrders.all().map(orderModel),
          },
          null,
          2,
        ) + '\n'; // a text file ends with a line break (`cat`, `wc -l`, diff tools)
        return { filename: `petstore-${today()}.json`, mimeType: 'application/json', content, rows: pets.length };
      }
      const table: Record<string, unknown>[] =
        resource === 'pets'
          ? allPets.all().map((pet) => ({ ...pet }))
          : resource === 'categories'
            ? allCategories.all().map((row) => ({ id: row.id, name: row.name, description: row.description ?? '' }))
            : allOrders.all().map((row) => ({ ...orderModel(row) }));
      const columns = { pets: ['id', 'name', 'category', 'categoryId', 'status', 'stock'], categories: ['id', 'name', 'description'], orders: ['id', 'petId', 'quantity', 'shipDate', 'complete'] }[resource];
      // Every CSV line ends in CRLF (RFC 4180), the last one too.
      const content = `${Papa.unparse(table, { columns, escapeFormulae: true })}\r\n`;
      return { filename: `petstore-${resource}-${today()}.csv`, mimeType: 'text/csv', content, rows: table.length };
    },

    'data.previewImport': ({ format, content }) => preview(format, content),

    'data.import': ({ format, content }) =>
      // Checked again inside the transaction, so what is written is what was valid at that moment.
      ctx.write(() => {
        const result = preview(format, content);
        if (result.fileErrors.length) throw new StoreError('VALIDATION_FAILED', result.fileErrors.join('; '));
        for (const row of result.rows) {
          if (!row.pet) continue;
          const { name, categoryId, status, stock } = row.pet;
          const id = ctx.pets.insert(name, categoryId, status);
          ctx.inventory.set(id, stock);
          ctx.events.append('pet.created', { id, name, categoryId, status });
        }
        return { imported: result.valid, skipped: result.invalid };
      }),
  };
}
