import { z } from '../zod-setup';

/** Owner settings kept in the database, shared by the app and the headless server. */
export const StoreSettings = z.object({
  lowStockThreshold: z
    .int()
    .min(0)
    .max(1_000_000)
    .describe('`inventory.low` fires, and the UI highlights, when stock falls below this.'),
  sunsetDate: z.iso.date().describe('After this day GET /pets/{petId} answers 410 OPERATION_SUNSET.'),
  rateLimitPerMinute: z.int().min(1).max(1_000_000).describe('Requests per minute per API token.'),
});
export type StoreSettings = z.infer<typeof StoreSettings>;

export const DEFAULT_SETTINGS: StoreSettings = {
  lowStockThreshold: 1,
  sunsetDate: '2027-06-30',
  rateLimitPerMinute: 1200,
};

export const SettingsPatch = StoreSettings.partial().strict();
