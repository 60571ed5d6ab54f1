/**
 * The contract: every operation of the store, declared once.
 * IPC handlers, the preload bridge, the renderer client, REST routes and the OpenAPI document
 * are all derived from this table. Nothing here imports Node, Electron or the DOM.
 */
import { type OperationDef } from './contract-types';
import type { z } from './zod-setup';
import { petOperations } from './contract/pets';
import { photoOperations } from './contract/photos';
import { categoryOperations } from './contract/categories';
import { orderOperations } from './contract/orders';
import { inventoryOperations } from './contract/inventory';
import { eventOperations } from './contract/event-log';
import { serviceOperations } from './contract/service';
import { ownerOperations } from './contract/owner';
import { shopOperations } from './contract/shop';
import { dataOperations } from './contract/data';
import { appOperations } from './contract/app';
import { customerOperations } from './contract/customers';
import { saleOperations } from './contract/sales';
import { reportOperations } from './contract/reports';
import { tillOperations } from './contract/tills';
import { clerkOperations } from './contract/clerks';

/** One table of every operation, area by area (src-shared/contract/: one file per area). */
export const contract = {
  ...petOperations,
  ...photoOperations,
  ...categoryOperations,
  ...orderOperations,
  ...inventoryOperations,
  ...eventOperations,
  ...serviceOperations,
  ...ownerOperations,
  ...shopOperations,
  ...dataOperations,
  ...appOperations,
  ...customerOperations,
  ...saleOperations,
  ...reportOperations,
  ...tillOperations,
  ...clerkOperations,
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
