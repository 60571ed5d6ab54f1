/**
 * Wraps an async task so that calls made while it runs are coalesced: the task runs once more
 * after the current run, however many calls came meanwhile, and each call's promise settles when
 * a run that started after it has finished.
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
      do {
        again = false;
        await task();
      } while (again);
    })().finally(() => (inFlight = null));
    return inFlight;
  };
}
