import type {
  CallableOperationName,
  ListenerOperationName,
  OperationOutput,
  ParsedInput,
} from '../../src-shared/contract';

/** A handler takes the parsed input of its operation and returns its output. */
export type Handler<K extends CallableOperationName> = (input: ParsedInput<K>) => OperationOutput<K>;

/** The handlers for the operations whose names start with `Prefix.` */
export type HandlersFor<Prefix extends string> = {
  [K in CallableOperationName as K extends `${Prefix}.${string}` ? K : never]: Handler<K>;
};

/** Every callable operation's handler: what IPC, REST, the CLI and tests call. */
export type Handlers = { [K in CallableOperationName]: Handler<K> };

/** The store service's handlers: all but the listener's, which the app shell or server adds. */
export type ServiceHandlers = Omit<Handlers, ListenerOperationName>;
