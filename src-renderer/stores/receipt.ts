import { defineStore } from 'pinia';
import type { Order } from '../../src-shared/schemas/order';
import type { Pet } from '../../src-shared/schemas/pet';
import type { Sale } from '../../src-shared/schemas/sale';
import { StoreError } from '../../src-shared/errors';
import { api } from '../api/client';
import { findPet } from './pet-lookup';

/** What an order's receipt shows. */
export interface ReceiptData {
  order: Order;
  pet: Pet | null;
  categoryName: string | null;
}

/** What heads and ends a sale's receipt: the shop's terms (`shop.get`, a till's too), as they are when it is printed. */
export interface ReceiptShop {
  name: string;
  address: string;
  taxId: string;
  footer: string;
  timeZone: string;
}

/** What a sale's receipt shows: the sale as sold, its customer's name (null: none named) and the shop. */
export interface SaleReceiptData {
  sale: Sale;
  customerName: string | null;
  shop: ReceiptShop;
}

/** A printable receipt's data: an order's (its pet and category as they are now) or a sale's, with its amounts. */
export const useReceiptStore = defineStore('receipt', () => {
  /**
   * Everything an order's receipt shows; rejects with ORDER_CANCELLED for a cancelled order (kept as a
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

  /**
   * A sale's receipt: the sale, its customer's name (a forgotten one reads as such, by the service)
   * and the shop's name, address, tax id, footer and time zone; rejects with NOT_FOUND for no such sale.
   */
  async function loadSale(saleId: number): Promise<SaleReceiptData> {
    const [sale, shop] = await Promise.all([api().call('sales.get', { saleId }), api().call('shop.get', {})]);
    const customerName = sale.customerId === undefined ? null : (await api().call('customers.get', { customerId: sale.customerId })).name;
    const { name, address, taxId, receiptFooter, timeZone } = shop;
    return { sale, customerName, shop: { name, address, taxId, footer: receiptFooter, timeZone } };
  }

  return { load, loadSale };
});
