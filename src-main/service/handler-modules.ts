import type { CallableOperationName, ShellOperationName } from '../../src-shared/contract';
import type { HandlerContext } from './handler-context';
import type { StepHandler } from './handler-types';
import { categoryHandlers } from './categories';
import { clerkHandlers } from './clerks';
import { customerHandlers } from './customers';
import { dataTransferHandlers } from './data-transfer';
import { eventHandlers } from './event-handlers';
import { inventoryHandlers } from './inventory';
import { orderHandlers } from './orders';
import { overviewHandlers } from './overview';
import { petHandlers } from './pets';
import { photoHandlers } from './pet-photos';
import { reportHandlers } from './reports';
import { saleHandlers } from './sales';
import { sessionHandlers } from './sessions';
import { settingsHandlers, shopHandlers } from './settings';
import { tillHandlers } from './tills';
import { tokenHandlers } from './tokens';

/** Every module of the store's handlers: each engine's store builds its handlers from these. */
export const HANDLER_MODULES = [
  petHandlers,
  photoHandlers,
  categoryHandlers,
  orderHandlers,
  inventoryHandlers,
  settingsHandlers,
  shopHandlers,
  tokenHandlers,
  overviewHandlers,
  dataTransferHandlers,
  customerHandlers,
  saleHandlers,
  reportHandlers,
  tillHandlers,
  clerkHandlers,
  sessionHandlers,
  eventHandlers,
] as const;

type StoreOperationName = Exclude<CallableOperationName, ShellOperationName>;
/** Every store operation's step handler. */
export type StepServiceHandlers = { [K in StoreOperationName]: StepHandler<K> };

type Intersection<U> = (U extends unknown ? (merged: U) => void : never) extends (merged: infer I) => void ? I : never;
type ModulesHandlers = Intersection<ReturnType<(typeof HANDLER_MODULES)[number]>>;

/** The step handlers of every module over one engine's context (a store operation without one does not compile). */
export function stepHandlersOver(ctx: HandlerContext): StepServiceHandlers {
  const merged: ModulesHandlers = Object.assign({}, ...HANDLER_MODULES.map((module) => module(ctx)));
  return merged;
}
