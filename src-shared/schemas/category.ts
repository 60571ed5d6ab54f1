import { z } from '../zod-setup';
import { DESCRIPTION_MAX, Description, Id, NAME_MAX, Name, NameSearch, PageQuery, hasSomeField, someFieldRequired } from './common';
import { TaxRate } from './money';
import { LowStockThreshold } from './settings';

/** A category's own tax rate; absent, its pets are taxed at the shop's `defaultTaxRate`. */
const CategoryTaxRate = TaxRate.describe("Tax rate of this category's pets in basis points (1900 is 19 %); absent: the shop's default rate.");

/** A category's own low-stock threshold; absent, the shop's `lowStockThreshold` applies. */
const CategoryLowStockThreshold = LowStockThreshold.describe(
  "Stock of this category's pets below this is low (0: never low); absent: the shop's `lowStockThreshold`.",
);

export const NewCategory = z
  .strictObject({
    name: Name.describe('Category name, such as a kind of animal; unique, case-insensitive.'),
    description: Description.optional().describe('Short description, at most 500 characters; an empty one is none.'),
    taxRate: CategoryTaxRate.optional(),
    lowStockThreshold: CategoryLowStockThreshold.optional(),
  })
  .meta({ id: 'NewCategory' });
export type NewCategory = z.infer<typeof NewCategory>;

/** PUT's body: a NewCategory that may carry back the `id` a GET gave (it must be the path's). */
export const CategoryReplacement = NewCategory.extend({
  id: Id.optional().describe("The category's id as read, if sent back: it must be the path's `categoryId`."),
}).meta({ id: 'CategoryReplacement' });

export const CategoryPatch = NewCategory.partial()
  .extend({
    taxRate: CategoryTaxRate.nullable().optional().describe("A tax rate for this category's pets (basis points); `null` clears it (the shop's default applies)."),
    lowStockThreshold: CategoryLowStockThreshold.nullable()
      .optional()
      .describe("Stock of this category's pets below this is low (0: never low); `null` clears it (the shop's `lowStockThreshold` applies)."),
  })
  .refine(hasSomeField, someFieldRequired('At least one field is required'))
  .meta({ id: 'CategoryPatch', minProperties: 1 });
export type CategoryPatch = z.infer<typeof CategoryPatch>;

export const Category = z
  .object({
    id: Id,
    name: z.string().max(NAME_MAX),
    description: z.string().max(DESCRIPTION_MAX).optional(),
    taxRate: CategoryTaxRate.optional(),
    lowStockThreshold: CategoryLowStockThreshold.optional(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

/** How many pets a category holds. */
export const CategoryPetCount = z.object({ categoryId: Id, pets: z.int().min(0) });
export type CategoryPetCount = z.infer<typeof CategoryPetCount>;

export const CategoryListQuery = z.strictObject({
  q: NameSearch.optional().describe('Name contains this text, case- and accent-insensitive. Blank (empty or only spaces) is no filter, as an empty search box.'),
  ...PageQuery,
});
export type CategoryListQuery = z.input<typeof CategoryListQuery>;
