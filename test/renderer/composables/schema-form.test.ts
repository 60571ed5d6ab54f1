// @vitest-environment happy-dom
import { expect, test } from 'vitest';
import '../../../src-shared/zod-setup';
import { NewPet } from '../../../src-shared/schemas/pet';
import { StoreError } from '../../../src-shared/errors';
import { useSchemaForm, type FormModel } from '../../../src-renderer/composables/useSchemaForm';

const blank = (): FormModel<typeof NewPet> => ({ name: '', categoryId: null, status: 'available' });

test('messages come from the shared schema: shown for touched fields as the clerk types, all on submit', () => {
  const form = useSchemaForm(NewPet, blank);
  expect(form.errorFor('name')).toBeUndefined(); // nothing shouts before the clerk does anything
  form.model.name = 'x'.repeat(101);
  form.touch('name');
  expect(form.errorFor('name')).toBe('Must be at most 100 characters');
  expect(form.errorFor('categoryId')).toBeUndefined();

  expect(form.submit()).toBeUndefined();
  expect(form.errorFor('categoryId')).toBe('Required');

  form.model.name = '  Rex  ';
  form.model.categoryId = 3;
  expect(form.submit()).toEqual({ name: 'Rex', categoryId: 3, status: 'available' }); // parsed: trimmed
});

test("a refusal's details land under their fields until the clerk edits them; reset clears everything", () => {
  const form = useSchemaForm(NewPet, blank);
  form.model.name = 'Rex';
  form.model.categoryId = 99;
  const matched = form.applyServerError(
    StoreError.fromBody({ code: 'VALIDATION_FAILED', status: 400, message: 'Invalid input', details: [{ path: 'categoryId', message: 'Unknown category' }, { path: 'elsewhere', message: 'x' }] }),
  );
  expect(matched).toBe(true);
  expect(form.errorFor('categoryId')).toBe('Unknown category');
  form.touch('categoryId');
  expect(form.errorFor('categoryId')).toBeUndefined();

  form.submit();
  form.reset();
  expect(form.model).toEqual(blank());
  expect(form.errorFor('categoryId')).toBeUndefined();
});

test('a refusal about one field that names none (a conflict) can be put under it, until the field changes', () => {
  const form = useSchemaForm(NewPet, blank);
  form.showServerError('status', 'Pet 2 has open orders');
  expect(form.itemProps('status')).toEqual({ validationStatus: 'error', feedback: 'Pet 2 has open orders' });
  form.touch('status');
  expect(form.errorFor('status')).toBeUndefined();
});

test('dirty says whether the values differ from those the form opened with (its last reset)', () => {
  const form = useSchemaForm(NewPet, blank);
  expect(form.dirty.value).toBe(false);
  form.model.name = 'Rex';
  expect(form.dirty.value).toBe(true);
  form.model.name = blank().name;
  expect(form.dirty.value, 'typed and taken back: nothing to lose').toBe(false);
  form.model.categoryId = 3;
  form.reset();
  expect(form.dirty.value).toBe(false);
});

test('an edit sends only what the clerk changed; a value changed elsewhere is taken into untouched fields only', () => {
  const rex = (): FormModel<typeof NewPet> => ({ name: 'Rex', categoryId: 1, status: 'available' });
  const form = useSchemaForm(NewPet, rex);
  form.model.name = '  Rex  ';
  expect(form.changesIn(form.submit()!), 'trimmed back to what it was: no change').toEqual({});
  form.model.name = 'Rexy';
  expect(form.isChanged('name')).toBe(true);
  expect(form.isChanged('status')).toBe(false);

  // Elsewhere the pet went pending and was renamed: status follows, the clerk's name stays theirs.
  expect(form.preset('status', 'pending')).toBe(true);
  expect(form.preset('name', 'Rex II')).toBe(false);
  expect(form.model).toEqual({ name: 'Rexy', categoryId: 1, status: 'pending' });
  expect(form.changesIn(form.submit()!)).toEqual({ name: 'Rexy' });

  // Typed back to the name it opened with: that is still not the name the pet has now, so it is sent.
  form.model.name = 'Rex';
  expect(form.dirty.value).toBe(false);
  expect(form.changesIn(form.submit()!)).toEqual({ name: 'Rex' });

  form.reset();
  expect(form.changesIn(form.submit()!), 'reopened: measured against the record as it opens').toEqual({});
});

test('follow takes a record re-read while open: untouched fields take the new values, the clerk\'s own stay, and it says which did', () => {
  const form = useSchemaForm(NewPet, () => ({ name: 'Rex', categoryId: 1, status: 'available' }));
  form.model.name = 'Rex II';
  expect(form.follow({ name: 'Max', categoryId: 2, status: 'available' })).toEqual([
    { field: 'name', kept: true },
    { field: 'categoryId', kept: false },
  ]);
  expect(form.model).toEqual({ name: 'Rex II', categoryId: 2, status: 'available' });
  // Taken values are not unsaved changes; the clerk's is, and it is all an edit sends.
  expect(form.isChanged('categoryId')).toBe(false);
  expect(form.changesIn(form.submit()!)).toEqual({ name: 'Rex II' });
  // Read again unchanged: nothing to say.
  expect(form.follow({ name: 'Max', categoryId: 2, status: 'available' })).toEqual([]);
});

test("an invalid field's input is aria-invalid and described by its message's stable id, only while the message shows", () => {
  const form = useSchemaForm(NewPet, blank);
  const id = form.messageId('name');
  expect(form.messageId('name')).toBe(id); // stable
  expect(form.messageId('categoryId')).not.toBe(id); // one per field
  expect(useSchemaForm(NewPet, blank).messageId('name')).not.toBe(id); // and per form
  expect(form.messageId('allowedOrigins.0')).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(form.inputAria('name')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });

  form.submit();
  expect(form.inputAria('name')).toEqual({ 'aria-invalid': 'true', 'aria-describedby': id });
  expect(form.messageProps('name')).toEqual({ id, role: 'alert' });
  expect(form.withInputAria('categoryId', { inputProps: { role: 'combobox' }, filterable: true })).toEqual({
    filterable: true,
    inputProps: { role: 'combobox', 'aria-invalid': 'true', 'aria-describedby': form.messageId('categoryId') },
  });

  form.model.name = 'Rex';
  expect(form.inputAria('name')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
  // Feedback given elsewhere: a warning describes the field without making it invalid, and is a status.
  expect(form.inputAria('shipDate', 'This date is in the past', false)).toEqual({ 'aria-invalid': undefined, 'aria-describedby': form.messageId('shipDate') });
  expect(form.messageProps('shipDate', 'warning').role).toBe('status');
});
