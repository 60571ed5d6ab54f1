import type {
  CallableOperationName,
  ShellOperationName,
  OperationOutput,
  ParsedInput,
} from '../../src-shared/contract';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';

/** A handler takes the parsed input of its operation and returns its output. */
export type Handler<K extends CallableOperationName> = (input: ParsedInput<K>) => OperationOutput<K>;

/** A handler written once for both engines: a step to its output (docs/decisions.md#handlers-are-steps). */
export type StepHandler<K extends CallableOperationName> = (input: ParsedInput<K>) => Step<OperationOutput<K>>;

type StoreOperationName = Exclude<CallableOperationName, ShellOperationName>;

/** The handlers for the store operations whose names start with `Prefix.` */
export type HandlersFor<Prefix extends string> = {
  [K in StoreOperationName as K extends `${Prefix}.${string}` ? K : never]: Handler<K>;
};

/** The step handlers for the store operations whose names start with `Prefix.` */
export type StepHandlersFor<Prefix extends string> = {
  [K in StoreOperationName as K extends `${Prefix}.${string}` ? K : never]: StepHandler<K>;
};

/** The store service's handlers: synchronous, each one transaction on the database. */
export type ServiceHandlers = { [K in StoreOperationName]: Handler<K> };

/** The shell's handlers (listener, backups, app info): asynchronous, added by whoever hosts the store. */
export type ShellHandlers = {
  [K in ShellOperationName]: (input: ParsedInput<K>) => Promise<OperationOutput<K>>;
};

/** Every callable operation's handler: what IPC, REST, the CLI and tests call. */
export type Handlers = ServiceHandlers & ShellHandlers;

/** Declares a module's handlers as steps: `export const petHandlers = stepHandlers((ctx) => ({ … }))`. */
export function stepHandlers<H>(build: (ctx: HandlerContext) => H): (ctx: HandlerContext) => H {
  return build;
}
