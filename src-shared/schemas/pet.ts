import { z } from '../zod-setup';
import { Id, NAME_MAX, Name, NameSearch, PageQuery, hasSomeField, someFieldRequired, pageItems } from './common';

export const PetStatus = z.enum(['available', 'pending', 'sold']).meta({ id: 'PetStatus' });
export type PetStatus = z.infer<typeof PetStatus>;

/** Payload for creating or replacing a pet. */
export const NewPet = z
  .strictObject({
    name: Name.describe("The animal's name, 1–100 characters after trimming."),
    categoryId: Id.describe('Id of the category the animal belongs to.'),
    status: PetStatus.optional().describe('Defaults to `available`.'),
  })
  .meta({ id: 'NewPet' });
export type NewPet = z.infer<typeof NewPet>;

/**
 * PUT's body: a NewPet that may carry back the `id` a GET gave, so a client can send what it read
 * (the contract checks that it is the path's).
 */
export const PetReplacement = NewPet.extend({
  id: Id.optional().describe("The pet's id as read, if sent back: it must be the path's `petId`."),
}).meta({ id: 'PetReplacement' });

/** A partial NewPet for PATCH: at least one field. */
export const PetPatch = NewPet.partial()
  .refine(hasSomeField, someFieldRequired('At least one field is required'))
  .meta({ id: 'PetPatch', minProperties: 1 });
export type PetPatch = z.infer<typeof PetPatch>;

export const Pet = z
  .object({
    id: Id,
    name: z.string().max(NAME_MAX),
    categoryId: Id,
    status: PetStatus,
  })
  .meta({ id: 'Pet' });
export type Pet = z.infer<typeof Pet>;

/** The seed's `Pets`: a list's page of pets. */
export const Pets = pageItems(Pet).meta({ id: 'Pets' });

export const PET_SORTS = ['id', '-id', 'name', '-name', 'status', '-status'] as const;
export const PetSort = z.enum(PET_SORTS);
export type PetSort = z.infer<typeof PetSort>;

export const PetListQuery = z.strictObject({
  status: z.array(PetStatus).min(1, 'Give at least one status, or leave the filter out').max(3).optional().describe('Only pets with one of these statuses (repeatable).'),
  categoryId: Id.optional().describe('Only pets of this category.'),
  q: NameSearch.optional().describe('Name contains this text, case- and accent-insensitive. Blank (empty or only spaces) is no filter, as an empty search box.'),
  id: z.array(Id).min(1, 'Give at least one id, or leave the filter out').max(500).optional().describe('Only pets with these ids (repeatable).'),
  sort: PetSort.default('id').describe('Sort key; a leading `-` sorts descending. Names sort case- and accent-insensitively, numbers in them by value ("Rex 2" before "Rex 10").'),
  ...PageQuery,
});
export type PetListQuery = z.input<typeof PetListQuery>;
