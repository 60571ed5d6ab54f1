import { computed, reactive, ref, type Ref } from 'vue';
import type { z } from 'zod';
import { detailsFromZod } from '../../src-shared/errors';
import type { ApiError } from '../api/client';

/**
 * Inline validation from a shared schema: the same Zod schema the main process enforces
 * produces the messages under each field. `touched` fields show their message as the clerk types;
 * `submit()` shows them all. Errors the service sends back with `details` land on their fields too.
 */
export function useSchemaForm<S extends z.ZodType<object>>(schema: S, initial: () => Record<string, unknown>) {
  const model = reactive(initial()) as Record<string, unknown>;
  const touched = reactive(new Set<string>());
  const serverErrors: Ref<Record<string, string>> = ref({});
  const showAll = ref(false);
  /** The values as the form opened (its last reset): anything else is an unsaved change. */
  const baseline = ref(JSON.stringify(model));
  const dirty = computed(() => JSON.stringify(model) !== baseline.value);

  const clientErrors = computed<Record<string, string>>(() => {
    const result = schema.safeParse(stripEmpty(model));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const detail of detailsFromZod(result.error)) errors[detail.path] ??= detail.message;
    return errors;
  });

  /** The message to show under a field, if any. */
  function errorFor(field: string): string | undefined {
    if (serverErrors.value[field]) return serverErrors.value[field];
    if (showAll.value || touched.has(field)) return clientErrors.value[field];
    return undefined;
  }

  /** A form item's validation look and message: `<NFormItem v-bind="form.itemProps('name')">`. */
  function itemProps(field: string): { validationStatus: 'error' | undefined; feedback: string | undefined } {
    const message = errorFor(field);
    return { validationStatus: message ? 'error' : undefined, feedback: message };
  }

  function touch(field: string): void {
    touched.add(field);
    delete serverErrors.value[field];
  }

  /** The parsed value when the form is valid; otherwise shows every message and returns undefined. */
  function submit(): z.output<S> | undefined {
    showAll.value = true;
    const result = schema.safeParse(stripEmpty(model));
    return result.success ? result.data : undefined;
  }

  /** Puts a refusal's per-field details under their fields; returns whether any matched. */
  function applyServerError(error: ApiError): boolean {
    const fields = Object.keys(model);
    const matched = (error.details ?? []).filter((detail) => fields.includes(detail.path));
    serverErrors.value = Object.fromEntries(matched.map((detail) => [detail.path, detail.message]));
    return matched.length > 0;
  }

  /** Puts a refusal that concerns one field (but names none, as a conflict) under that field. */
  function showServerError(field: string, message: string): void {
    serverErrors.value = { ...serverErrors.value, [field]: message };
  }

  const opened = () => JSON.parse(baseline.value) as Record<string, unknown>;
  /** The record's values as last known (opened with, or changed elsewhere since): what an edit is measured against. */
  let stored: Record<string, unknown> = opened();

  /** Whether the clerk has changed a field from the value the form opened with. */
  function isChanged(field: string): boolean {
    return JSON.stringify(model[field]) !== JSON.stringify(opened()[field]);
  }

  /**
   * Fills a field with a value found after the form opened (a suggestion loaded on open, the
   * record changed elsewhere) as if it had opened with it: not an unsaved change. Left alone once
   * the clerk changed it; returns whether it was filled.
   */
  function preset(field: string, value: unknown): boolean {
    stored = { ...stored, [field]: value };
    if (isChanged(field)) return false;
    model[field] = value;
    baseline.value = JSON.stringify({ ...opened(), [field]: value });
    return true;
  }

  /**
   * Takes a record re-read while the form is open (changed elsewhere): every field whose value
   * differs from the last known one is `preset`. Answers those fields, each with whether the
   * clerk's own value stays in the form (they had changed it) rather than the new one.
   */
  function follow(now: Record<string, unknown>): { field: string; kept: boolean }[] {
    const changed: { field: string; kept: boolean }[] = [];
    for (const [field, value] of Object.entries(now)) {
      if (JSON.stringify(value) === JSON.stringify(stored[field])) continue;
      const kept = !preset(field, value) && JSON.stringify(model[field]) !== JSON.stringify(value);
      changed.push({ field, kept });
    }
    return changed;
  }

  /** The fields of a submitted value that differ from the record's values as last known: what an edit sends. */
  function changesIn<T extends object>(submitted: T): Partial<T> {
    return Object.fromEntries(
      Object.entries(submitted).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(stored[field])),
    ) as Partial<T>;
  }

  function reset(): void {
    Object.assign(model, initial());
    baseline.value = JSON.stringify(model);
    stored = opened();
    touched.clear();
    serverErrors.value = {};
    showAll.value = false;
  }

  return { model, dirty, errorFor, itemProps, touch, submit, applyServerError, showServerError, isChanged, preset, follow, changesIn, reset };
}

/** Unset inputs (a cleared select is null) count as "not given", as in the API. */
function stripEmpty(model: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(model).filter(([, value]) => value !== null && value !== undefined));
}
