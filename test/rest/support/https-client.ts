import { Agent, Dispatcher, setGlobalDispatcher } from 'undici';
import { inject } from 'vitest';
import { pinnedDispatcher } from '../../../src-main/remote/tls-pin';

/**
 * The HTTPS run's client: every fetch() of the suite goes through the tills' pinned dispatcher
 * (https:// accepts only the run's certificate); plain http:// (a CLI child, say) as it was.
 */
class PinnedForHttps extends Dispatcher {
  constructor(
    private readonly pinned: Dispatcher,
    private readonly plain: Dispatcher,
  ) {
    super();
  }
  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const secure = String(options.origin).startsWith('https:');
    return (secure ? this.pinned : this.plain).dispatch(options, handler);
  }
  async close(): Promise<void> {
    await Promise.all([this.pinned.close(), this.plain.close()]);
  }
  async destroy(): Promise<void> {
    await Promise.all([this.pinned.destroy(), this.plain.destroy()]);
  }
}

setGlobalDispatcher(new PinnedForHttps(pinnedDispatcher(inject('restTls').fingerprint), new Agent()));
