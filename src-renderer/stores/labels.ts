import { defineStore } from 'pinia';
import type { Pet } from '../../src-shared/schemas/pet';
import { api } from '../api/client';
import { petsById } from './pet-lookup';

/** The pets to print labels for, in the order asked, with the ids that name no pet (deleted since). */
export interface LabelPets {
  pets: Pet[];
  missing: number[];
}

/** Shelf and cage labels: the pets chosen, read as they are now, and the shop's currency for their prices. */
export const useLabelsStore = defineStore('labels', () => {
  /** The pets with these ids, in this order; ids that name no pet are returned apart. */
  async function load(ids: readonly number[]): Promise<LabelPets> {
    const found = await petsById([...ids]);
    return { pets: ids.flatMap((id) => found.get(id) ?? []), missing: ids.filter((id) => !found.has(id)) };
  }

  /** The shop's currency, in which every price is. */
  async function currency(): Promise<string> {
    return (await api().call('shop.get', {})).currency;
  }

  return { load, currency };
});
