import { z } from '../zod-setup';
import { Name, freeText, hasSomeField, someFieldRequired } from './common';
import { CurrencyCode, TaxRate } from './money';

const IPV4_PART = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

/** An IPv4 address (each part 0–255), an IPv6 address or `localhost` for the REST listener to bind. */
const BindAddress = z
  .string()
  .trim()
  .regex(new RegExp(`^(localhost|(${IPV4_PART}\\.){3}${IPV4_PART}|[0-9a-fA-F:]*:[0-9a-fA-F:]*)$`), 'Must be an IP address (such as 127.0.0.1 or ::1) or localhost');

/**
 * An exact origin (scheme://host[:port]) allowed to call the REST API from a browser, kept as a
 * browser sends it in `Origin` (scheme and host in lower case, no default port): an entry typed
 * `https://Shop.Example.com` must match what the browser says. A trailing slash (copied from the
 * address bar) gets its own message: the rest of the text is right.
 */
export const Origin = z
  .string()
  .trim() // pasted back from `petstore settings`, which lists them after ", "
  .superRefine((text, ctx) => {
    if (/^https?:\/\/[^/\s]+$/i.test(text) && browserOrigin(text) !== undefined) return;
    const slashed = /^https?:\/\/[^/\s]+\/+$/i.test(text) && browserOrigin(text.replace(/\/+$/, '')) !== undefined;
    ctx.addIssue({
      code: 'custom',
      message: slashed ? `Leave out the trailing slash: ${text.replace(/\/+$/, '')}` : 'Must be an origin such as http://localhost:3000',
    });
  })
  .transform((text) => browserOrigin(text)!);

/**
 * The WHATWG URL parser, which both runtimes have (Node and the page): typed here because shared code
 * is compiled with neither DOM nor Node types.
 */
const WhatwgUrl = (globalThis as unknown as { URL: new (text: string) => Record<'origin' | 'username' | 'password' | 'pathname' | 'search' | 'hash', string> }).URL;

/** The origin as a browser serializes it, or undefined for text that is not one (a user name, a path, a query, a bad port). */
function browserOrigin(text: string): string | undefined {
  try {
    const url = new WhatwgUrl(text);
    // A path is not part of an origin: `http://host\x` (a backslash is a slash to the parser) has one too.
    const extra = url.username || url.password || url.search || url.hash || url.pathname !== '/' || /[?#\\]/.test(text);
    return extra ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** The runtime's name for a time zone (Intl), or undefined when it knows none by that name. */
function zoneName(text: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * An IANA time zone name the runtime knows ("Europe/Berlin", "UTC"), kept as the runtime spells it
 * ("europe/berlin" is Europe/Berlin). Offsets ("+01:00") are not zones: a shop's clocks change.
 */
export const TimeZone = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'Must be an IANA time zone name, such as Europe/Berlin')
  .refine((text) => zoneName(text) !== undefined, {
    message: 'Must be an IANA time zone name this app knows, such as Europe/Berlin or America/New_York',
    when: (payload) => payload.issues.length === 0,
  })
  .overwrite((text) => zoneName(text) ?? text)
  .meta({ example: 'Europe/Berlin' });

/** This machine's time zone, the shop's until the owner says otherwise (UTC where the runtime knows none). */
export function machineTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && TimeZone.safeParse(zone).success ? zoneName(zone)! : 'UTC';
}

/** The longest address and receipt footer a receipt prints, in characters after trimming. */
export const RECEIPT_TEXT_MAX = 300;
/** The longest tax id (a VAT number, an EIN): one line. */
export const TAX_ID_MAX = 40;

/** A tax id as printed: one trimmed line (empty: none), no control characters. */
const TaxId = z
  .string()
  .trim()
  .max(TAX_ID_MAX, `Must be at most ${TAX_ID_MAX} characters`)
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .regex(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/, 'Must be one line, without control characters');

/** Stock below this is low (0: never low): the shop's, or a category's own. */
export const LowStockThreshold = z.int().min(0).max(1_000_000);

/** Owner settings kept in the database, shared by the app and the headless server. */
export const StoreSettings = z.object({
  shopName: Name.describe('The shop\'s name, printed at the top of every receipt.'),
  lowStockThreshold: LowStockThreshold.describe(
    "`inventory.low` fires, and the UI highlights, when the stock of a pet for sale (not sold) falls below this; a category's own `lowStockThreshold` overrides it.",
  ),
  sunsetDate: z.iso.date().describe('From this day on (UTC) GET /pets/{petId} answers 410 OPERATION_SUNSET.'),
  rateLimitPerMinute: z.int().min(1).max(1_000_000).describe('Requests per minute per API token.'),
  listenerEnabled: z.boolean().describe('Whether the desktop app starts the REST listener.'),
  listenerHost: BindAddress.describe('Address the REST listener binds; 127.0.0.1 unless the owner opts in.'),
  listenerPort: z.int().min(1).max(65535).describe('Port of the REST listener.'),
  allowedOrigins: z
    .array(Origin)
    .max(50)
    .transform((origins) => [...new Set(origins)]) // an origin listed twice is allowed once
    .describe('Browser origins allowed by CORS; empty means CORS is off.'),
  currency: CurrencyCode.describe(
    "The shop's currency (ISO 4217); every amount is a whole number of its minor unit. Refused once any amount is stored (CURRENCY_IN_USE).",
  ),
  defaultTaxRate: TaxRate.describe("Tax rate (basis points) of a category that has none of its own: 1900 is 19 %."),
  pricesIncludeTax: z.boolean().describe('Whether prices include tax (true) or have it added at the till (false).'),
  timeZone: TimeZone.describe("The shop's time zone (IANA): days of reports and receipts are its days. This machine's at first start."),
  shopAddress: freeText(RECEIPT_TEXT_MAX).describe('The shop\'s address under its name on receipts, line breaks kept; empty: none.'),
  shopTaxId: TaxId.describe('The shop\'s tax id (VAT number) printed on receipts; empty: none.'),
  receiptFooter: freeText(RECEIPT_TEXT_MAX).describe('Text at the foot of every receipt (opening hours, returns policy), line breaks kept; empty: none.'),
  clerkLogins: z
    .boolean()
    .describe('Whether clerks sign in at each till with their PIN (roles clerk and owner); off: whoever uses the app is the owner. Needs an active owner clerk to switch on.'),
  idleLockMinutes: z.int().min(0).max(240).describe('With clerk logins on, a till locks after this many minutes without use (0: never).'),
});
export type StoreSettings = z.infer<typeof StoreSettings>;

export const DEFAULT_SETTINGS: StoreSettings = {
  shopName: 'Pet Store',
  // Below 3: a few left of what is sold in numbers. A store upgraded with data keeps 1 (migration 15).
  lowStockThreshold: 3,
  sunsetDate: '2027-06-30',
  rateLimitPerMinute: 1200,
  listenerEnabled: false,
  listenerHost: '127.0.0.1',
  listenerPort: 8787,
  allowedOrigins: [],
  currency: 'EUR',
  defaultTaxRate: 0,
  pricesIncludeTax: true,
  // Where no zone is stored yet (a file not yet upgraded): migration 9 stores the machine's at first start.
  timeZone: machineTimeZone(),
  shopAddress: '',
  shopTaxId: '',
  receiptFooter: '',
  clerkLogins: false,
  idleLockMinutes: 5,
};

/** A change to some settings; unknown keys are refused. */
export const SettingsPatch = StoreSettings.partial()
  .strict()
  .refine(hasSomeField, someFieldRequired('At least one setting is required'));

/**
 * What any client needs to read the shop's amounts and days (`GET /v1/shop`): the settings that
 * give amounts and dates their meaning, and what receipts print (a till prints them); no other owner setting.
 */
export const Shop = z
  .object({
    name: z.string().max(100).describe("The shop's name, as receipts print it."),
    currency: z.string().length(3).regex(/^[A-Z]{3}$/).describe('ISO 4217 code of the currency every amount is in.'),
    currencyDigits: z
      .int()
      .min(0)
      .max(4)
      .describe('Digits of the minor unit: an amount of 1999 is 19.99 with 2 (EUR), 1999 with 0 (JPY), 1.999 with 3 (BHD).'),
    pricesIncludeTax: StoreSettings.shape.pricesIncludeTax,
    defaultTaxRate: TaxRate.describe("Tax rate (basis points) of a category that has none of its own: 1900 is 19 %."),
    timeZone: z.string().max(64).describe("The shop's time zone (IANA): the days of reports and receipts are its days."),
    address: z.string().max(RECEIPT_TEXT_MAX).describe("The shop's address as receipts print it under its name, line breaks kept; empty: none."),
    taxId: z.string().max(TAX_ID_MAX).describe("The shop's tax id (VAT number) as receipts print it; empty: none."),
    receiptFooter: z.string().max(RECEIPT_TEXT_MAX).describe('Text at the foot of every receipt (opening hours, returns policy), line breaks kept; empty: none.'),
  })
  .meta({
    id: 'Shop',
    example: {
      name: 'Pet Store',
      currency: 'EUR',
      currencyDigits: 2,
      pricesIncludeTax: true,
      defaultTaxRate: 1900,
      timeZone: 'Europe/Berlin',
      address: '1 Market Street\n10115 Berlin',
      taxId: 'DE123456789',
      receiptFooter: 'Returns within 14 days with this receipt.',
    },
  });
export type Shop = z.infer<typeof Shop>;
