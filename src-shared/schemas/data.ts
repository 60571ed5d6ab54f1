import { z } from '../zod-setup';
import { ErrorDetail } from '../errors';
import { Category } from './category';
import { Order } from './order';
import { NewPet, Pet, PetSex, PetStatus } from './pet';
import { StoreEvent } from './event';
import { Id, NAME_MAX, PAGE_LIMIT_MAX } from './common';
import { STOCK_MAX } from './inventory';

/**
 * Imports and exports travel as text: at most 64 MiB, over a million pets as CSV and about 450,000
 * in a whole-store JSON export (so a shop's own export can be read back, well past the brief's
 * 100,000 pets).
 */
export const MAX_IMPORT_MIB = 64;
/** The file's size in bytes, checked before it is read (by the CLI and the app). */
export const MAX_IMPORT_BYTES = MAX_IMPORT_MIB * 1024 * 1024;
/** The text's length (UTF-16 units, never more than its UTF-8 bytes), checked by the operations. */
export const MAX_IMPORT_CHARS = MAX_IMPORT_BYTES;

export const DataFormat = z.enum(['csv', 'json']);
export type DataFormat = z.infer<typeof DataFormat>;

/** The tables a CSV export can hold, one at a time (`sales`: one row per sale line, src-main/service/sales-csv.ts). */
export const ExportResource = z.enum(['pets', 'categories', 'orders', 'sales']);

export const ExportRequest = z.strictObject({
  format: DataFormat,
  /** CSV holds one table; JSON holds the whole store. */
  resource: ExportResource.default('pets'),
});

export const ExportedFile = z.object({
  filename: z.string(),
  mimeType: z.string(),
  content: z.string(),
  /** Records written: the table's rows (CSV), or categories + pets + orders (JSON). */
  rows: z.int(),
  /** What the file holds, in words: "10 categories, 30 pets and 5 orders". */
  summary: z.string(),
});
export type ExportedFile = z.infer<typeof ExportedFile>;

/** Read whatever its case and spaces: a spreadsheet's "Available " is `available`. */
const caseAside = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/**
 * One pet to import. CSV columns / JSON fields: name, category (a category name or id),
 * status (default available), stock (default: 1 if available, else 0), and the pet's optional
 * fields as a new pet takes them (price, sku, breed, sex, birthDate, microchip, vaccinations,
 * healthNotes). `id` (and, in CSV, `categoryId`), as our exports write them, are read beside these.
 */
export const ImportRow = z.strictObject({
  // Checked against `Name` (common.ts) by the service, so that a bad name is reported beside the row's other problems.
  name: z.string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be text') }),
  category: z.union([Id, z.string().trim().min(1, 'Must not be empty')], {
    error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a category name or id'),
  }),
  // A spreadsheet's "Available " is the status `available`: read whatever its case and spaces.
  status: z.preprocess(caseAside, PetStatus).default('available'),
  stock: z.int().min(0).max(STOCK_MAX).optional(),
  price: NewPet.shape.price,
  sku: NewPet.shape.sku,
  breed: NewPet.shape.breed,
  sex: z.preprocess(caseAside, PetSex).optional(),
  birthDate: NewPet.shape.birthDate,
  microchip: NewPet.shape.microchip,
  vaccinations: NewPet.shape.vaccinations,
  healthNotes: NewPet.shape.healthNotes,
});

/** What an import does with a row naming a pet the store has (same name, same category, case aside). */
export const SAME_NAME_CHOICES = ['import', 'skip', 'addStock'] as const;
export type SameNameChoice = (typeof SAME_NAME_CHOICES)[number];

export const ImportRequest = z.strictObject({
  format: DataFormat,
  content: z.string().max(MAX_IMPORT_CHARS, `The file is larger than ${MAX_IMPORT_MIB} MiB`),
  sameName: z
    .enum(SAME_NAME_CHOICES)
    .optional()
    .describe(
      'A row naming a pet the store has (same name and category, case aside): `import` it as another pet (the default), ' +
        "`skip` it, or `addStock`: add the row's stock to that pet's (a delivery, the movement's reason `received`).",
    ),
  createCategories: z
    .boolean()
    .optional()
    .describe('Create the categories that rows name and the store lacks (default false: such a row is skipped, as the name may be a typo).'),
});

/** The most rows a preview returns when asked for fewer than a file holds (the app's preview table). */
export const IMPORT_PREVIEW_ROWS_MAX = 100_000;

export const ImportPreviewRequest = ImportRequest.extend({
  rowLimit: z
    .int()
    .min(1)
    .max(IMPORT_PREVIEW_ROWS_MAX)
    .optional()
    .describe('Return at most this many rows: every row with a problem or a note first, then the others, each in file order. The counts cover every row.'),
});

export const ImportPreviewRow = z.object({
  /** The CSV file's line (the header is line 1), or the JSON item's position (from 1). */
  line: z.int(),
  /** Where the clerk finds the row in the file: "line 3" (CSV) or "item 3" (JSON). */
  where: z.string(),
  /** The row's fields as the file gives them (text), whatever their problems. */
  values: z.object({ name: z.string(), category: z.string(), status: z.string(), stock: z.string(), price: z.string(), sku: z.string() }).partial(),
  /** import: a new pet; invalid: skipped for its errors; exists: skipped, the pet is in the store already; restock: its stock is added to that pet's. */
  outcome: z.enum(['import', 'invalid', 'exists', 'restock']),
  /** The store's pet the row names (outcome exists, restock). */
  petId: Id.optional(),
  /** The pet the row adds (outcome import); `categoryId` is null for a category the import creates. */
  /** Its price, SKU and the animal's details too, those the file gives (the photo is never in a file). */
  pet: z
    .object({ name: z.string(), category: z.string(), categoryId: Id.nullable(), status: PetStatus, stock: z.int() })
    .extend(Pet.pick({ price: true, sku: true, breed: true, sex: true, birthDate: true, microchip: true, vaccinations: true, healthNotes: true }).shape)
    .nullable(),
  errors: z.array(ErrorDetail),
  /** What the clerk should know that is not a problem: "Already in the store as pet 12", a likely duplicate. */
  notes: z.array(z.string()),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>;

export const ImportPreview = z.object({
  /** The file's rows as checked: all of them, or as many as `rowLimit` asked for. */
  rows: z.array(ImportPreviewRow),
  /** Rows in the file. */
  rowCount: z.int(),
  /** Rows that will import. */
  valid: z.int(),
  /** Rows skipped for a problem. */
  invalid: z.int(),
  /** Rows skipped because the pet is in the store already (same id and name: a re-import; or same name and category, with `sameName: skip`). */
  existing: z.int(),
  /** Rows whose stock is added to a pet of the store (`sameName: addStock`). */
  restocked: z.int(),
  /** Rows naming a pet the store has by name and category: what `sameName` decides for. */
  sameName: z.int(),
  /** Categories rows name that the store lacks: created with `createCategories`, else their rows are skipped. */
  unknownCategories: z.array(z.string()),
  /** Categories the file defines (a whole-store export) that the store lacks: the import creates them. */
  newCategories: z.array(z.string()),
  /** What the file holds that is not imported, such as a whole-store export's orders. */
  notes: z.array(z.string()),
  /**
   * A file of categories alone (a categories CSV): its rows that are no category, each with its line
   * and reason; counted in `invalid`, and said in `notes` too.
   */
  skippedCategories: z.array(z.string()),
  /** Problems with the file as a whole (not CSV/JSON, missing columns). */
  fileErrors: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

/** What an import did; the optional fields are there only when they are not zero or empty. */
export const ImportResult = z.object({
  imported: z.int(),
  /** Rows skipped for a problem. */
  skipped: z.int(),
  /** Rows skipped because the pet was in the store already. */
  existing: z.int().optional(),
  /** Rows whose stock was added to a pet of the store. */
  restocked: z.int().optional(),
  categoriesCreated: z.array(z.string()).optional(),
  /** A whole-store export's orders, which an import leaves out. */
  ordersNotImported: z.int().optional(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** How many of the newest orders and change events the overview lists. */
export const OVERVIEW_RECENT = 10;

/** The Dashboard's figures (`stats.overview`, `GET /v1/reports/overview`). */
export const Overview = z
  .object({
    petsByStatus: z.object({ available: z.int(), pending: z.int(), sold: z.int() }).describe('How many pets have each status.'),
    stockByCategory: z
      .array(z.object({ categoryId: Id, name: z.string().max(NAME_MAX), pets: z.int(), stock: z.int() }))
      .max(PAGE_LIMIT_MAX)
      .describe(`Every category (the first ${PAGE_LIMIT_MAX} of a larger shop), in name order, with its pets and the units they have in stock.`),
    openOrders: z.int().describe('Orders placed and not yet fulfilled or cancelled.'),
    lowStock: z.int().describe("Pets for sale whose stock is below their category's threshold, or the shop's."),
    lowStockThreshold: z.int().describe("The shop's low-stock threshold (`lowStockThreshold`; 0: never low)."),
    recentOrders: z.array(Order).max(OVERVIEW_RECENT).describe(`The ${OVERVIEW_RECENT} newest orders that are not cancelled, newest first.`),
    recentEvents: z.array(StoreEvent).max(OVERVIEW_RECENT).describe(`The ${OVERVIEW_RECENT} newest change events, newest first.`),
  })
  .meta({ id: 'Overview' });
export type Overview = z.infer<typeof Overview>;

export const BackupRequest = z.strictObject({
  file: z.string().trim().min(1).max(4096).describe('Where to write the backup (an absolute path).'),
  replace: z.boolean().default(false).describe('Replace the file if it exists (otherwise FILE_EXISTS).'),
});
export const BackupResult = z.object({ file: z.string(), bytes: z.int() });

/** A backup found restorable (not restored): the file, as an absolute path. */
export const BackupCheck = z.object({ file: z.string() });

export const RestoreResult = z.object({
  restoredFrom: z.string(),
  /** The automatic backup of the data as it was just before the restore. */
  safetyBackup: z.string(),
});

export const AppInfo = z.object({
  version: z.string(),
  databaseFile: z.string(),
  dataFolder: z.string(),
  /** Where backups go unless the clerk picks another place. */
  backupFolder: z.string(),
  runtime: z.enum(['electron', 'browser-host', 'headless']),
  /** A connected till: the shop server it works on and its name there (the store is not on this machine). */
  connection: z.object({ server: z.string(), tillName: z.string() }).optional(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const FileChoiceRequest = z.strictObject({
  /** What the file is for: saving a backup, or picking one to restore. */
  purpose: z.enum(['backup', 'restore']),
  /** The name offered in a save dialog. */
  suggestedName: z.string().trim().min(1).max(200).optional(),
});
/** The chosen file's absolute path, or null when the clerk cancelled. */
export const FileChoice = z.object({ file: z.string().nullable() });
export type FileChoice = z.infer<typeof FileChoice>;

export const PrintRequest = z.strictObject({
  /** The file name offered in the save dialog, e.g. "order-42.pdf". */
  suggestedName: z.string().trim().min(1).max(200),
});

export { Category, Pet };
