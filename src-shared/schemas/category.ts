import { z } from '../zod-setup';
import { Id, Name, NameSearch, PageQuery } from './common';

const Description = z.string().trim().max(500, 'Must be at most 500 characters');

export const NewCategory = z
  .strictObject({
    name: Name.describe('Category name, such as a kind of animal; unique, case-insensitive.'),
    description: Description.optional().describe('Short description, at most 500 characters.'),
  })
  .meta({ id: 'NewCategory' });
export type NewCategory = z.infer<typeof NewCategory>;

export const CategoryPatch = NewCategory.partial()
  .refine((patch) => Object.keys(patch).length > 0, 'At least one field is required')
  .meta({ id: 'CategoryPatch' });
export type CategoryPatch = z.infer<typeof CategoryPatch>;

export const Category = z
  .object({
    id: Id,
    name: z.string(),
    description: z.string().optional(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

export const CategoryListQuery = z.strictObject({
  q: NameSearch.optional().describe('Name contains this text, case- and accent-insensitive.'),
  ...PageQuery,
});
export type CategoryListQuery = z.input<typeof CategoryListQuery>;
