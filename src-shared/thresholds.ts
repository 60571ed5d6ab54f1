/**
 * Small predicates the service decides with and the screens show ahead of it, so the two cannot
 * drift apart. The service still checks every write; a screen only uses these to label and warn.
 */

/** Low stock: strictly below the owner's threshold (the `inventory.low` event fires on crossing it). */
export const isLowStock = (quantity: number, threshold: number): boolean => quantity < threshold;

/** Whether a listener address is reachable only from this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const value = host.trim().toLowerCase();
  return value === 'localhost' || value === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(value);
}
