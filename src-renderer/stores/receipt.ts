import { defineStore } from 'pinia';
import type { Order } from '../../src-shared/schemas/order';
import type { Pet } from '../../src-shared/schemas/pet';
import { StoreError } from '../../src-shared/errors';
import { api } from '../api/client';
import { findPet } from './pet-lookup';

/** What a receipt shows. */
export interface ReceiptData {
  order: Order;
  pet: Pet | null;
  categoryName: string | null;
}

/** A printable receipt's data: the order, its pet as it is now (null once deleted) and the pet's category. */
export const useReceiptStore = defineStore('receipt', () => {
  /**
   * Everything a receipt shows; rejects with ORDER_CANCELLED for a cancelled order (kept as a
   * record, but nothing was sold), NOT_FOUND for one that does not exist.
   */
  async function load(orderId: number): Promise<ReceiptData> {
    const order = await api().call('orders.get', { orderId });
    if (order.status === 'cancelled') throw new StoreError('ORDER_CANCELLED', `Order ${orderId} was cancelled`);
    const pet = await findPet(order.petId);
    let categoryName: string | null = null;
    if (pet) {
      try {
        categoryName = (await api().call('categories.get', { categoryId: pet.categoryId })).name;
      } catch (error) {
        if (!(error instanceof StoreError && error.code === 'NOT_FOUND')) throw error;
      }
    }
    return { order, pet, categoryName };
  }

  return { load };
});
