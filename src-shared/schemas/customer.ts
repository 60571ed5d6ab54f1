import { z } from '../zod-setup';
import { DESCRIPTION_MAX, DateTime, Description, Id, NAME_MAX, Name, NameSearch, PageQuery, hasSomeField, pageItems, someFieldRequired } from './common';

export const PHONE_MAX = 32;
/** RFC 5321's longest usable address. */
export const EMAIL_MAX = 254;

/**
 * What a forgotten customer is called from then on: their sales and receipts still name someone
 * (docs/decisions.md#forgetting-a-customer-erases-the-person-and-keeps-the-record).
 */
export const FORGOTTEN_CUSTOMER_NAME = 'Forgotten customer';

/** An optional leading +, then digits, spaces, hyphens and parentheses, with at least 3 digits; empty is none. */
const PHONE_PATTERN = /^(?:|\+?(?:[ ()-]*[0-9]){3}[0-9 ()-]*)$/;
/** Zod's email pattern (ASCII addresses, a dotted domain), or empty for none. */
const EMAIL_PATTERN = new RegExp(`^(?:|${z.regexes.email.source.slice(1, -1)})$`);

const Phone = z
  .string()
  .trim()
  .max(PHONE_MAX, `Must be at most ${PHONE_MAX} characters`)
  .regex(PHONE_PATTERN, 'Must be a phone number: digits (at least 3), spaces, hyphens and parentheses, with an optional + first');

const Email = z
  .string()
  .trim()
  .max(EMAIL_MAX, `Must be at most ${EMAIL_MAX} characters`)
  .regex(EMAIL_PATTERN, 'Must be an email address, such as name@example.com');

/** Payload for a new customer: only the name is required; an empty phone, email or note is none. */
export const NewCustomer = z
  .strictObject({
    name: Name.describe("The customer's name, 1–100 characters after trimming."),
    phone: Phone.optional().describe(`Phone number, at most ${PHONE_MAX} characters: digits (at least 3), spaces, hyphens, parentheses, an optional leading +. Empty is none.`),
    email: Email.optional().describe(`Email address, at most ${EMAIL_MAX} characters. Empty is none.`),
    note: Description.optional().describe(`A note about the customer, at most ${DESCRIPTION_MAX} characters; line breaks are fine. Empty is none.`),
  })
  .meta({ id: 'NewCustomer' });
export type NewCustomer = z.infer<typeof NewCustomer>;

/** PATCH's body: some of NewCustomer's fields; an empty phone, email or note clears it. */
export const CustomerPatch = NewCustomer.partial()
  .refine(hasSomeField, someFieldRequired('At least one field is required'))
  .meta({ id: 'CustomerPatch', minProperties: 1 });
export type CustomerPatch = z.infer<typeof CustomerPatch>;

export const Customer = z
  .object({
    id: Id,
    name: z.string().max(NAME_MAX).describe(`The customer's name; "${FORGOTTEN_CUSTOMER_NAME}" once forgotten.`),
    phone: z.string().max(PHONE_MAX).optional(),
    email: z.string().max(EMAIL_MAX).optional(),
    note: z.string().max(DESCRIPTION_MAX).optional(),
    createdAt: DateTime,
    updatedAt: DateTime,
    forgottenAt: DateTime.optional().describe('When the customer was forgotten (their personal data erased); absent for everyone else.'),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof Customer>;

/** A list's page of customers. */
export const Customers = pageItems(Customer).meta({ id: 'Customers' });

export const CustomerListQuery = z.strictObject({
  q: NameSearch.optional().describe(
    'Name, email or phone number contains this text, case- and accent-insensitive; in phone numbers only the digits count ("0612 34" finds "06 12 34 56 78"). Blank is no filter.',
  ),
  forgotten: z.boolean().default(false).describe('`true`: only forgotten customers (kept for their sales); by default only the others.'),
  ...PageQuery,
});
export type CustomerListQuery = z.input<typeof CustomerListQuery>;
