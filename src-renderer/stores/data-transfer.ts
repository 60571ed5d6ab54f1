import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OperationInput, OperationOutput } from '../../src-shared/contract';
import type { DataFormat, ExportedFile, ImportPreview, ImportPreviewRow, SameNameChoice } from '../../src-shared/schemas/data';
import { api } from '../api/client';

/**
 * Rows a preview shows: a large file's every row would be megabytes for the page to take in (a
 * 100,000-row file was 34 MiB). The service sends the rows with problems or notes first.
 */
export const PREVIEW_ROWS = 1000;

export type ExportResource = OperationInput<'data.export'>['resource'] & string;

/** A file the clerk picked for import, as read in the page. */
export interface ImportFile {
  name: string;
  format: DataFormat;
  content: string;
}

/**
 * What an import did, kept on screen until the clerk dismisses it or chooses another file: the
 * rows it skipped and why, as its last check found them (a toast alone said "skipped 4 invalid
 * rows" and the preview that said which had gone).
 */
export interface ImportOutcome {
  file: string;
  result: OperationOutput<'data.import'>;
  /** The pets the last check said would import (the import's own count may differ). */
  expected: number;
  /** The rows the last check skipped for a problem, as far as the preview held them. */
  skipped: ImportPreviewRow[];
  /** A categories file's rows that are no category, as the check said them (it has no pet rows). */
  skippedCategories: string[];
}

/** The import format a file name stands for (by its extension), or null for anything else. */
export function formatOf(fileName: string): DataFormat | null {
  const extension = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1];
  return extension === 'csv' || extension === 'json' ? extension : null;
}

/** Where the Settings screen keeps what the last restore did, across the page reload that follows it. */
export const RESTORED_KEY = 'petstore.lastRestore';

/**
 * Moving the shop's data in and out: CSV/JSON export, an import that is previewed row by row
 * before anything is written, and backups (SQLite's online backup API) and restores.
 */
export const useDataTransferStore = defineStore('data-transfer', () => {
  /** The file being imported and what the service says of each of its rows; null when none. */
  const pending = ref<ImportFile | null>(null);
  const preview = ref<ImportPreview | null>(null);
  /** What the last import did; null once dismissed or another file is chosen. */
  const outcome = ref<ImportOutcome | null>(null);
  /**
   * What the import does with rows naming a pet the store has (skip them unless the clerk says
   * otherwise: a file imported twice adds nothing twice) and with categories the store lacks.
   */
  const choices = ref<{ sameName: SameNameChoice; createCategories: boolean }>({ sameName: 'skip', createCategories: false });

  /** Exports a table as CSV, or the whole store as JSON. */
  async function exportData(format: DataFormat, resource: ExportResource): Promise<ExportedFile> {
    return api().call('data.export', { format, resource });
  }

  /** The service's check of a file, row by row (writes nothing). */
  const check = (file: ImportFile) =>
    api().call('data.previewImport', { format: file.format, content: file.content, rowLimit: PREVIEW_ROWS, ...choices.value });

  /** The clerk chose otherwise for the rows the store has, or for unknown categories: the preview follows. */
  async function choose(change: Partial<{ sameName: SameNameChoice; createCategories: boolean }>): Promise<void> {
    choices.value = { ...choices.value, ...change };
    await recheckPending();
  }

  /** Checks a file row by row (writes nothing) and keeps it for `importPending`. */
  async function previewImport(file: ImportFile): Promise<ImportPreview> {
    clearImport();
    choices.value = { sameName: 'skip', createCategories: false }; // a new file: asked afresh
    const checked = await check(file);
    pending.value = file;
    preview.value = checked;
    return checked;
  }

  /**
   * Checks the kept file again (a category or pet added, renamed or deleted elsewhere changes what
   * its rows become), so the preview and its "Import N pets" stay true until the clerk confirms.
   */
  async function recheckPending(): Promise<void> {
    const file = pending.value;
    if (!file) return;
    const checked = await check(file);
    if (pending.value === file) preview.value = checked; // not if another file was chosen meanwhile
  }

  /** Imports the previewed file's valid rows as new pets, in one transaction; invalid rows are skipped. */
  async function importPending(): Promise<OperationOutput<'data.import'>> {
    if (!pending.value) throw new Error('Choose a file to import first');
    const { name, format, content } = pending.value;
    const checked = preview.value;
    const result = await api().call('data.import', { format, content, ...choices.value });
    clearImport();
    outcome.value = {
      file: name,
      result,
      expected: checked?.valid ?? result.imported,
      skipped: checked?.rows.filter((row) => row.outcome === 'invalid') ?? [],
      skippedCategories: checked?.skippedCategories ?? [],
    };
    return result;
  }

  /** The clerk has read what the last import did (or starts another). */
  function dismissOutcome(): void {
    outcome.value = null;
  }

  /** Forgets the previewed file. */
  function clearImport(): void {
    pending.value = null;
    preview.value = null;
  }

  /**
   * Copies the live database to `file` (an absolute path) with SQLite's online backup API;
   * rejects with FILE_EXISTS when `file` exists, unless `replace`.
   */
  async function backup(file: string, replace = false): Promise<OperationOutput<'backup.create'>> {
    return api().call('backup.create', { file, replace });
  }

  /** Whether `file` can be restored (checked as a restore would; nothing written). */
  async function checkBackup(file: string): Promise<OperationOutput<'backup.check'>> {
    return api().call('backup.check', { file });
  }

  /** Whether this window is restoring: its own `store.restored` is no news to it (it reloads itself). */
  const restoring = ref(false);

  /** Replaces the shop's data with the backup in `file`, after a safety backup of the current data. */
  async function restore(file: string): Promise<OperationOutput<'backup.restore'>> {
    restoring.value = true;
    try {
      return await api().call('backup.restore', { file });
    } catch (error) {
      restoring.value = false;
      throw error;
    }
  }

  return {
    pending,
    preview,
    outcome,
    exportData,
    previewImport,
    choices,
    choose,
    recheckPending,
    importPending,
    clearImport,
    dismissOutcome,
    backup,
    checkBackup,
    restoring,
    restore,
  };
});
