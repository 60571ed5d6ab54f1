/**
 * The fixed answers of the servers that do no work ((a) and (f)): the same shape and size as the
 * store's answers (one pet; a page of 50 pets; an order), so the comparison is byte for byte.
 */
const pet = (id: number) => ({ id, name: `Rex ${id}`, categoryId: 1 + (id % 10), status: 'available' });

export const FIXED_BODIES = {
  onePet: JSON.stringify([pet(12345)]),
  page: JSON.stringify(Array.from({ length: 50 }, (_, i) => pet(1 + i * 10))),
  order: JSON.stringify({ id: 123456, petId: 12, quantity: 1, complete: false }),
};
