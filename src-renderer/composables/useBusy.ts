import { onScopeDispose, readonly, ref } from 'vue';

/**
 * How long a wait goes unannounced (ms). A search on the local store answers in a few
 * milliseconds: announcing "Searching…" for each one would have a screen reader say "Searching…,
 * 12 pets" at every keystroke (a polite region queues both). About 300 ms is where a wait starts
 * to be noticed (the usual delay before a spinner shows), and where the clerk may start to wonder
 * whether the list shown is the old one.
 */
export const QUIET_MS = 300;

/**
 * Work the clerk waits for (a search): `slow` once it has been waited for longer than `quietMs`,
 * until the latest tracked work settles; for what is said aloud. Work asked for while waiting (the
 * next keystroke) does not restart the wait: typing on over a slow service still hears
 * "Searching…" `quietMs` after the wait began.
 */
export function useBusy(quietMs = QUIET_MS) {
  const slow = ref(false);
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Tracks `work`; returns it, settled the same way (a failure still ends the wait). */
  function track<T>(work: Promise<T>): Promise<T> {
    const mine = ++latest;
    timer ??= setTimeout(() => (slow.value = true), quietMs);
    return work.finally(() => {
      if (mine !== latest) return;
      clearTimeout(timer);
      timer = undefined;
      slow.value = false;
    });
  }

  onScopeDispose(() => clearTimeout(timer));
  return { slow: readonly(slow), track };
}
