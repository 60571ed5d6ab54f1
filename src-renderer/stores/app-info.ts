import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { backupFileName } from '../../src-shared/backup-names';
import { StoreError } from '../../src-shared/errors';
import type { AppInfo } from '../../src-shared/schemas/data';
import type { Health } from '../../src-shared/schemas/service';
import { api } from '../api/client';

type FilePurpose = 'backup' | 'restore';

/**
 * Where the app runs and keeps its data (app.info), and the desktop's own dialogs, file manager and
 * printing to PDF, which only the Electron app has: the browser host answers those with NOT_FOUND,
 * so the screens offer a path field or the browser's own print there instead.
 */
export const useAppInfoStore = defineStore('app-info', () => {
  const info = ref<AppInfo | null>(null);
  const loading = ref(false);

  const hasNativeDialogs = computed(() => info.value?.runtime === 'electron');
  /** A till connected to a shop server: where, and its name there (the owner's work is the server's). */
  const connection = computed(() => info.value?.connection ?? null);
  /** What a till's shop server keeps the store on (its health answer); null when not a till or not known. */
  const serverStore = ref<Health['store'] | null>(null);

  /** Loads the version, data folder, backup folder and runtime. */
  async function load(): Promise<AppInfo> {
    loading.value = true;
    try {
      info.value = await api().call('app.info', {});
      return info.value;
    } finally {
      loading.value = false;
    }
  }

  /**
   * Asks a till's shop server what its store is on: a PostgreSQL store's backups are made with
   * pg_dump by whoever runs the database, not on the server's machine. A server away leaves it as it was.
   */
  async function loadServerStore(): Promise<Health['store'] | null> {
    if (!(info.value ?? (await load())).connection) return (serverStore.value = null);
    try {
      serverStore.value = (await api().call('service.health', {})).store;
    } catch (error) {
      // The link banner says the server is away; the screen keeps what it knew.
      if (!(error instanceof StoreError)) throw error;
    }
    return serverStore.value;
  }

  /** A new backup's absolute path in the backup folder (for hosts without a save dialog). */
  function suggestedBackupFile(now = new Date()): string {
    const folder = info.value?.backupFolder ?? '';
    const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
    return folder ? `${folder.replace(/[\\/]+$/, '')}${separator}${backupFileName(now)}` : '';
  }

  /** Where the app runs: the desktop app prints to PDF itself, a browser prints with its own dialog. */
  async function runtime(): Promise<AppInfo['runtime']> {
    return (info.value ?? (await load())).runtime;
  }

  /** Saves the window as a PDF where the clerk chooses (desktop app); resolves with the file, or null if cancelled. */
  async function printToPdf(suggestedName: string): Promise<string | null> {
    return (await api().call('app.printToPdf', { suggestedName })).file;
  }

  /** Asks for a file in the desktop's dialog; null when the clerk cancelled. */
  async function chooseFile(purpose: FilePurpose): Promise<string | null> {
    const input = purpose === 'backup' ? { purpose, suggestedName: backupFileName() } : { purpose };
    const choice = await api().call('app.chooseFile', input);
    return choice.file;
  }

  /** Opens the data folder in the system's file manager (desktop app only). */
  async function showDataFolder(): Promise<void> {
    await api().call('app.showDataFolder', {});
  }

  return { info, loading, hasNativeDialogs, connection, serverStore, load, loadServerStore, runtime, printToPdf, suggestedBackupFile, chooseFile, showDataFolder };
});
