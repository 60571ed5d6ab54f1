import { onBeforeUnmount, onMounted } from 'vue';

/**
 * Calls `refresh` for what no change event announces (API tokens, the REST listener's state): when
 * the window regains the focus or becomes visible again, and every `everyMs` while the screen is
 * mounted and the page is visible. Stops with the screen. A refresh that fails is tried again at the
 * next occasion, silently: the clerk did not ask for it.
 */
export function useRefreshWhileShown(refresh: () => Promise<unknown>, everyMs = 3000): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;
  /** Asked for while a refresh was under way (whose question may predate the change): one more. */
  let again = false;

  async function run(): Promise<void> {
    if (document.visibilityState === 'hidden') return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        try {
          await refresh();
        } catch {
          // Asked again at the next occasion; the screen keeps showing the last answer.
        }
      } while (again);
    } finally {
      running = false;
    }
  }
  const onVisibility = () => void run();
  const onFocus = () => void run();

  onMounted(() => {
    timer = setInterval(() => void run(), everyMs);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);
  });
  onBeforeUnmount(() => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', onFocus);
  });
}
