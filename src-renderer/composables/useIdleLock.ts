import { onBeforeUnmount, watch, type Ref } from 'vue';

/** What counts as the clerk being there: a key, a click, a touch, a move of the pointer, a scroll. */
const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/**
 * Calls `lock` after `minutes` without pointer or key input (0: never; docs/decisions.md#clerk-logins).
 * Input only notes the time; one timer checks it when due, so a moving pointer costs no timers.
 */
export function useIdleLock(minutes: Ref<number>, lock: () => void): void {
  let last = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const noted = () => (last = Date.now());

  function arm(): void {
    clearTimeout(timer);
    timer = undefined;
    const ms = minutes.value * 60_000;
    if (ms <= 0) return;
    const due = () => {
      const left = last + ms - Date.now();
      if (left > 0) timer = setTimeout(due, left);
      else lock();
    };
    timer = setTimeout(due, Math.max(0, last + ms - Date.now()));
  }

  for (const type of ACTIVITY) window.addEventListener(type, noted, { capture: true, passive: true });
  watch(minutes, () => {
    noted();
    arm();
  }, { immediate: true });

  onBeforeUnmount(() => {
    clearTimeout(timer);
    for (const type of ACTIVITY) window.removeEventListener(type, noted, { capture: true });
  });
}
