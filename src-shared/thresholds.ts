/**
 * Small predicates the service decides with and the screens show ahead of it, so the two cannot
 * drift apart. The service still checks every write; a screen only uses these to label and warn.
 */
import type { PetStatus } from './schemas/pet';

/** The thresholds that decide a pet's low stock: the shop's, and its category's own if it has one. */
export interface LowStockThresholds {
  shop: number;
  category?: number | null;
}

/** The threshold in force for a pet: its category's own (0 is one: never low), else the shop's. */
export const effectiveLowStockThreshold = ({ shop, category }: LowStockThresholds): number => category ?? shop;

/**
 * Low stock: a pet for sale (available or pending) with stock strictly below the effective
 * threshold. A sold pet is not for sale, so there is nothing to restock for it: it is never low
 * (the `inventory.low` event fires on crossing into low stock, see docs/states.md T43).
 */
export const isLowStock = (quantity: number, thresholds: LowStockThresholds, status: PetStatus): boolean =>
  status !== 'sold' && quantity < effectiveLowStockThreshold(thresholds);

/**
 * Why an order of `quantity` units cannot be placed for a pet standing so, in the order the
 * service checks (docs/states.md T8–T10): sold, then short of stock, then on hold (pending with
 * stock); undefined when it can be placed.
 */
export function orderRefusal(status: PetStatus, stock: number, quantity = 1): 'sold' | 'short' | 'on hold' | undefined {
  if (status === 'sold') return 'sold';
  if (stock < quantity) return 'short';
  if (status !== 'available') return 'on hold';
  return undefined;
}

/** Whether at least one unit of the pet can be ordered now. */
export const canBeOrdered = (status: PetStatus, stock: number): boolean => orderRefusal(status, stock) === undefined;

/** Whether a listener address is reachable only from this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const value = host.trim().toLowerCase();
  return value === 'localhost' || value === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(value);
}
