import { z } from '../../src-shared/zod-setup';

/**
 * A tax rate as the owner types it: a percent with up to two decimals (19, 7.5); the store keeps
 * basis points (1900). The Settings' default rate and a category's own rate are typed so.
 */
export const TaxPercent = z
  .number({ error: 'Must be a number' })
  .min(0, 'Must be at least 0 %')
  .max(100, 'Must be at most 100 %')
  .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'Use at most two decimals, such as 7.25');

/** Basis points (1900) as the percent a field shows (19). */
export const toPercent = (basisPoints: number): number => basisPoints / 100;

/** A typed percent (7.25) as the basis points the store keeps (725). */
export const toBasisPoints = (percent: number): number => Math.round(percent * 100);
