import type { OperationInput } from '../../src-shared/contract';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';
import type { InventoryItem } from '../../src-shared/schemas/inventory';
import type { Pet } from '../../src-shared/schemas/pet';
import { api } from '../api/client';

/** A pet offered by a pet picker, with its stock. */
export interface PetChoice {
  pet: Pet;
  stock: number;
}

/** The pets with these ids, in one call (ids not found are absent: a deleted pet). */
export async function petsById(ids: number[]): Promise<Map<number, Pet>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const page = await api().call('pets.list', { id: unique, limit: PAGE_LIMIT_MAX });
  return new Map(page.items.map((pet) => [pet.id, pet]));
}

/** One pet, or null when it does not exist (any more). */
export async function findPet(petId: number): Promise<Pet | null> {
  return (await petsById([petId])).get(petId) ?? null;
}

/** A pet's current stock and status; rejects with NOT_FOUND for a pet that does not exist. */
export async function stockOf(petId: number): Promise<InventoryItem> {
  return api().call('inventory.get', { petId });
}

/**
 * Pets whose name contains `q` (or whose id is `q`), by name, with their stock: for the pet
 * pickers. `availableOnly` offers only pets that can be ordered.
 */
export async function searchPets(q: string, { availableOnly = false, limit = 20 } = {}): Promise<PetChoice[]> {
  const text = q.trim();
  const status: OperationInput<'pets.list'>['status'] = availableOnly ? ['available'] : undefined;
  const byName = await api().call('pets.list', { q: text || undefined, status, sort: 'name', limit });
  let pets = byName.items;
  // A clerk may type the id printed on a receipt or a cage label.
  if (/^\d{1,15}$/.test(text) && Number(text) > 0) {
    const byId = await api().call('pets.list', { id: [Number(text)], status, limit: 1 });
    pets = [...byId.items, ...pets.filter((pet) => pet.id !== Number(text))];
  }
  if (pets.length === 0) return [];
  const stock = await api().call('inventory.list', { petId: pets.map((pet) => pet.id), limit: PAGE_LIMIT_MAX });
  const byPet = new Map(stock.items.map((item) => [item.petId, item.quantity]));
  return pets.map((pet) => ({ pet, stock: byPet.get(pet.id) ?? 0 }));
}
