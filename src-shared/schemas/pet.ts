import { z } from '../zod-setup';
import { IMAGE_TYPES } from '../image-types';
import { DateTime, Id, NAME_MAX, Name, NameSearch, PageQuery, freeText, hasSomeField, someFieldRequired, pageItems } from './common';

export const PetStatus = z.enum(['available', 'pending', 'sold']).meta({ id: 'PetStatus' });
export type PetStatus = z.infer<typeof PetStatus>;

/** The highest price, in minor units (1,000,000.00 in a currency of two decimals): fits in 32 bits. */
export const PRICE_MAX = 100_000_000;
export const SKU_MAX = 32;
export const HEALTH_NOTES_MAX = 2000;
export const VACCINATIONS_MAX = 50;
/** The largest photo, in bytes. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

const Price = z
  .int()
  .min(0)
  .max(PRICE_MAX)
  .describe("The price in the minor unit of the shop's currency (cents for EUR), a whole number 0–100,000,000.");

/** Printable ASCII, what a Code 128 barcode encodes: the till's scanner types it back. */
const Sku = z
  .string()
  .trim()
  .min(1, 'Must not be empty')
  .max(SKU_MAX, `Must be at most ${SKU_MAX} characters`)
  .regex(/^[\x20-\x7e]*$/, 'Must hold printable ASCII characters only (letters, digits, punctuation, spaces), as a barcode does');

export const PetSex = z.enum(['female', 'male', 'unknown']).meta({ id: 'PetSex' });
export type PetSex = z.infer<typeof PetSex>;

/**
 * The last day that has begun anywhere on Earth (UTC+14): a date on or before it is not in the
 * future for any shop, whatever its time zone.
 */
export const latestDateAnywhere = (now = Date.now()): string => new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);

/** A day that has happened: an ISO 8601 date (`2024-05-01`), not in the future. */
const PastDate = z.iso
  .date({ message: 'Must be a date as YYYY-MM-DD, e.g. 2024-05-01' })
  .max(10)
  .refine((date) => date <= latestDateAnywhere(), { message: 'Must not be in the future', when: (payload) => payload.issues.length === 0 });

const MICROCHIP_DIGITS = 15;
const Microchip = z
  .string()
  .trim()
  .max(MICROCHIP_DIGITS, `Must be exactly ${MICROCHIP_DIGITS} digits`)
  .regex(/^\d{15}$/, 'Must be exactly 15 digits (an ISO 11784/11785 microchip number)');

export const Vaccination = z
  .strictObject({
    name: Name.describe('The vaccine or disease, e.g. "Rabies".'),
    date: PastDate.describe('When it was given (YYYY-MM-DD), not in the future.'),
  })
  .meta({ id: 'Vaccination' });
export type Vaccination = z.infer<typeof Vaccination>;

/** What the Pet answer says of its photo (the bytes are read with `GET /pets/{petId}/photo`). */
export const PetPhoto = z
  .object({
    contentType: z.enum(IMAGE_TYPES).describe('The image type, as its bytes show it.'),
    size: z.int().min(1).max(PHOTO_MAX_BYTES).describe('Size in bytes.'),
    updatedAt: DateTime.describe('When it was set: a new value means new bytes.'),
  })
  .meta({ id: 'PetPhoto' });
export type PetPhoto = z.infer<typeof PetPhoto>;

/**
 * The fields a pet has beyond the interface's: what it sells for and the animal's details. Optional
 * on a new pet; on PUT and PATCH a field sent as `null` is cleared.
 */
const recordFields = {
  price: Price,
  sku: Sku.describe('Stock-keeping unit for barcodes: 1–32 printable ASCII characters, trimmed; unique among pets, case aside.'),
  breed: Name.describe('Breed, 1–100 characters after trimming.'),
  sex: PetSex.optional().describe('female, male or unknown.'),
  birthDate: PastDate.describe('Date of birth (YYYY-MM-DD), not in the future.'),
  microchip: Microchip.describe('Microchip number: exactly 15 digits (ISO 11784/11785); unique among pets.'),
  vaccinations: z.array(Vaccination).max(VACCINATIONS_MAX).describe(`Vaccinations given, at most ${VACCINATIONS_MAX}; the list is replaced whole.`),
  healthNotes: freeText(HEALTH_NOTES_MAX).describe(`Health notes, at most ${HEALTH_NOTES_MAX.toLocaleString('en-US')} characters; line breaks are fine, an empty text is none.`),
};
type RecordFields = typeof recordFields;
export type RecordField = keyof RecordFields;
export const RECORD_FIELDS = Object.keys(recordFields) as RecordField[];
/** The animal's details: on reads of one pet, not in lists (docs/decisions.md#the-animals-record-is-read-one-pet-at-a-time). */
export const DETAIL_FIELDS = ['breed', 'sex', 'birthDate', 'microchip', 'vaccinations', 'healthNotes'] as const satisfies RecordField[];
export type DetailField = (typeof DETAIL_FIELDS)[number];

const optionalFields = <S extends Record<string, z.ZodType>>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof S]: z.ZodOptional<S[K]> };
/** Each field optional, and `null` to clear it (JSON Merge Patch's way, as `shipDate` on orders). */
const clearableFields = <S extends Record<string, z.ZodType>>(shape: S) =>
  Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, schema.nullable().optional().describe(`${schema.description ?? ''} \`null\` clears it.`.trim())]),
  ) as { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> };

const interfaceFields = {
  name: Name.describe("The animal's name, 1–100 characters after trimming."),
  categoryId: Id.describe('Id of the category the animal belongs to.'),
  status: PetStatus.optional().describe('Defaults to `available`.'),
};

/** Payload for creating a pet. */
export const NewPet = z
  .strictObject({ ...interfaceFields, ...optionalFields(recordFields) })
  .meta({ id: 'NewPet' });
export type NewPet = z.infer<typeof NewPet>;

/**
 * PUT's body: the interface's fields replaced whole (a missing status is `available`), the pet's
 * other fields only when sent, `null` clearing one, so a client that knows only the interface never
 * wipes a price; it may carry back the `id` and `photo` a GET gave (the contract checks that the id is
 * the path's; the photo is read-only here).
 */
export const PetReplacement = z
  .strictObject({
    ...interfaceFields,
    id: Id.optional().describe("The pet's id as read, if sent back: it must be the path's `petId`."),
    ...clearableFields(recordFields),
    // The answer's shape, not its schema: a request's object converts apart from an answer's.
    photo: z
      .object(PetPhoto.shape)
      .optional()
      .describe('The photo as read, if sent back: ignored (the photo is set with `PUT /pets/{petId}/photo`).'),
  })
  .meta({ id: 'PetReplacement' });
export type PetReplacement = z.infer<typeof PetReplacement>;

/** PATCH's body: at least one field; `null` clears one of the pet's optional fields. */
export const PetPatch = z
  .strictObject({ ...optionalFields({ name: interfaceFields.name, categoryId: interfaceFields.categoryId }), status: PetStatus.optional(), ...clearableFields(recordFields) })
  .refine(hasSomeField, someFieldRequired('At least one field is required'))
  .meta({ id: 'PetPatch', minProperties: 1 });
export type PetPatch = z.infer<typeof PetPatch>;

export const Pet = z
  .object({
    id: Id,
    name: z.string().max(NAME_MAX),
    categoryId: Id,
    status: PetStatus,
    price: Price.optional(),
    sku: z.string().min(1).max(SKU_MAX).optional().describe('Stock-keeping unit, unique among pets (case aside).'),
    photo: PetPhoto.optional().describe('There when the pet has a photo.'),
    breed: z.string().max(NAME_MAX).optional(),
    sex: PetSex.optional(),
    birthDate: z.iso.date().max(10).optional(),
    microchip: z.string().max(MICROCHIP_DIGITS).regex(/^\d{15}$/).optional(),
    vaccinations: z.array(Vaccination).max(VACCINATIONS_MAX).optional(),
    healthNotes: z.string().max(HEALTH_NOTES_MAX).optional(),
  })
  .meta({
    id: 'Pet',
    description:
      'A field without a value is left out. The animal\'s details (`breed`, `sex`, `birthDate`, `microchip`, `vaccinations`, `healthNotes`) ' +
      'are in the answers about one pet (a read by id, a create, replace or update) and in lists asked `details=true`; ' +
      'other lists and the change events leave them out, to stay small.',
  });
export type Pet = z.infer<typeof Pet>;

/** The seed's `Pets`: a list's page of pets. */
export const Pets = pageItems(Pet).meta({ id: 'Pets' });

export const PET_SORTS = ['id', '-id', 'name', '-name', 'status', '-status', 'stock', '-stock', 'category', '-category'] as const;
export const PetSort = z.enum(PET_SORTS);
export type PetSort = z.infer<typeof PetSort>;

export const PetListQuery = z.strictObject({
  status: z.array(PetStatus).min(1, 'Give at least one status, or leave the filter out').max(3).optional().describe('Only pets with one of these statuses (repeatable).'),
  categoryId: Id.optional().describe('Only pets of this category.'),
  q: NameSearch.optional().describe('Name contains this text, case- and accent-insensitive. Blank (empty or only spaces) is no filter, as an empty search box.'),
  id: z.array(Id).min(1, 'Give at least one id, or leave the filter out').max(500).optional().describe('Only pets with these ids (repeatable).'),
  sku: Sku.optional().describe('Only the pet with this SKU: the whole SKU, case aside (as SKUs are unique).'),
  details: z.boolean().optional().describe("`true`: each pet with the animal's details (breed, sex, birth date, microchip, vaccinations, health notes), as a read by id gives them."),
  sort: PetSort.default('id').describe(
    'Sort key; a leading `-` sorts descending. Names sort case- and accent-insensitively, numbers in them by value ("Rex 2" before "Rex 10"); ' +
      '`stock` by units in stock, `category` by the category\'s name (as names sort); equal values by id.',
  ),
  ...PageQuery,
});
export type PetListQuery = z.input<typeof PetListQuery>;

/** The most pets one bulk change takes: a category's worth at the counter, one transaction. */
export const BULK_PETS_MAX = 1000;

/** What a bulk change sets on every pet it names: a category, a status or a price (`null` clears the price). */
export const PetBulkChanges = z
  .strictObject({
    categoryId: interfaceFields.categoryId.optional(),
    status: PetStatus.optional(),
    price: Price.nullable().optional().describe('The new price of every pet named; `null` clears it.'),
  })
  .refine(hasSomeField, someFieldRequired('At least one of categoryId, status or price is required'))
  .meta({ id: 'PetBulkChanges', minProperties: 1 });
export type PetBulkChanges = z.infer<typeof PetBulkChanges>;

/** A bulk change: the same changes to every pet named, all or none. */
export const PetBulkUpdate = z
  .strictObject({
    petIds: z
      .array(Id)
      .min(1, 'Name at least one pet')
      .max(BULK_PETS_MAX, `Name at most ${BULK_PETS_MAX.toLocaleString('en-US')} pets at once`)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Name each pet once' })
      .describe(`The pets to change, 1–${BULK_PETS_MAX.toLocaleString('en-US')} ids, each once.`),
    changes: PetBulkChanges,
  })
  .meta({ id: 'PetBulkUpdate' });
export type PetBulkUpdate = z.infer<typeof PetBulkUpdate>;

export const PetBulkResult = z
  .object({ updated: z.int().min(0).describe('How many pets were changed: every one named.') })
  .meta({ id: 'PetBulkResult' });
