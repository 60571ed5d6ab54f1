/**
 * The contract: every operation of the store, declared once.
 * IPC handlers, the preload bridge, the renderer client, REST routes and the OpenAPI document
 * are all derived from this table. Nothing here imports Node, Electron or the DOM.
 */
import { z } from './zod-setup';
import { defineOperation as op, type OperationDef } from './contract-types';
import { Id, hasSomeField, page, pageItems, someFieldRequired } from './schemas/common';
import { NewPet, Pet, PetListQuery, PetPatch, PetReplacement, Pets } from './schemas/pet';
import { Category, CategoryListQuery, CategoryPatch, CategoryPetCount, CategoryReplacement, NewCategory } from './schemas/category';
import { NewOrder, Order, OrderListQuery, OrderPatch } from './schemas/order';
import { InventoryItem, InventoryListQuery, InventoryUpdate, StockAdjustment } from './schemas/inventory';
import { EventListQuery, EventPosition, StoreEvent } from './schemas/event';
import { Health } from './schemas/service';
import { SettingsPatch, StoreSettings } from './schemas/settings';
import { ApiToken, CreatedToken, NewToken } from './schemas/token';
import { ListenerStatus } from './schemas/listener';
import {
  AppInfo,
  BackupCheck,
  BackupRequest,
  BackupResult,
  ExportedFile,
  ExportRequest,
  FileChoice,
  FileChoiceRequest,
  ImportPreview,
  ImportPreviewRequest,
  ImportRequest,
  ImportResult,
  Overview,
  PrintRequest,
  RestoreResult,
} from './schemas/data';

const PetRef = z.strictObject({ petId: Id.describe('Id of the pet.') });
const CategoryRef = z.strictObject({ categoryId: Id.describe('Id of the category.') });
const OrderRef = z.strictObject({ orderId: Id.describe('Id of the order.') });
const Nothing = z.null();

export const contract = {
  // ── Pets ────────────────────────────────────────────────────────────────────────────────
  /** List pets with filters, sorting and cursor paging. */
  'pets.list': op({
    tag: 'Pets',
    summary: 'List pets',
    description: 'Filter by status, category, name or ids; sort; page with `limit` and `cursor`.',
    input: PetListQuery,
    output: page(Pets),
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/pets', success: 200, paged: true, errors: [] },
  }),
  /** Add a pet; an available pet starts with one unit of stock. */
  'pets.create': op({
    tag: 'Pets',
    summary: 'Add a pet',
    description: 'An `available` pet starts with stock 1, any other status with stock 0.',
    input: NewPet,
    output: Pet,
    stability: 'stable',
    mutates: true,
    http: { method: 'POST', path: '/pets', success: 201, body: '*', errors: ['REFERENCE_NOT_FOUND'], idempotencyKey: true },
  }),
  /** Read one pet (deprecated over REST in favour of the list's `id` filter). */
  'pets.get': op({
    tag: 'Pets',
    summary: 'Get a pet by id',
    input: PetRef,
    output: Pet,
    stability: 'stable',
    deprecated: { since: '2026-11-01', successor: '/v1/pets?id={petId}' }, // since the 1.0.0 release
    mutates: false,
    http: { method: 'GET', path: '/pets/{petId}', success: 200, errors: ['NOT_FOUND', 'OPERATION_SUNSET'] },
  }),
  /** Replace a pet's name, category and status. */
  'pets.replace': op({
    tag: 'Pets',
    summary: 'Replace a pet',
    description:
      'Replaces the whole pet: a field left out takes its default, so a body without `status` makes the pet **available**. ' +
      'Status changes keep stock consistent: a pending or sold pet with no stock made available gets a stock of 1 (one animal, as for a new pet), ' +
      'unless open orders hold its last units (409 PET_HAS_OPEN_ORDERS: restock it instead, or send `status: pending` to rename it); ' +
      'setting `sold` is refused with 409 PET_HAS_OPEN_ORDERS while the pet has open orders. ' +
      'To change some fields and keep the status, use PATCH.',
    input: PetRef.extend({ pet: PetReplacement }).refine(({ petId, pet }) => pet.id === undefined || pet.id === petId, {
      path: ['pet', 'id'],
      message: "Must be the path's pet id (or left out)",
    }),
    output: Pet,
    stability: 'stable',
    mutates: true,
    http: {
      method: 'PUT',
      path: '/pets/{petId}',
      success: 200,
      body: 'pet',
      errors: ['NOT_FOUND', 'REFERENCE_NOT_FOUND', 'PET_HAS_OPEN_ORDERS'],
    },
  }),
  /** Change some of a pet's fields. */
  'pets.update': op({
    tag: 'Pets',
    summary: 'Update a pet',
    description:
      'Changes only the fields sent (at least one). Status changes keep stock consistent: `available` gives a pet with no stock a stock of 1, ' +
      'and is refused with 409 PET_HAS_OPEN_ORDERS while open orders hold its last units (restock it instead); ' +
      '`pending` keeps the stock (a hold: orders are refused with 409 PET_NOT_AVAILABLE until it is available again); ' +
      '`sold` empties the stock and is refused with 409 PET_HAS_OPEN_ORDERS while the pet has open orders.',
    input: PetRef.extend({ changes: PetPatch }),
    output: Pet,
    stability: 'stable',
    mutates: true,
    http: {
      method: 'PATCH',
      path: '/pets/{petId}',
      success: 200,
      body: 'changes',
      errors: ['NOT_FOUND', 'REFERENCE_NOT_FOUND', 'PET_HAS_OPEN_ORDERS'],
    },
  }),
  /** Remove a pet; refused while it has open orders. */
  'pets.delete': op({
    tag: 'Pets',
    summary: 'Delete a pet',
    description:
      'Refused with 409 PET_HAS_OPEN_ORDERS while the pet has open orders. Its complete orders stay as sales history, ' +
      'their `petId` naming a pet that no longer exists (their `petName` keeps its name).',
    input: PetRef,
    output: Nothing,
    stability: 'stable',
    mutates: true,
    http: { method: 'DELETE', path: '/pets/{petId}', success: 204, errors: ['NOT_FOUND', 'PET_HAS_OPEN_ORDERS'] },
  }),

  // ── Categories ──────────────────────────────────────────────────────────────────────────
  /** List categories by name. */
  'categories.list': op({
    tag: 'Categories',
    summary: 'List categories',
    input: CategoryListQuery,
    output: page(pageItems(Category)),
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/categories', success: 200, paged: true, errors: [] },
  }),
  /** Add a category. */
  'categories.create': op({
    tag: 'Categories',
    summary: 'Add a category',
    input: NewCategory,
    output: Category,
    stability: 'stable',
    mutates: true,
    http: { method: 'POST', path: '/categories', success: 201, body: '*', errors: ['CATEGORY_NAME_TAKEN'], idempotencyKey: true },
  }),
  /** Read one category. */
  'categories.get': op({
    tag: 'Categories',
    summary: 'Get a category',
    input: CategoryRef,
    output: Category,
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/categories/{categoryId}', success: 200, errors: ['NOT_FOUND'] },
  }),
  /** Replace a category's name and description. */
  'categories.replace': op({
    tag: 'Categories',
    summary: 'Replace a category',
    description: 'A description left out of the body is cleared.',
    input: CategoryRef.extend({ category: CategoryReplacement }).refine(({ categoryId, category }) => category.id === undefined || category.id === categoryId, {
      path: ['category', 'id'],
      message: "Must be the path's category id (or left out)",
    }),
    output: Category,
    stability: 'stable',
    mutates: true,
    http: {
      method: 'PUT',
      path: '/categories/{categoryId}',
      success: 200,
      body: 'category',
      errors: ['NOT_FOUND', 'CATEGORY_NAME_TAKEN'],
    },
  }),
  /** Change some of a category's fields. */
  'categories.update': op({
    tag: 'Categories',
    summary: 'Update a category',
    description: 'Changes only the fields sent (at least one); an empty `description` clears it.',
    input: CategoryRef.extend({ changes: CategoryPatch }),
    output: Category,
    stability: 'stable',
    mutates: true,
    http: {
      method: 'PATCH',
      path: '/categories/{categoryId}',
      success: 200,
      body: 'changes',
      errors: ['NOT_FOUND', 'CATEGORY_NAME_TAKEN'],
    },
  }),
  /** Remove a category; refused while pets belong to it. */
  'categories.delete': op({
    tag: 'Categories',
    summary: 'Delete a category',
    description: 'Refused with 409 CATEGORY_IN_USE while pets belong to it.',
    input: CategoryRef,
    output: Nothing,
    stability: 'stable',
    mutates: true,
    http: { method: 'DELETE', path: '/categories/{categoryId}', success: 204, errors: ['NOT_FOUND', 'CATEGORY_IN_USE'] },
  }),

  /** Pets per category, for the Categories screen (desktop only: not in the brief's REST table). */
  'categories.petCounts': op({
    tag: 'Categories',
    summary: 'Pets per category',
    description: 'Every category that holds pets, with how many; a category that is not listed holds none.',
    input: z.strictObject({}),
    output: z.array(CategoryPetCount),
    stability: 'stable',
    mutates: false,
  }),

  // ── Store: orders ───────────────────────────────────────────────────────────────────────
  /** List orders, newest first. */
  'orders.list': op({
    tag: 'Store',
    summary: 'List orders',
    description: 'Newest first. Filter by `complete` and `petId`.',
    input: OrderListQuery,
    output: page(pageItems(Order)),
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/store/orders', success: 200, paged: true, errors: [] },
  }),
  /** Place an order: reserves stock; the pet turns pending when its stock reaches 0. */
  'orders.place': op({
    tag: 'Store',
    summary: 'Place an order',
    description:
      'Needs an `available` pet with enough stock, and reserves it: taking the last units makes the pet `pending` until its orders are ' +
      'fulfilled or cancelled. Refused with 409 INSUFFICIENT_STOCK when the stock is short (whatever the status), and 409 PET_NOT_AVAILABLE ' +
      'for a sold pet or one a clerk holds (`pending` with stock). Ids are increasing integers.',
    input: NewOrder,
    output: Order,
    stability: 'stable',
    mutates: true,
    http: {
      method: 'POST',
      path: '/store/orders',
      success: 201,
      body: '*',
      errors: ['REFERENCE_NOT_FOUND', 'PET_NOT_AVAILABLE', 'INSUFFICIENT_STOCK'],
      idempotencyKey: true,
    },
  }),
  /** Read one order. */
  'orders.get': op({
    tag: 'Store',
    summary: 'Get an order',
    input: OrderRef,
    output: Order,
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/store/orders/{orderId}', success: 200, errors: ['NOT_FOUND'] },
  }),
  /** Fulfil an order (`complete: true`) or set its ship date. */
  'orders.update': op({
    tag: 'Store',
    summary: 'Fulfil an order or set its ship date',
    description: 'Fulfilling the last open order of a pet with no stock makes the pet `sold`. A complete order is final.',
    input: OrderRef.extend({ changes: OrderPatch }),
    output: Order,
    stability: 'stable',
    mutates: true,
    http: {
      method: 'PATCH',
      path: '/store/orders/{orderId}',
      success: 200,
      body: 'changes',
      errors: ['NOT_FOUND', 'ORDER_COMPLETE'],
    },
  }),
  /** Cancel an open order and return its stock. */
  'orders.cancel': op({
    tag: 'Store',
    summary: 'Cancel an order',
    description:
      'Cancelling **deletes** the order (afterwards GET answers 404 and no list shows it; the `order.cancelled` event keeps what it was). ' +
      'Returns the stock; a `pending` pet becomes `available`. Refused once the order is complete.',
    input: OrderRef,
    output: Nothing,
    stability: 'stable',
    mutates: true,
    http: { method: 'DELETE', path: '/store/orders/{orderId}', success: 204, errors: ['NOT_FOUND', 'ORDER_COMPLETE'] },
  }),

  // ── Store: inventory (beta) ─────────────────────────────────────────────────────────────
  /** Stock of every pet. */
  'inventory.list': op({
    tag: 'Inventory',
    summary: 'List stock levels',
    input: InventoryListQuery,
    output: page(pageItems(InventoryItem)),
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/store/inventory', success: 200, paged: true, errors: [] },
  }),
  /** Stock of one pet. */
  'inventory.get': op({
    tag: 'Inventory',
    summary: "Get a pet's stock",
    input: PetRef,
    output: InventoryItem,
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/store/inventory/{petId}', success: 200, errors: ['NOT_FOUND'] },
  }),
  /** Set a pet's stock; restocking makes it available. */
  'inventory.set': op({
    tag: 'Inventory',
    summary: "Set a pet's stock",
    description: 'Quantity > 0 makes the pet `available`; 0 makes an available pet `pending` (open orders) or `sold`.',
    input: PetRef.extend({ update: InventoryUpdate }),
    output: InventoryItem,
    stability: 'beta',
    mutates: true,
    http: {
      method: 'PUT',
      path: '/store/inventory/{petId}',
      success: 200,
      body: 'update',
      errors: ['NOT_FOUND'],
    },
  }),

  /**
   * Add or take away units from the stock as it is when applied (the app's − and + buttons): a
   * click means one more or one less than there is now, even if an order changed it a moment ago.
   */
  'inventory.adjust': op({
    tag: 'Inventory',
    summary: "Adjust a pet's stock by some units",
    description:
      'As setting the stock to its current count plus `by`, except that taking units off a held (pending) pet keeps it held (states.md T52); ' +
      'refused when that would fall below 0 (INSUFFICIENT_STOCK) or pass 1,000,000.',
    input: PetRef.extend({ by: StockAdjustment }),
    output: InventoryItem,
    stability: 'beta',
    mutates: true,
  }),

  // ── Events (experimental) ───────────────────────────────────────────────────────────────
  /** The change log as Server-Sent Events; resumes after `Last-Event-ID`. */
  'events.stream': op({
    tag: 'Events',
    summary: 'Stream changes (Server-Sent Events)',
    description:
      'Each event carries `id`, `event` (the type) and `data` (a StoreEvent as JSON). Without `Last-Event-ID` or `after`, the stream starts ' +
      'at the beginning of the change log (sent as fast as the client reads), then follows live; send `Last-Event-ID` (or `after`) with the ' +
      'last id seen to resume, or with `lastEventId` from GET /events/latest to receive only changes from now on; an id past the newest event ' +
      'is refused (400), as it can only come from another store. ' +
      '`store.restored` (data: the counts of categories, pets and orders) says the whole shop was replaced from a backup, with no event per ' +
      'row: a client that keeps a copy reads everything again. `settings.updated` (data: `{keys}`, the names of the owner\'s settings that ' +
      'changed, never their values) says a setting such as the low-stock threshold changed; it is appended only when a value changes.',
    input: EventListQuery.pick({ after: true }),
    output: StoreEvent,
    stability: 'experimental',
    mutates: false,
    http: { method: 'GET', path: '/events', success: 200, stream: 'sse', errors: [] },
  }),
  /** The change log's end: where a stream of only new changes starts, or which changes a list already reflects. */
  'events.latest': op({
    tag: 'Events',
    summary: "The change log's newest event id",
    description:
      'To follow only changes from now on, open the stream with `after` (or `Last-Event-ID`) set to `lastEventId`. ' +
      'To keep a copy in sync, read this first, then list what you need, then stream after it: every change the ' +
      'lists might have missed is sent again (applying an event twice leaves the same result).',
    input: z.strictObject({}),
    output: EventPosition,
    stability: 'experimental',
    mutates: false,
    http: { method: 'GET', path: '/events/latest', success: 200, errors: [] },
  }),
  /** Events after a given id, for catching up in-process (IPC); REST clients use the stream. */
  'events.list': op({
    tag: 'Events',
    summary: 'Read the change log',
    input: EventListQuery,
    output: z.array(StoreEvent),
    stability: 'experimental',
    mutates: false,
  }),

  // ── Service ─────────────────────────────────────────────────────────────────────────────
  /** Liveness and version; needs no token. */
  'service.health': op({
    tag: 'Service',
    summary: 'Health check',
    description: 'Needs no token. Query parameters are ignored (uptime monitors add cache-busting ones).',
    // Not strict, unlike every other input: a monitor's `?_=1712345678` must not turn a healthy service red.
    input: z.object({}),
    output: Health,
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/health', success: 200, auth: 'none', errors: [] },
  }),

  // ── Owner settings, tokens and the listener: in-process only (IPC, CLI), never over REST ──
  /** The owner's settings. */
  'settings.get': op({
    tag: 'Settings',
    summary: 'Read the settings',
    input: z.strictObject({}),
    output: StoreSettings,
    stability: 'stable',
    mutates: false,
  }),
  /** Change some settings; returns all of them. */
  'settings.update': op({
    tag: 'Settings',
    summary: 'Change settings',
    input: SettingsPatch,
    output: StoreSettings,
    stability: 'stable',
    mutates: true,
  }),
  /** Create an API token; its secret is in this answer only. */
  'tokens.create': op({
    tag: 'Settings',
    summary: 'Create an API token',
    input: NewToken,
    output: CreatedToken,
    stability: 'stable',
    mutates: true,
  }),
  /** Every API token, newest first, without secrets. */
  'tokens.list': op({
    tag: 'Settings',
    summary: 'List API tokens',
    input: z.strictObject({ includeRevoked: z.boolean().default(false) }),
    output: z.array(ApiToken),
    stability: 'stable',
    mutates: false,
  }),
  /** Revoke a token: it stops working at once. */
  'tokens.revoke': op({
    tag: 'Settings',
    summary: 'Revoke an API token',
    input: z.strictObject({ tokenId: Id }),
    output: ApiToken,
    stability: 'stable',
    mutates: true,
  }),
  /** Whether the REST listener runs, and where. */
  'listener.status': op({
    tag: 'Settings',
    summary: 'REST listener status',
    input: z.strictObject({}),
    output: ListenerStatus,
    stability: 'stable',
    mutates: false,
  }),
  /** Start the REST listener on the configured address (and keep it on at the next start). */
  'listener.start': op({
    tag: 'Settings',
    summary: 'Start the REST listener',
    input: z.strictObject({}),
    output: ListenerStatus,
    stability: 'stable',
    mutates: true,
  }),
  /**
   * Change the listener's address, port or both; one not given stays where the listener is now
   * (a window that read it earlier cannot move it back). A running listener moves there at once;
   * if it cannot (the port is taken), it keeps running where it was and the settings stay as they were.
   */
  'listener.move': op({
    tag: 'Settings',
    summary: 'Move the REST listener',
    input: StoreSettings.pick({ listenerHost: true, listenerPort: true })
      .partial()
      .strict()
      .refine(hasSomeField, someFieldRequired('An address or a port is required')),
    output: ListenerStatus,
    stability: 'stable',
    mutates: true,
  }),
  /** Stop the REST listener (in-flight requests finish first). */
  'listener.stop': op({
    tag: 'Settings',
    summary: 'Stop the REST listener',
    input: z.strictObject({}),
    output: ListenerStatus,
    stability: 'stable',
    mutates: true,
  }),
  /** Counts, stock by category, open orders and recent activity for the dashboard. */
  'stats.overview': op({
    tag: 'Settings',
    summary: 'Shop overview',
    input: z.strictObject({}),
    output: Overview,
    stability: 'stable',
    mutates: false,
  }),
  /** Export pets, categories or orders as CSV, or the whole store as JSON. */
  'data.export': op({
    tag: 'Settings',
    summary: 'Export data',
    input: ExportRequest,
    output: ExportedFile,
    stability: 'stable',
    mutates: false,
  }),
  /** Check an import file row by row; writes nothing. */
  'data.previewImport': op({
    tag: 'Settings',
    summary: 'Preview an import',
    input: ImportPreviewRequest,
    output: ImportPreview,
    stability: 'stable',
    mutates: false,
  }),
  /** Import the valid rows of a file as new pets, in one transaction; invalid rows are skipped (or, with `allOrNothing`, refuse the file). */
  'data.import': op({
    tag: 'Settings',
    summary: 'Import pets',
    input: ImportRequest.extend({
      allOrNothing: z.boolean().default(false).describe('Import nothing when any row is invalid (for scripts that re-run a fixed file).'),
    }),
    output: ImportResult,
    stability: 'stable',
    mutates: true,
  }),
  /** Copy the live database to a file with SQLite's online backup API. */
  'backup.create': op({
    tag: 'Settings',
    summary: 'Back up the database',
    input: BackupRequest,
    output: BackupResult,
    stability: 'stable',
    mutates: false,
  }),
  /** Whether a file can be restored (checked as a restore would, nothing written): asked before confirming. */
  'backup.check': op({
    tag: 'Settings',
    summary: 'Check a backup before restoring it',
    input: BackupRequest,
    output: BackupCheck,
    stability: 'stable',
    mutates: false,
  }),
  /** Replace the data with a backup's, after an automatic safety backup of the current data. */
  'backup.restore': op({
    tag: 'Settings',
    summary: 'Restore a backup',
    input: BackupRequest,
    output: RestoreResult,
    stability: 'stable',
    mutates: true,
  }),
  /** Version, data folder and runtime of this app. */
  'app.info': op({
    tag: 'Settings',
    summary: 'About this app',
    input: z.strictObject({}),
    output: AppInfo,
    stability: 'stable',
    mutates: false,
  }),
  /** Asks the clerk for a file in the desktop's own dialog (desktop app only; `file` is null if cancelled). */
  'app.chooseFile': op({
    tag: 'Settings',
    summary: 'Choose a file',
    input: FileChoiceRequest,
    output: FileChoice,
    stability: 'stable',
    mutates: false,
  }),
  /** Prints the clerk's window to a PDF file they choose (desktop app only; a browser prints itself). */
  'app.printToPdf': op({
    tag: 'Settings',
    summary: 'Print to PDF',
    input: PrintRequest,
    output: FileChoice,
    stability: 'stable',
    mutates: false,
  }),
  /** Opens the data folder in the system's file manager (desktop app only). */
  'app.showDataFolder': op({
    tag: 'Settings',
    summary: 'Show the data folder',
    input: z.strictObject({}),
    output: Nothing,
    stability: 'stable',
    mutates: false,
  }),
} as const;

export type Contract = typeof contract;
export type OperationName = keyof Contract;
export const OPERATION_NAMES = Object.keys(contract) as OperationName[];

/** What a caller may pass (defaults not yet applied). */
export type OperationInput<K extends OperationName> = z.input<Contract[K]['input']>;
/** What a handler receives: the input after parsing (trimmed, defaults applied). */
export type ParsedInput<K extends OperationName> = z.output<Contract[K]['input']>;
export type OperationOutput<K extends OperationName> = z.output<Contract[K]['output']>;

/**
 * Operations that take time or depend on where the store runs (the listener, backups, the data
 * folder): answered asynchronously by the app shell, the browser host or the headless server.
 */
export type ShellOperationName = Extract<OperationName, `listener.${string}` | `backup.${string}` | `app.${string}`>;

/** Operations answered by a single call (everything but streams). */
export type CallableOperationName = {
  [K in OperationName]: Contract[K] extends { http: { stream: 'sse' } } ? never : K;
}[OperationName];

/** An operation's declaration seen through the common shape (for transports that loop over all). */
export const operationDef = (name: OperationName): OperationDef => contract[name];

export function isOperationName(name: unknown): name is OperationName {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}
