import { z } from '../zod-setup';
import { ILL_FORMED_TEXT, Id, NAME_MAX, Name, NameSearch, PageQuery, isWellFormedText, hasSomeField, someFieldRequired } from './common';

/** The longest category description, in characters after trimming. */
const DESCRIPTION_MAX = 500;

/** Free text: line breaks and tabs are fine, other control characters are not. */
const Description = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, `Must be at most ${DESCRIPTION_MAX} characters`)
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'Must not contain control characters other than line breaks and tabs')
  .refine(isWellFormedText, ILL_FORMED_TEXT);

export const NewCategory = z
  .strictObject({
    name: Name.describe('Category name, such as a kind of animal; unique, case-insensitive.'),
    description: Description.optional().describe('Short description, at most 500 characters; an empty one is none.'),
  })
  .meta({ id: 'NewCategory' });
export type NewCategory = z.infer<typeof NewCategory>;

/** PUT's body: a NewCategory that may carry back the `id` a GET gave (it must be the path's). */
export const CategoryReplacement = NewCategory.extend({
  id: Id.optional().describe("The category's id as read, if sent back: it must be the path's `categoryId`."),
}).meta({ id: 'CategoryReplacement' });

export const CategoryPatch = NewCategory.partial()
  .refine(hasSomeField, someFieldRequired('At least one field is required'))
  .meta({ id: 'CategoryPatch', minProperties: 1 });
export type CategoryPatch = z.infer<typeof CategoryPatch>;

export const Category = z
  .object({
    id: Id,
    name: z.string().max(NAME_MAX),
    description: z.string().max(DESCRIPTION_MAX).optional(),
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
