/**
 * What the browser host serves its page from: a store on this machine, or a shop server it is
 * connected to as a till. Both answer calls and hand on events the same way; only a till has a link.
 */
import type { ApiResult } from '../../src-shared/api-result';
import type { InvokeOptions, LinkStatus } from '../../src-shared/bridge';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { createDeskSession } from '../service/desk-session';
import { batchEventsPerTurn } from '../host/event-batches';
import type { ConnectedTill } from '../remote/connected-till';
import { followEventLog } from '../service/event-feed';
import type { Handlers } from '../service/handler-types';
import { invokeOperationAsync } from '../service/invoke';
import type { Store } from '../service/store';

export interface HostConnection {
  /** Runs one operation for the page; never rejects. */
  invoke(operation: string, input: unknown, options?: InvokeOptions): Promise<ApiResult<unknown>>;
  /** Hands on the events after `after` (undefined: from now), in batches; returns the stop function. */
  follow(after: number | undefined, send: (events: StoreEvent[]) => void): () => void;
  /** The link to the shop server, told now and at each change; returns the stop function. */
  followLink(listener: (status: LinkStatus) => void): () => void;
}

/**
 * A store on this machine: the page's calls run in process as the server's desk (its clerk signed
 * in here, desk-session.ts), its events come from the store's own log.
 */
export function localConnection(store: Store, handlers: Partial<Handlers> = store.handlers): HostConnection {
  const desk = createDeskSession(store.context);
  const deskHandlers = desk.withDesk(handlers);
  return {
    invoke: (operation, input, options) =>
      invokeOperationAsync(
        deskHandlers,
        operation,
        input,
        store.context.commits,
        options?.idempotencyKey === undefined ? undefined : { context: store.context, key: options.idempotencyKey },
        desk.who,
      ),
    // One message per batch (see event-batches.ts); its id is its last event's, for the resume.
    follow: (after, send) => followEventLog(store.feed, store.context.events, after ?? store.context.events.latestId(), batchEventsPerTurn(send)),
    followLink(listener) {
      listener({ state: 'local' });
      return () => undefined;
    },
  };
}

/**
 * A till: calls go to the shop server, events come from its stream. A page that reconnects to
 * the host gets what it missed after its last id first (connected-till.ts), then what arrives.
 */
export function tillConnection(till: ConnectedTill): HostConnection {
  return {
    invoke: till.invoke,
    follow: (after, send) => till.subscribe(send, after),
    followLink(listener) {
      listener(till.link.current);
      return till.link.subscribe(listener);
    },
  };
}
