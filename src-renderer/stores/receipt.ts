import { defineStore } from 'pinia';
import type { Pet } from '../../src-shared/schemas/pet';
import { api, ApiError } from '../api/client';
import { placed, type PlacedOrder } from './orders';
import { findPet } from './pet-lookup';

/** What a receipt shows. */
export interface ReceiptData {
  order: PlacedOrder;
  pet: Pet | null;
  categoryName: string | null;
}

/** A printable receipt's data: the order, its pet as it is now (null once deleted) and the pet's category. */
export const useReceiptStore = defineStore('receipt', () => {
  /** Everything a receipt shows; rejects with NOT_FOUND when the order does not exist (cancelled). */
  async function load(orderId: number): Promise<ReceiptData> {
    const order = placed(await api().call('orders.get', { orderId }));
    const pet = await findPet(order.petId);
    let categoryName: string | null = null;
    if (pet) {
      try {
        categoryName = (await api().call('categories.get', { categoryId: pet.categoryId })).name;
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'NOT_FOUND')) throw error;
      }
    }
    return { order, pet, categoryName };
  }

  return { load };
});
