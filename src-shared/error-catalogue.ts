/**
 * The error catalogue on its own, free of Zod: the sandboxed preload and the browser host's bridge
 * script build their few Error objects from it without bundling the schemas.
 */

/**
 * The error catalogue: every code any transport can answer with, its HTTP status, and when.
 * docs/errors.md is the long form of this table; a test keeps the two in step.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, when: 'The input breaks a schema: wrong type, out of bounds, unknown field, id beyond 2^53−1.' },
  MALFORMED_JSON: { status: 400, when: 'The request body is not valid JSON.' },
  MALFORMED_REQUEST: { status: 400, when: 'The request is not valid HTTP/1.1 (a broken request line or header line).' },
  UNAUTHORIZED: {
    status: 401,
    when: "No bearer token, or a token that is unknown or revoked; in the browser host, a call without the secret of the address it printed, or with another.",
  },
  FORBIDDEN: { status: 403, when: "A read-scoped token on a write operation, a Host header that is not the bound address, or a clerk calling an owner's operation." },
  NOT_FOUND: { status: 404, when: 'No such pet, category, order, inventory entry, customer, sale or refund, or no such route.' },
  METHOD_NOT_ALLOWED: { status: 405, when: 'The route exists but not with this HTTP method.' },
  INSUFFICIENT_STOCK: { status: 409, when: 'An order asks for more units than the pet has in stock, whatever its status, or a stock adjustment would take away more than there are.' },
  PET_NOT_AVAILABLE: { status: 409, when: 'An order for a pet that is sold, or pending with enough stock (held by a clerk).' },
  PET_HAS_OPEN_ORDERS: { status: 409, when: 'Deleting a pet, or marking it sold, while it has open orders; marking it available while open orders hold its last units.' },
  CATEGORY_IN_USE: { status: 409, when: 'Deleting a category that pets still belong to.' },
  CATEGORY_NAME_TAKEN: { status: 409, when: 'Creating or renaming a category to a name another category has (case-insensitive).' },
  SKU_TAKEN: { status: 409, when: 'Giving a pet a SKU another pet has (case-insensitive).' },
  MICROCHIP_TAKEN: { status: 409, when: 'Giving a pet a microchip number another pet has.' },
  CURRENCY_IN_USE: { status: 409, when: "Changing the shop's currency once any amount is stored in it (a priced pet, a priced order, a sale)." },
  ORDER_COMPLETE: { status: 409, when: 'Cancelling or changing an order that is already complete.' },
  ORDER_CANCELLED: { status: 409, when: 'Fulfilling or changing an order that was cancelled (cancelling it again is a harmless retry).' },
  STOCK_REASON_MISMATCH: { status: 409, when: 'A stock count set with a reason that says the other way: received for a count that falls, lost or died for one that rises.' },
  CUSTOMER_FORGOTTEN: { status: 409, when: 'Changing a customer who has been forgotten (their personal data erased).' },
  ORDER_IN_SALE: { status: 409, when: "Cancelling on its own an order that is a line of a sale: cancel the sale, or refund the line." },
  ORDER_OPEN: { status: 409, when: 'Refunding a line of a sale whose order has not been handed over yet: fulfil it first, or cancel the sale.' },
  SALE_HANDED_OVER: { status: 409, when: 'Cancelling a sale some of whose pets were handed over already: refund them instead.' },
  SALE_CANCELLED: { status: 409, when: 'Refunding a sale that was cancelled: its payments were all given back.' },
  REFUND_EXCEEDS_SOLD: { status: 409, when: 'Refunding more units of a line than were sold, less those refunded before.' },
  SIGN_IN_REQUIRED: { status: 401, when: 'Clerk logins are on and no clerk is signed in at this till (or their session ended): sign in with a PIN.' },
  PIN_INCORRECT: { status: 403, when: 'A sign-in with a PIN that is not the clerk\'s, or for a clerk who is unknown or has left.' },
  PAIRING_CODE_INVALID: { status: 403, when: 'A till offered a pairing code that is wrong, used already or expired, or made for another server certificate: make a new code on the shop server.' },
  FILE_EXISTS: { status: 409, when: 'A backup would replace an existing file, and replacing it was not asked for.' },
  REQUEST_TIMEOUT: { status: 408, when: 'The client did not finish sending its request in time.' },
  OPERATION_SUNSET: { status: 410, when: 'A deprecated operation called after its sunset date.' },
  PAYLOAD_TOO_LARGE: { status: 413, when: 'A request body over 64 KiB; a photo over 2 MiB.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, when: 'A request body that is not application/json; a photo that is not a JPEG, PNG or WebP image (judged by its bytes).' },
  REFERENCE_NOT_FOUND: { status: 422, when: 'A body names a pet, category or customer that does not exist (or a forgotten customer), or an order that is no line of the sale.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, when: 'An Idempotency-Key this token sent in the last 24 hours with another request (another body or operation).' },
  PRICE_REQUIRED: { status: 422, when: "A sale's line for a pet that has no price, giving no unitPrice either." },
  DISCOUNT_TOO_LARGE: { status: 422, when: "A sale's discount larger than its subtotal." },
  PAYMENT_SHORT: { status: 422, when: "A sale's payments add up to less than its total." },
  CHANGE_WITHOUT_CASH: { status: 422, when: "A sale's card and other payments add up to more than its total: only cash gives change." },
  REFUND_PAYMENTS_MISMATCH: { status: 422, when: "A refund's payments do not add up to exactly what its lines are worth." },
  REPORT_TOO_LARGE: { status: 422, when: 'A report whose sums would pass 2^53−1 minor units: ask for a shorter period.' },
  RATE_LIMITED: { status: 429, when: 'A token went over its request budget; Retry-After says when to try again.' },
  AUTH_THROTTLED: { status: 429, when: 'Too many wrong bearer tokens from this client address in a minute, or wrong PINs for one clerk at one till; Retry-After says when to try again.' },
  HEADERS_TOO_LARGE: { status: 431, when: 'The request line and headers exceed 16 KiB (e.g. a very long query string).' },
  INTERNAL: { status: 500, when: 'An unexpected fault; the message is generic and no stack trace is sent.' },
  PRINT_FAILED: { status: 502, when: 'The printer or the system failed a print job (desktop app only); nothing was printed.' },
  SERVER_CERTIFICATE_CHANGED: { status: 502, when: 'A till met a shop server whose certificate is not the one it paired with: nothing was sent; pair the till again if the server really changed.' },
  SERVICE_BUSY: { status: 503, when: 'The database stayed locked by another process beyond the busy timeout, or the server is shutting down; retry shortly.' },
  SERVER_UNREACHABLE: { status: 503, when: 'A till could not reach its shop server (the network or the server is down); a sale sent is retried with its Idempotency-Key.' },
  STORAGE_FULL: { status: 507, when: 'The disk holding the database is full: nothing was written; free some space and try again. Reads go on.' },
} as const satisfies Record<string, { status: number; when: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** An Error object as every transport sends it (errors.ts has its schema, `ErrorBody`). */
export function errorBody(code: ErrorCode, message: string): { code: ErrorCode; message: string; status: number } {
  return { code, message, status: ERROR_CATALOGUE[code].status };
}
