import { useMessage } from 'naive-ui';
import { computed, onMounted, ref, watch } from 'vue';
import type { StoreSettings } from '../../src-shared/schemas/settings';
import { StoreError } from '../../src-shared/errors';
import { changeNote, type ElsewhereChanges } from './useEditedElsewhere';
import { useSchemaForm, type FormModel, type FormSchema } from './useSchemaForm';
import { useStoreEvents } from './useStoreEvents';
import { useUnsavedGuard } from './useUnsavedGuard';
import { changedSettings, SETTING_NAMES, useSettingsStore } from '../stores/settings';

type SettingKey = keyof StoreSettings;

export interface SettingsFormOptions<S extends FormSchema> {
  /** The form's schema: settings picked from StoreSettings, a field possibly shown otherwise (a rate in percent). */
  schema: S;
  /** What the unsaved-edits question calls this form ("the shop settings"). */
  what: string;
  /** The form's values from the stored settings. */
  fromStore: (settings: StoreSettings) => FormModel<S>;
  /** The settings a parsed change sets (a percent back to basis points); the identity by default. */
  toPatch?: (changes: Record<string, unknown>) => Partial<StoreSettings>;
  /** A field's value as a note says it ("none", "19 %"). */
  show?: (key: SettingKey, value: unknown) => string;
  /** More edits than the model holds (a date typed and not understood yet). */
  pending?: () => boolean;
  /** Whether a field holds the save back by itself (the date field says why). */
  holds?: () => boolean;
  /** Called when the form goes back to what is stored. */
  onReset?: () => void;
}

const shownByDefault = (_key: SettingKey, value: unknown): string => (Array.isArray(value) ? value.join(', ') || 'none' : String(value));

/**
 * One card of the Settings screen that edits some of the owner's settings: loaded from the store,
 * following changes made elsewhere (a note while the clerk edits), saving only what the clerk
 * changed, and asking before its edits are dropped. The Shop and the API cards share it.
 */
export function useSettingsForm<S extends FormSchema>(options: SettingsFormOptions<S>) {
  const settings = useSettingsStore();
  const message = useMessage();
  const saving = ref(false);
  /** The fields stay read-only until they show what is stored (typing earlier would be overwritten). */
  const ready = ref(false);
  const form = useSchemaForm(options.schema, () => options.fromStore(settings.settings));
  const keys = Object.keys(options.fromStore(settings.settings)) as SettingKey[];
  const show = options.show ?? shownByDefault;
  const pending = () => options.pending?.() ?? false;
  const labelOf = (key: SettingKey) => SETTING_NAMES[key].charAt(0).toUpperCase() + SETTING_NAMES[key].slice(1);
  const model = form.model as Record<string, unknown>;

  onMounted(async () => {
    try {
      await settings.load();
      form.reset();
      ready.value = true;
    } catch (error) {
      message.error((error as Error).message);
    }
  });

  /** What was changed elsewhere (another window, the CLI) since the form last showed what is stored. */
  const elsewhere = ref<ElsewhereChanges>({ deleted: false, notes: {} });

  // A change made elsewhere: untouched fields take it; while the clerk edits, a note says what
  // changed and, for a field the clerk changed too, that theirs wins on Save.
  useStoreEvents(
    ['settings.updated'],
    async (event) => {
      if (!changedSettings(event.data).some((key) => keys.includes(key))) return;
      try {
        await settings.load();
      } catch {
        return; // The next change, or a Save, reads them again.
      }
      if (!ready.value) return;
      const editing = form.dirty.value || pending();
      const notes = editing ? { ...elsewhere.value.notes } : {};
      const now = options.fromStore(settings.settings) as Record<string, unknown>;
      for (const { field, kept } of form.follow(now)) {
        // While saving, a change may be this form's own: followed, not announced.
        if (saving.value || !editing) continue;
        const key = field as SettingKey;
        const verb = key === 'allowedOrigins' ? 'are' : 'is';
        notes[key] = changeNote(labelOf(key), show(key, now[key]), kept ? show(key, model[key]) : undefined, verb);
      }
      elsewhere.value = { deleted: false, notes };
    },
    { every: true },
  );

  /** Back to what is stored: the edits and the notes go. */
  function undo(): void {
    form.reset();
    options.onReset?.();
    elsewhere.value = { deleted: false, notes: {} };
  }

  /** Whether the form holds edits that are not saved yet. */
  const unsaved = computed(() => ready.value && (form.dirty.value || pending()));
  // Leaving the screen (a click in the navigation, a shortcut) would drop the edits silently.
  useUnsavedGuard(options.what, () => unsaved.value);

  /** Just saved and not edited since: a double click right after a save does nothing more. */
  const justSaved = ref(false);
  watch(unsaved, (edited) => {
    if (edited) justSaved.value = false;
  });

  async function save(): Promise<void> {
    if (saving.value || justSaved.value) return;
    const parsed = form.submit();
    if (options.holds?.()) return;
    if (!parsed) {
      message.error('Some settings need fixing first');
      return;
    }
    // Only what the clerk changed: a setting changed elsewhere meanwhile is not written back over.
    const changes = form.changesIn(parsed as object) as Record<string, unknown>;
    if (Object.keys(changes).length === 0) {
      undo();
      message.info('Nothing to save: the settings are as stored');
      return;
    }
    saving.value = true;
    try {
      await settings.update(options.toPatch ? options.toPatch(changes) : (changes as Partial<StoreSettings>));
      undo();
      justSaved.value = true;
      message.success('Settings saved');
    } catch (error) {
      if (error instanceof StoreError) form.applyServerError(error);
      message.error((error as Error).message);
    } finally {
      saving.value = false;
    }
  }

  return { form, ready, saving, elsewhere, unsaved, undo, save };
}
