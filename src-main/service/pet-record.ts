import { StoreError } from '../../src-shared/errors';
import { DETAIL_FIELDS, RECORD_FIELDS, type Pet, type RecordField } from '../../src-shared/schemas/pet';
import type { PetDetails } from '../db/repositories/pet-details';
import type { PetRow } from '../db/repositories/pets';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';

/** A pet's fields beyond the interface's as a write sends them: a value sets one, `null` clears it, one not sent stays. */
export type RecordInput = { [K in RecordField]?: Pet[K] | null };
/** Those fields with their values: the price and SKU (on the pet's row) and the animal's details. */
export type PetRecord = Pick<Pet, RecordField>;

/** The record after a write: each field sent replaces the one before (`null` and an empty text clear it). */
export function mergedRecord(before: PetRecord, sent: RecordInput): PetRecord {
  const after: Record<string, unknown> = {};
  for (const field of RECORD_FIELDS) {
    const value = sent[field] === undefined ? before[field] : sent[field];
    // An empty health note is none, as an empty description is; an empty list of vaccinations is none too.
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    after[field] = value;
  }
  return after as PetRecord;
}

/** The animal's details of a record (what pet_details holds). */
export function detailsOf(record: PetRecord): PetDetails {
  const details: Record<string, unknown> = {};
  for (const field of DETAIL_FIELDS) if (record[field] !== undefined) details[field] = record[field];
  return details as PetDetails;
}

/** The pet as lists and events give it: its row's fields with the record's price and SKU. */
export function petRowWith(pet: Omit<PetRow, 'price' | 'sku'>, { price, sku }: PetRecord): PetRow {
  const row: PetRow = { id: pet.id, name: pet.name, categoryId: pet.categoryId, status: pet.status };
  if (price !== undefined) row.price = price;
  if (sku !== undefined) row.sku = sku;
  if (pet.photo) row.photo = pet.photo;
  return row;
}

/**
 * Refuses a SKU or microchip number another pet has (`petId`: the pet being written, which may
 * keep its own). SKUs compare case aside; microchip numbers are digits.
 */
export function* requireUniqueRecord(ctx: HandlerContext, petId: number | undefined, { sku, microchip }: PetRecord): Step<void> {
  const skuHolder = sku === undefined ? undefined : yield* ctx.pets.findBySku(sku);
  if (skuHolder !== undefined && skuHolder !== petId) {
    const message = `The SKU "${sku}" belongs to ${yield* describe(ctx, skuHolder)}: SKUs are unique (case aside)`;
    throw new StoreError('SKU_TAKEN', message, [{ path: 'sku', message }]);
  }
  const chipHolder = microchip === undefined ? undefined : yield* ctx.petDetails.findByMicrochip(microchip);
  if (chipHolder !== undefined && chipHolder !== petId) {
    const message = `The microchip number ${microchip} belongs to ${yield* describe(ctx, chipHolder)}: one chip, one animal`;
    throw new StoreError('MICROCHIP_TAKEN', message, [{ path: 'microchip', message }]);
  }
}

function* describe(ctx: HandlerContext, petId: number): Step<string> {
  const pet = yield* ctx.pets.find(petId);
  return `${pet?.name ?? 'another pet'} (pet ${petId})`;
}
