import type { LimitsChannel } from '../../src-main/service/limits-broadcast';

/** An in-memory stand-in for the limits' NOTIFY channel: every payload reaches every subscriber (its sender too), at once. */
export function memoryLimitsHub() {
  const listeners = new Set<(payload: string) => void>();
  const sent: string[] = [];
  return {
    /** Every payload published so far. */
    sent,
    /** One process's end of the channel. */
    channel(): LimitsChannel {
      return {
        publish(payload) {
          sent.push(payload);
          for (const listener of [...listeners]) listener(payload);
        },
        onMessage(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
    },
  };
}
