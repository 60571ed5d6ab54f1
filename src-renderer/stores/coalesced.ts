/**
 * Wraps an async task so that calls made while it runs are coalesced: the task runs once more
 * after the current run, however many calls came meanwhile, and each call's promise settles when
 * a run that started after it has finished (rejecting only if that last run failed: a run asked
 * for during a failing one still happens).
 */
export function coalesced(task: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let again = false;
  return function run(): Promise<void> {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      let failure: { error: unknown } | null;
      do {
        again = false;
        failure = null;
        try {
          await task();
        } catch (error) {
          failure = { error };
        }
      } while (again);
      if (failure) throw failure.error;
    })().finally(() => (inFlight = null));
    return inFlight;
  };
}

/**
 * Wraps an async task so that a call made while it runs does nothing more: it gets the running
 * call's promise. A press repeated while its work is on its way (a double click, Ctrl+Enter twice)
 * then does that work once.
 */
export function oneAtATime(task: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  return () => (inFlight ??= task().finally(() => (inFlight = null)));
}
