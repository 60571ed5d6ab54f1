/** The overview (also over REST), import, export, backups and restore (in-process only). */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import {
  BackupCheck,
  BackupRequest,
  BackupResult,
  ExportedFile,
  ExportRequest,
  ImportPreview,
  ImportPreviewRequest,
  ImportRequest,
  ImportResult,
  Overview,
  OVERVIEW_RECENT,
  RestoreResult,
} from '../schemas/data';

export const dataOperations = {
  /** The Dashboard's figures; over REST too, so a connected till shows them (docs/decisions.md#connected-mode). */
  'stats.overview': op({
    tag: 'Reports',
    summary: 'Shop overview',
    description:
      'The shop as it is now: pets by status, pets and units in stock per category, open orders, how many pets for sale are low on stock ' +
      `(below their category's threshold or the shop's \`lowStockThreshold\`), and the ${OVERVIEW_RECENT} newest orders and change events.`,
    input: z.strictObject({}),
    output: Overview,
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/reports/overview', success: 200, errors: [] },
  }),
  /** Export pets, categories, orders or sale lines as CSV, or the whole store as JSON. */
  'data.export': op({
    tag: 'Settings',
    summary: 'Export data',
    input: ExportRequest,
    output: ExportedFile,
    stability: 'stable',
    mutates: false,
    access: 'owner',
  }),
  /** Check an import file row by row; writes nothing. */
  'data.previewImport': op({
    tag: 'Settings',
    summary: 'Preview an import',
    input: ImportPreviewRequest,
    output: ImportPreview,
    stability: 'stable',
    mutates: false,
    access: 'owner',
  }),
  /** Import the valid rows of a file as new pets, in one transaction; invalid rows are skipped (or, with `allOrNothing`, refuse the file). */
  'data.import': op({
    tag: 'Settings',
    summary: 'Import pets',
    input: ImportRequest.extend({
      allOrNothing: z.boolean().default(false).describe('Import nothing when any row is invalid (for scripts that re-run a fixed file).'),
    }),
    output: ImportResult,
    stability: 'stable',
    mutates: true,
    access: 'owner',
  }),
  /** Copy the live database to a file with SQLite's online backup API. */
  'backup.create': op({
    tag: 'Settings',
    summary: 'Back up the database',
    input: BackupRequest,
    output: BackupResult,
    stability: 'stable',
    mutates: false,
    access: 'owner',
  }),
  /** Whether a file can be restored (checked as a restore would, nothing written): asked before confirming. */
  'backup.check': op({
    tag: 'Settings',
    summary: 'Check a backup before restoring it',
    input: BackupRequest,
    output: BackupCheck,
    stability: 'stable',
    mutates: false,
    access: 'owner',
  }),
  /** Replace the data with a backup's, after an automatic safety backup of the current data. */
  'backup.restore': op({
    tag: 'Settings',
    summary: 'Restore a backup',
    input: BackupRequest,
    output: RestoreResult,
    stability: 'stable',
    mutates: true,
    access: 'owner',
  }),
  /** Version, data folder and runtime of this app. */
} as const;
