/** What a test waits for in a child process's output, checked again each time the output grows. */
export interface OutputWait<T> {
  /** Called on every new output; calling it again later is how the wait learns of more. */
  checks: Set<() => void>;
  /** What the test waits for, once it is there. */
  find(): T | undefined;
  /** Why it can no longer come (the process exited), or undefined while it still may. */
  gone(): string | undefined;
  /** The message when `timeoutMs` passes first. */
  timedOut(): string;
  timeoutMs: number;
}

/** Resolves with what `find` finds; rejects as soon as `gone` says why it will not come, or at the timeout. */
export function waitForOutput<T>({ checks, find, gone, timedOut, timeoutMs }: OutputWait<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = find();
      if (found !== undefined) return finish(() => resolve(found));
      const reason = gone();
      if (reason !== undefined) finish(() => reject(new Error(reason)));
    };
    const timer = setTimeout(() => finish(() => reject(new Error(timedOut()))), timeoutMs);
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      checks.delete(check);
      settle();
    };
    checks.add(check);
    check();
  });
}
