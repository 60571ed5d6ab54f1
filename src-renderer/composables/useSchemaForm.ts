import { computed, reactive, ref, type Ref } from 'vue';
import type { z } from 'zod';
import { detailsFromZod, type StoreError } from '../../src-shared/errors';

let forms = 0;

/** ARIA attributes for a field's input; an undefined one is left off. */
export type FieldAria = { 'aria-invalid': 'true' | undefined; 'aria-describedby': string | undefined };

/** What is said under a field: an error holds the form, a warning only says. */
export interface FieldFeedback {
  text: string;
  status: 'error' | 'warning';
}

/** A field of a form's model, or an entry of one of its lists ("allowedOrigins.0"): where its message goes. */
export type FieldPath<M> = Extract<keyof M, string> | `${Extract<keyof M, string>}.${number}`;

/** What a field's markup (SchemaField, DateField) is given. */
export interface FieldProps<M> {
  form: FieldForm<M>;
  /** The model's field, or for a slotted input an entry of a list ("allowedOrigins.0"). */
  field: FieldPath<M>;
  /** The form item's label; without one none is shown. */
  label?: string;
  /** The input's accessible name when it is not the label ("Rate limit per minute"). */
  inputLabel?: string;
  /** What is said under the field instead of the schema's message (a stock check, a date's note); null: nothing. */
  feedback?: FieldFeedback | null;
}

/** What a field's markup uses of a form. */
export interface FieldForm<M> {
  model: M;
  errorFor(field: string): string | undefined;
  inputAria(field: string, message?: string, invalid?: boolean): FieldAria;
  messageProps(field: string, status?: FieldFeedback['status']): { id: string; role: 'alert' | 'status' };
  edit(field: string, value: unknown): void;
}

/**
 * A form's values as the clerk edits them: the schema's input, where a field a widget can empty (a
 * select, a date, a number) may be null. A number field holds the text typed while it reads as no
 * number (NumberInput): the schema refuses it with its message.
 */
export type FormModel<S extends FormSchema> = { [K in keyof z.input<S>]: Emptiable<z.input<S>[K]> };
type Emptiable<T> = T extends readonly unknown[] ? T : T | null;

/**
 * A form's schema: an object of text, numbers, choices and lists (of text, or of records such as a
 * pet's vaccinations). (Saying so keeps a form's initial choices, `scope: 'read'`, the schema's
 * literal types rather than any string.)
 */
export type FormSchema = z.ZodType<object, { [field: string]: string | number | boolean | readonly string[] | readonly object[] | null | undefined }>;

/**
 * Inline validation from a shared schema: the same Zod schema the main process enforces
 * produces the messages under each field. `touched` fields show their message as the clerk types;
 * `submit()` shows them all. Errors the service sends back with `details` land on their fields too.
 *
 * A message is tied to its field for screen readers, as StockAdjuster does: the input is
 * `aria-invalid` and described by the message (`inputAria`, on its input-props), and the message,
 * in the form item's `#feedback` slot with `messageProps`, is an alert, read once as it appears
 * (the focus stays where it is, so it is not read twice).
 */
export function useSchemaForm<S extends FormSchema>(schema: S, initial: () => NoInfer<FormModel<S>>) {
  const model = reactive(initial()) as FormModel<S>;
  /** The same values by field name. */
  const values: Record<string, unknown> = model;
  const touched = reactive(new Set<string>());
  const serverErrors: Ref<Record<string, string>> = ref({});
  const showAll = ref(false);
  /** The values as the form opened (its last reset): anything else is an unsaved change. */
  const baseline = ref(JSON.stringify(model));
  const dirty = computed(() => JSON.stringify(model) !== baseline.value);
  const idPrefix = `form-${++forms}`;

  const clientErrors = computed<Record<string, string>>(() => {
    const result = schema.safeParse(stripEmpty(values));
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

  /** The id of the element holding a field's message: the same for as long as the form lives. */
  function messageId(field: string): string {
    return `${idPrefix}-${field.replace(/[^A-Za-z0-9_-]/g, '-')}-message`;
  }

  /**
   * The field's input ARIA: invalid while its message is an error, described by the message while
   * one shows. `message` is for feedback the form item gets elsewhere (a stock check, a date's note);
   * `invalid` is false for a message that only warns.
   */
  function inputAria(field: string, message: string | undefined = errorFor(field), invalid = !!message): FieldAria {
    return { 'aria-invalid': message && invalid ? 'true' : undefined, 'aria-describedby': message ? messageId(field) : undefined };
  }

  /** Bindings (as useSelectAria's) whose `inputProps` get the field's `inputAria` too: `<NSelect v-bind="form.withInputAria(...)">`. */
  function withInputAria(field: string, bindings: Record<string, unknown>): Record<string, unknown> {
    return { ...bindings, inputProps: { ...(bindings.inputProps as Record<string, unknown> | undefined), ...inputAria(field) } };
  }

  /** The message element's attributes, in the form item's `#feedback` slot; an alert unless it only warns. */
  function messageProps(field: string, status: FieldFeedback['status'] = 'error'): { id: string; role: 'alert' | 'status' } {
    return { id: messageId(field), role: status === 'error' ? 'alert' : 'status' };
  }

  function touch(field: string): void {
    touched.add(field);
    delete serverErrors.value[field];
  }

  /** The clerk changed a field (SchemaField's input): its new value, its message shown from now on. */
  function edit(field: string, value: unknown): void {
    values[field] = value;
    touch(field);
  }

  /** The parsed value when the form is valid; otherwise shows every message and returns undefined. */
  function submit(): z.output<S> | undefined {
    showAll.value = true;
    const result = schema.safeParse(stripEmpty(values));
    return result.success ? result.data : undefined;
  }

  /** Puts a refusal's per-field details under their fields; returns whether any matched. */
  function applyServerError(error: StoreError): boolean {
    const fields = Object.keys(values);
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
    return JSON.stringify(values[field]) !== JSON.stringify(opened()[field]);
  }

  /**
   * Fills a field with a value found after the form opened (a suggestion loaded on open, the
   * record changed elsewhere) as if it had opened with it: not an unsaved change. Left alone once
   * the clerk changed it; returns whether it was filled.
   */
  function preset(field: string, value: unknown): boolean {
    stored = { ...stored, [field]: value };
    if (isChanged(field)) return false;
    values[field] = value;
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
      const kept = !preset(field, value) && JSON.stringify(values[field]) !== JSON.stringify(value);
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

  return { model, dirty, errorFor, itemProps, messageId, inputAria, withInputAria, messageProps, touch, edit, submit, applyServerError, showServerError, isChanged, preset, follow, changesIn, reset };
}

/** Unset inputs (a cleared select is null) count as "not given", as in the API. */
function stripEmpty(model: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(model).filter(([, value]) => value !== null && value !== undefined));
}
