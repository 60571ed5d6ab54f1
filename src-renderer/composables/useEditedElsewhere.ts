import { ref, type Ref } from 'vue';
import type { EventData } from '../../src-shared/schemas/event';
import { useStoreEvents } from './useStoreEvents';

/** What changed elsewhere while a record's edit dialog was open: one note per field, or its deletion. */
export interface ElsewhereChanges {
  deleted: boolean;
  notes: Record<string, string>;
}

interface EditForm {
  model: Record<string, unknown>;
  /** useSchemaForm's: takes a record's new values into untouched fields, says which fields changed. */
  follow(now: Record<string, unknown>): { field: string; kept: boolean }[];
}

/** A field changed elsewhere, in words; `yours` when the clerk's own value replaces it on Save. */
export function changeNote(label: string, now: string, yours?: string, verb = 'is'): string {
  return `${label} ${verb} now ${now}` + (yours === undefined ? '.' : `; yours (${yours}) replaces it when you save.`);
}

/** The events of a record an edit dialog can follow: its change and its deletion. */
type FollowedEvent = 'pet.updated' | 'pet.deleted' | 'category.updated' | 'category.deleted';

export interface EditedElsewhereOptions<F extends string, U extends FollowedEvent, D extends FollowedEvent> {
  open: Ref<boolean>;
  /** While saving, a change may be the dialog's own: it is followed, not announced. */
  saving: Ref<boolean>;
  form: EditForm;
  updated: U;
  deleted: D;
  /** The edited fields of the changed record, as the form holds them. */
  read: (record: EventData<U>) => Record<F, unknown>;
  labels: Record<F, string>;
  /** A value as the clerk reads it (a category's name rather than its id). */
  show?: (field: F, value: unknown) => string;
}

/**
 * Follows the record an edit dialog has open while it stays open: a change made elsewhere (REST,
 * another window) fills the fields the clerk has not touched, and a note per field says what changed
 * and, for a field the clerk did change, that their value replaces it on Save. Call `follow` with the
 * record's id each time the dialog opens (after the form's reset: the form knows its values).
 */
export function useEditedElsewhere<F extends string, U extends FollowedEvent, D extends FollowedEvent>(options: EditedElsewhereOptions<F, U, D>) {
  const { open, saving, form, labels } = options;
  const show = options.show ?? ((_field: F, value: unknown) => String(value));
  const changes = ref<ElsewhereChanges>({ deleted: false, notes: {} });
  let followed: unknown; // the record's id, or undefined (a new record: nothing to follow)

  function follow(id: unknown): void {
    changes.value = { deleted: false, notes: {} };
    followed = id;
  }

  useStoreEvents(
    [options.updated, options.deleted],
    (event) => {
      // Every followed event's record has an id (TypeScript cannot see it through the type parameters).
      if (!open.value || followed === undefined || (event.data as EventData<FollowedEvent>).id !== followed) return;
      if (event.type === options.deleted) {
        changes.value = { deleted: true, notes: {} };
        return;
      }
      const now = options.read(event.data as EventData<U>);
      const notes = { ...changes.value.notes };
      for (const { field, kept } of form.follow(now)) {
        if (saving.value) continue; // while saving, the change may be the dialog's own: followed, not announced
        const key = field as F;
        notes[key] = changeNote(labels[key], show(key, now[key]), kept ? show(key, form.model[key]) : undefined);
      }
      changes.value = { deleted: false, notes };
    },
    { every: true },
  );

  return { changes, follow };
}
