/** Pauses between asks while another process holds the write lock: short at first, then at most 50 ms. */
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

/**
 * Calls `attempt` until it gives an answer (anything but `undefined`) or `waitMs` has passed,
 * pausing between calls without blocking the event loop (SQLite's own busy wait would). Returns
 * the answer, or `undefined` at the deadline. The answer is returned in a microtask after the
 * attempt that gave it: nothing else runs in between.
 */
export async function askUntilAnswered<T>(attempt: () => T | undefined, waitMs: number): Promise<T | undefined> {
  const deadline = performance.now() + waitMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    const answer = attempt();
    if (answer !== undefined) return answer;
    const left = deadline - performance.now();
    if (left <= 0) return undefined;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
  }
}
