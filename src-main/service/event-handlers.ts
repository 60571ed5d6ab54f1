import { API_VERSION } from '../../src-shared/api-result';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { APP_VERSION } from './version';

/** The event log's pages and the service's health. */
export const eventHandlers = stepHandlers(
  (ctx: HandlerContext): StepHandlersFor<'events'> & StepHandlersFor<'service'> => ({
    *'events.list'({ after, limit }) {
      return yield* ctx.events.after(after, limit);
    },
    *'events.latest'() {
      return { lastEventId: yield* ctx.events.latestId() };
    },
    *'service.health'() {
      return { status: 'ok', version: APP_VERSION, apiVersion: API_VERSION, store: ctx.engine === 'postgres' ? 'postgresql' : 'sqlite' };
    },
  }),
);
