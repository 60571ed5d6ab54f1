import { ref, type Ref } from 'vue';
import type { EventType, StoreEvent } from '../../src-shared/schemas/event';
import { useStoreEvents } from './useStoreEvents';

/** What changed elsewhere while a record's edit dialog was open: one note per field, or its deletion. */
export interface ElsewhereChanges {
  deleted: boolean;
  notes: Record<string, string>;
}

interface EditForm {
  model: Record<string, unknown>;
  preset(field: string, value: unknown): boolean;
}

export interface EditedElsewhereOptions<F extends string> {
  open: Ref<boolean>;
  /** While saving, a change may be the dialog's own: it is followed, not announced. */
  saving: Ref<boolean>;
  form: EditForm;
  updated: EventType;
  deleted: EventType;
  /** The edited fields of an event's record, as the form holds them; undefined when it is not one. */
  read: (data: StoreEvent['data']) => Record<F, unknown> | undefined;
  labels: Record<F, string>;
  /** A value as the clerk reads it (a category's name rather than its id). */
  show?: (field: F, value: unknown) => string;
}

/**
 * Follows the record an edit dialog has open while it stays open: a change made elsewhere (REST,
 * another window) fills the fields the clerk has not touched, and a note per field says what changed
 * and, for a field the clerk did change, that their value replaces it on Save. Call `follow` with the
 * record each time the dialog opens.
 */
export function useEditedElsewhere<F extends string>(options: EditedElsewhereOptions<F>) {
  const { open, saving, form, labels } = options;
  const show = options.show ?? ((_field: F, value: unknown) => String(value));
  const changes = ref<ElsewhereChanges>({ deleted: false, notes: {} });
  let known: { id: unknown; fields: Record<F, unknown> } | undefined;

  function follow(id: unknown, fields: Record<F, unknown> | undefined): void {
    changes.value = { deleted: false, notes: {} };
    known = fields ? { id, fields } : undefined;
  }

  useStoreEvents(
    [options.updated, options.deleted],
    (event) => {
      if (!open.value || !known || event.data.id !== known.id) return;
      if (event.type === options.deleted) {
        changes.value = { deleted: true, notes: {} };
        return;
      }
      const now = options.read(event.data);
      if (!now) return;
      const notes = { ...changes.value.notes };
      for (const field of Object.keys(labels) as F[]) {
        const value = now[field];
        if (value === known.fields[field]) continue;
        const kept = !form.preset(field, value) && form.model[field] !== value;
        if (saving.value) continue;
        notes[field] = `${labels[field]} is now ${show(field, value)}` + (kept ? `; yours (${show(field, form.model[field])}) replaces it when you save.` : '.');
      }
      known = { id: known.id, fields: now };
      changes.value = { deleted: false, notes };
    },
    { every: true },
  );

  return { changes, follow };
}
