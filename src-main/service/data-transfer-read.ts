import Papa from 'papaparse';
import { detailLine, detailsFromZod, type ErrorDetail } from '../../src-shared/errors';
import { NewCategory } from '../../src-shared/schemas/category';
import type { DataFormat, ImportPreviewRow } from '../../src-shared/schemas/data';
import { inexactNumbers, misreading } from '../../src-shared/exact-numbers';
import { decimalPriceProblem } from './import-price-cells';

/**
 * Reading an import file into records, before any rule of the store is applied: a pets CSV, a
 * categories CSV (our `--resource categories` export: the categories the store lacks are created),
 * a JSON array of pets, or a whole-store JSON export (its pets, with each `categoryId` resolved to
 * the category the same file defines).
 */

const IMPORT_COLUMNS = ['name', 'category', 'status', 'stock'];
/** A pet's optional fields, as our export writes them when some pet has a value (the photo is never in a file). */
export const RECORD_COLUMNS = ['price', 'sku', 'breed', 'sex', 'birthDate', 'microchip', 'vaccinations', 'healthNotes'];
/** Columns whose cells are whole numbers, read as written (docs/decisions.md#numbers-are-imported-as-written). */
const NUMBER_COLUMNS = new Set(['stock', 'price']);
/** Columns our own export writes beside those: `id` finds a pet already in the store; `categoryId` repeats `category`. */
const EXTRA_COLUMNS = ['id', 'categoryId'];
/** A category's optional fields, columns of our categories CSV when some category has a value. */
export const CATEGORY_RECORD_COLUMNS = ['taxRate', 'lowStockThreshold'];
/** A categories CSV: a `description`, `taxRate` or `lowStockThreshold` column and none only a pet has tells it from a pets CSV. */
const CATEGORY_COLUMNS = ['id', 'name', 'description', ...CATEGORY_RECORD_COLUMNS];
const KNOWN_COLUMNS = [...new Set([...IMPORT_COLUMNS, ...RECORD_COLUMNS, ...EXTRA_COLUMNS, ...CATEGORY_COLUMNS])];

/** A header cell as the column it names, whatever its case (a spreadsheet's "Name", "Stock"); others as they are. */
const columnNamed = (header: string) => KNOWN_COLUMNS.find((column) => column.toLowerCase() === header.toLowerCase()) ?? header;

/** A category a whole-store export defines; `problem` says why it cannot be created. */
export interface FileCategory {
  id: number | null;
  name: string;
  description?: string;
  taxRate?: number;
  lowStockThreshold?: number;
  problem?: string;
}

export interface FileRecord {
  line: number;
  where: string;
  /** The fields ImportRow checks (id and categoryId taken out); null when the item is not an object. */
  fields: Record<string, unknown> | null;
  /** Problems found while reading (a cell past the header, a category the file does not define). */
  problems: ErrorDetail[];
  /** The pet's id where the file came from (our exports write it): a re-import is recognised by it. */
  id?: number;
  /** An id given but not usable (`A-12`, `1.5`, beyond 2^53−1), as the clerk would read it: the row is read without one, and the clerk is told. */
  unreadId?: string;
  /** The row's category is one the file defines (a whole-store export): a name, never an id. */
  categoryFromFile?: FileCategory;
  values: ImportPreviewRow['values'];
}

export interface ImportFile {
  records: FileRecord[];
  /** A whole-store export's categories (empty for a list of pets). */
  categories: FileCategory[];
  /** How many orders a whole-store export holds: they are not imported. */
  orders: number;
  fileErrors: string[];
}

/** A file unusable as a whole: no records, and why. */
const refused = (...problems: string[]): ImportFile => ({ records: [], categories: [], orders: 0, fileErrors: problems });

const asId = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/** An id that was given (not empty) but is not a usable one, as the clerk would read it; undefined otherwise. */
function unreadId(given: unknown, id: number | undefined): string | undefined {
  if (id !== undefined || given === undefined || given === null || given === '') return undefined;
  // JSON.parse has already rounded a number this large: showing it would misquote the file.
  if (typeof given === 'number' && Math.abs(given) > Number.MAX_SAFE_INTEGER) return 'beyond 9,007,199,254,740,991';
  return shown(given)?.slice(0, 40);
}

/** A field as the clerk would read it in the file. */
function shown(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = JSON.stringify(value);
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

function valuesOf(fields: Record<string, unknown>, category: unknown): ImportPreviewRow['values'] {
  const values: ImportPreviewRow['values'] = {};
  const shownFields = [['name', fields.name], ['category', category], ['status', fields.status], ['stock', fields.stock], ['price', fields.price], ['sku', fields.sku]] as const;
  for (const [key, value] of shownFields) {
    const text = shown(value);
    if (text !== undefined) values[key] = text;
  }
  return values;
}

/**
 * Header cells as a message names them: each cut at 40 characters and at most 10 of them, so a file
 * that is not CSV at all (one line of megabytes) is not printed back whole.
 */
function columnList(columns: string[]): string {
  const shownColumns = columns.slice(0, 10).map((column) => (column.length > 40 ? `${column.slice(0, 39)}…` : column));
  return columns.length > 10 ? `${shownColumns.join(', ')} and ${columns.length - 10} more` : shownColumns.join(', ');
}

/** The 1-based line of the first non-blank character at or after `from`; `from` only grows. */
function lineCounter(text: string) {
  let position = 0;
  let line = 1;
  return (from: number) => {
    while (from < text.length && /\s/.test(text[from]!)) from++;
    // A line ends in \n, \r\n or a lone \r (old Mac files): the parser reads all three.
    for (; position < from; position++) if (text[position] === '\n' || (text[position] === '\r' && text[position + 1] !== '\n')) line++;
    return line;
  };
}

/**
 * Cells a spreadsheet would run as a formula (`= + - @`, a tab or a carriage return first), and
 * cells that already start with `'` before one of those: our CSV export puts a `'` before each
 * (OWASP's CSV injection advice). Tested on the start only: a cell holding a line break is guarded too.
 */
export const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A cell as our CSV export wrote it before guarding it: one leading `'` is taken off again, so that
 * "=1+2" stays "=1+2" and "'=x" (exported as "''=x") stays "'=x".
 */
function unescapeFormula(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** A cell of whole numbers read as written: its number, the text for the schema to refuse ("lots", -2, 1.5), or why it is misread. */
function numberCell(cell: string): { value: unknown } | { problem: string } {
  const number = cell.trim();
  const numeral = /^[-+]?\d+(\.\d+)?$/.test(number);
  const misread = numeral ? misreading(number.replace(/^\+/, '')) : undefined;
  // 0.99999999999999999999 is not stock 1; -2, 1.5 and "lots" get the schema's own message.
  if (misread) return { problem: misread };
  return { value: numeral ? Number(number) : cell };
}

function readCsv(content: string, currency: string): ImportFile {
  const text = content.replace(/^\uFEFF/, '');
  const lineAt = lineCounter(text);
  const rows: { cells: string[]; line: number }[] = [];
  let rowStart = 0;
  let unclosedQuoteAt: number | undefined;
  // Row by row, to know where each starts: a quoted cell may hold line breaks, and blank lines
  // are skipped, so the n-th record is not the file's line n + 1.
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: ({ data, errors, meta }) => {
      const line = lineAt(rowStart);
      if (errors.some((error) => error.code === 'MissingQuotes')) unclosedQuoteAt ??= line;
      rows.push({ cells: data, line });
      rowStart = meta.cursor;
    },
  });
  // An unclosed quote swallows the rest of the file into one cell: no row after it can be trusted.
  if (unclosedQuoteAt !== undefined) {
    const problem = `Line ${unclosedQuoteAt}: a quote (") opens a cell and is never closed, so the rest of the file cannot be read`;
    return refused(problem);
  }
  const columns = (rows.shift()?.cells ?? []).map((column) => columnNamed(column.trim()));
  if (columns.length === 0) return refused('The file is empty (expected a header: name, category, status, stock)');
  // eslint-disable-next-line no-control-regex -- control characters in a header mean binary data
  if (columns.some((column) => /[\u0000-\u0008\u000e-\u001f\ufffd]/.test(column))) return refused('The file is not a text CSV file (it holds binary data)');
  // A category's field and nothing only a pet has: a file of pets that lost its category column is told so.
  const categoriesFile = columns.some((column) => column === 'description' || CATEGORY_RECORD_COLUMNS.includes(column)) && !columns.some((column) => ['category', 'categoryId', 'status', 'stock'].includes(column));
  const fileErrors: string[] = [];
  const missing = (categoriesFile ? ['name'] : ['name', 'category']).filter((column) => !columns.includes(column));
  const expected = categoriesFile ? 'name, description for categories' : 'name, category, status, stock';
  if (missing.length) fileErrors.push(`Missing column(s): ${missing.join(', ')} (expected ${expected})`);
  // A column without a name is ignored while it is empty (spreadsheets often write a trailing one).
  const allowed = categoriesFile ? CATEGORY_COLUMNS : [...IMPORT_COLUMNS, ...RECORD_COLUMNS, ...EXTRA_COLUMNS];
  const unknown = columns.filter((column) => column !== '' && !allowed.includes(column));
  if (unknown.length) fileErrors.push(`Unknown column(s): ${columnList(unknown)}`);
  const unnamedWithData = columns.flatMap((column, index) => (column === '' && rows.some(({ cells }) => (cells[index] ?? '').trim() !== '') ? [index + 1] : []));
  if (unnamedWithData.length) fileErrors.push(`Column(s) ${unnamedWithData.join(', ')} hold values but have no name in the header`);
  const repeated = columns.filter((column, index) => column && columns.indexOf(column) !== index);
  if (repeated.length) fileErrors.push(`Column(s) named twice: ${[...new Set(repeated)].join(', ')}`);
  if (fileErrors.length) return refused(...fileErrors);
  if (categoriesFile) return { records: [], categories: categoriesIn(columns, rows), orders: 0, fileErrors: [] };

  const records = rows.map(({ cells, line }): FileRecord => {
    const fields: Record<string, unknown> = {};
    let id: number | undefined;
    let givenId: string | undefined;
    const cellProblems: ErrorDetail[] = [];
    columns.forEach((column, index) => {
      const value = cells[index];
      if (value === undefined || value === '' || column === '') return;
      if (column === 'id') {
        givenId = value.trim();
        id = asId(givenId);
      }
      else if (NUMBER_COLUMNS.has(column)) {
        // "12.50" is meant in euros, where prices are minor units: the message says what it is in them.
        const decimalPrice = column === 'price' ? decimalPriceProblem(value, currency) : undefined;
        const cell = numberCell(value);
        if (decimalPrice) cellProblems.push({ path: column, message: decimalPrice });
        else if ('problem' in cell) cellProblems.push({ path: column, message: cell.problem });
        else fields[column] = cell.value;
      }
      else if (column === 'vaccinations') {
        // A list in one cell: JSON, as our export writes it.
        const list = jsonCell(value);
        if (list === undefined) cellProblems.push({ path: column, message: 'Must be a JSON list of {"name", "date"}, as an export writes it' });
        else fields[column] = list;
      }
      else if (column !== 'categoryId') fields[column] = unescapeFormula(value);
    });
    const extra = cells.slice(columns.length).filter((cell) => cell.trim() !== '');
    const problems: ErrorDetail[] = extra.length ? [{ path: '', message: `${cells.length} cells, but the header names ${columns.length} columns` }] : [];
    problems.push(...cellProblems);
    return { line, where: `line ${line}`, fields, problems, id, unreadId: unreadId(givenId, id), values: valuesOf(fields, fields.category) };
  });
  return { records, categories: [], orders: 0, fileErrors: [] };
}

/** A cell's JSON value, or undefined when it is not JSON. */
function jsonCell(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return undefined;
  }
}

/** The categories of a categories CSV, each checked as a new category. */
function categoriesIn(columns: string[], rows: { cells: string[]; line: number }[]): FileCategory[] {
  return rows.map(({ cells, line }) => {
    const at = (column: string) => {
      const value = cells[columns.indexOf(column)];
      return value === undefined || value === '' ? undefined : unescapeFormula(value);
    };
    // An empty name cell is an empty name ("Must not be empty"); an empty description, rate or threshold is none.
    const numberAt = (column: string) => {
      const cell = at(column);
      return cell === undefined ? { value: undefined } : numberCell(cell);
    };
    const rate = numberAt('taxRate');
    const threshold = numberAt('lowStockThreshold');
    const [category] = readCategories([
      {
        id: at('id'),
        name: at('name') ?? '',
        description: at('description'),
        taxRate: 'value' in rate ? rate.value : undefined,
        lowStockThreshold: 'value' in threshold ? threshold.value : undefined,
      },
    ]);
    const extra = cells.slice(columns.length).some((cell) => cell.trim() !== '');
    const misread = [
      'problem' in rate ? `taxRate: ${rate.problem}` : undefined,
      'problem' in threshold ? `lowStockThreshold: ${threshold.problem}` : undefined,
    ].filter(Boolean).join('; ') || undefined;
    const problem = extra ? `${cells.length} cells, but the header names ${columns.length} columns` : [misread, category!.problem].filter(Boolean).join('; ') || undefined;
    // Named by its line: a categories file has no pet rows to show the place.
    return { ...category!, ...(problem ? { problem: `line ${line}: ${problem}` } : {}) };
  });
}

function readCategories(list: unknown[]): FileCategory[] {
  return list.map((item) => {
    const { id, name, description, taxRate, lowStockThreshold } = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const parsed = NewCategory.safeParse({ name, description: description ?? undefined, taxRate: taxRate ?? undefined, lowStockThreshold: lowStockThreshold ?? undefined });
    if (parsed.success) return { id: asId(id) ?? null, ...parsed.data };
    const problem = detailsFromZod(parsed.error).map((detail) => `${detail.path}: ${detail.message}`).join('; ');
    return { id: asId(id) ?? null, name: shown(name) ?? '', problem };
  });
}

function readJson(content: string, currency: string): ImportFile {
  let value: unknown;
  const text = content.replace(/^\uFEFF/, '');
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8 says where ("… at position 66"): told as the line, which the clerk can find in an editor.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    const where = position === undefined ? '' : ` (line ${text.slice(0, Number(position)).split('\n').length})`;
    return refused(`The file is not valid JSON${where}`);
  }
  // JSON.parse has rounded `0.99999999999999999999` to 1: say so rather than import stock 1 or pet 1.
  const [inexact] = inexactNumbers(text, 1);
  if (inexact) {
    const where = { ...inexact, path: placeInFile(inexact.path) };
    return refused(`The file holds a number that cannot be read exactly (${detailLine(where)}); correct it and import again`);
  }
  const document = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  const list = Array.isArray(value) ? value : document.pets;
  if (!Array.isArray(list)) return refused('Expected a JSON array of pets, or an object with a "pets" array');
  // A whole-store export: its pets name their category by the id it has in the same file.
  const wholeStore = 'categories' in document;
  if (wholeStore && !Array.isArray(document.categories)) return refused('The file\'s "categories" must be an array');
  const categories = wholeStore ? readCategories(document.categories as unknown[]) : [];
  const byId = new Map(categories.filter((category) => category.id !== null).map((category) => [category.id, category]));

  const records = list.map((item, index): FileRecord => {
    const where = `item ${index + 1}`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      return { line: index + 1, where, fields: null, problems: [], values: { name: shown(item) } };
    }
    const { id, categoryId, ...fields } = item as Record<string, unknown>;
    const problems: ErrorDetail[] = [];
    let categoryFromFile: FileCategory | undefined;
    let shownCategory = fields.category ?? categoryId;
    if (fields.category === undefined && categoryId !== undefined) {
      if (!wholeStore) {
        fields.category = categoryId;
      } else {
        categoryFromFile = byId.get(asId(categoryId) ?? 0);
        if (!categoryFromFile) problems.push({ path: 'categoryId', message: `No category ${shown(categoryId)} in the file` });
        else if (categoryFromFile.problem) problems.push({ path: 'categoryId', message: `The file's category ${shown(categoryId)} is unusable (${categoryFromFile.problem})` });
        else fields.category = categoryFromFile.name;
        shownCategory = categoryFromFile?.name || categoryId;
      }
    }
    // A price of 12.5 is refused in the words a CSV cell gets: prices are minor units.
    const decimalPrice = typeof fields.price === 'number' ? decimalPriceProblem(String(fields.price), currency) : undefined;
    if (decimalPrice) {
      problems.push({ path: 'price', message: decimalPrice });
      delete fields.price;
    }
    const known = asId(id);
    return { line: index + 1, where, fields, problems, id: known, unreadId: unreadId(id, known), categoryFromFile, values: valuesOf(fields, shownCategory) };
  });
  const orders = wholeStore && Array.isArray(document.orders) ? document.orders.length : 0;
  return { records, categories, orders, fileErrors: [] };
}

/**
 * A JSON path as the preview names places, counting from 1: `0.stock` or `pets.0.stock` is
 * "item 1: stock", `categories.2.id` is "category 3: id"; anything else stays as it is.
 */
function placeInFile(path: string): string {
  const parts = path.split('.');
  const listed = /^\d+$/.test(parts[0]!) ? 'pets' : parts.shift()!;
  const noun = ({ pets: 'item', categories: 'category', orders: 'order' } as Record<string, string>)[listed];
  const index = parts.shift();
  if (!noun || index === undefined || !/^\d+$/.test(index)) return path;
  return `${noun} ${Number(index) + 1}${parts.length ? `: ${parts.join('.')}` : ''}`;
}

/** The file's records, or the reason the file as a whole is unusable; `currency` is the shop's (a price's message names its minor unit). */
export function readImportFile(format: DataFormat, content: string, currency: string): ImportFile {
  return format === 'csv' ? readCsv(content, currency) : readJson(content, currency);
}
