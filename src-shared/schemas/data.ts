import { z } from '../zod-setup';
import { ErrorDetail } from '../errors';
import { Category } from './category';
import { Order } from './order';
import { Pet, PetStatus } from './pet';
import { StoreEvent } from './event';
import { Id } from './common';
import { STOCK_MAX } from './inventory';

/** Imports and exports travel as text: at most 5 MiB, about 50,000 pets as CSV. */
export const MAX_IMPORT_CHARS = 5 * 1024 * 1024;

export const DataFormat = z.enum(['csv', 'json']);
export type DataFormat = z.infer<typeof DataFormat>;

export const ExportRequest = z.strictObject({
  format: DataFormat,
  /** CSV holds one table; JSON holds the whole store. */
  resource: z.enum(['pets', 'categories', 'orders']).default('pets'),
});

export const ExportedFile = z.object({
  filename: z.string(),
  mimeType: z.string(),
  content: z.string(),
  rows: z.int(),
});
export type ExportedFile = z.infer<typeof ExportedFile>;

/**
 * One pet to import. CSV columns / JSON fields: name, category (a category name or id),
 * status (default available), stock (default: 1 if available, else 0).
 */
export const ImportRow = z.strictObject({
  name: z.string().trim().min(1, 'Must not be empty').max(100, 'Must be at most 100 characters'),
  category: z.union([Id, z.string().trim().min(1, 'Must not be empty')]),
  status: PetStatus.default('available'),
  stock: z.int().min(0).max(STOCK_MAX).optional(),
});

export const ImportRequest = z.strictObject({
  format: DataFormat,
  content: z.string().max(MAX_IMPORT_CHARS, 'The file is larger than 5 MiB'),
});

export const ImportPreviewRow = z.object({
  /** 1-based line (CSV, after the header) or array index + 1 (JSON). */
  line: z.int(),
  pet: z.object({ name: z.string(), categoryId: Id, status: PetStatus, stock: z.int() }).nullable(),
  errors: z.array(ErrorDetail),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>;

export const ImportPreview = z.object({
  rows: z.array(ImportPreviewRow),
  valid: z.int(),
  invalid: z.int(),
  /** Problems with the file as a whole (not CSV/JSON, missing columns). */
  fileErrors: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = z.object({ imported: z.int(), skipped: z.int() });

export const Overview = z.object({
  petsByStatus: z.object({ available: z.int(), pending: z.int(), sold: z.int() }),
  stockByCategory: z.array(z.object({ categoryId: Id, name: z.string(), pets: z.int(), stock: z.int() })),
  openOrders: z.int(),
  lowStock: z.int(),
  lowStockThreshold: z.int(),
  recentOrders: z.array(Order),
  recentEvents: z.array(StoreEvent),
});
export type Overview = z.infer<typeof Overview>;

export const BackupRequest = z.strictObject({
  file: z.string().trim().min(1).max(4096).describe('Where to write the backup (an absolute path).'),
});
export const BackupResult = z.object({ file: z.string(), bytes: z.int() });

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
