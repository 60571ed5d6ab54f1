import { nextTick, onBeforeUnmount, onMounted } from 'vue';
import { useRouter } from 'vue-router';

/**
 * The current screen's heading (its h2 in the main area), focusable from script: where the
 * keyboard goes when a screen opens and when what had the focus has gone. A screen's own heading
 * (ScreenHeader) says so with tabindex="-1"; one that does not (a receipt) is given it here.
 */
export function screenHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h2');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/** A modal dialog that is open (not one in its leave transition): it has the keyboard. */
const modalOpen = () => document.querySelector('[aria-modal="true"]:not([class*="-leave-"])') !== null;

/** Whether the focus is nowhere: on the page itself, the first Tab would start from the top. */
const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * Every screen the clerk goes to opens at its top with the focus on its heading, unless the screen
 * or a dialog it opened took it; a focused element that goes with its dialog or screen hands the
 * focus to the heading (docs/screens.md#a-screen-opens-at-its-top-with-the-focus-on-its-heading).
 */
export function useScreenFocus(scrollToTop: () => void): void {
  const router = useRouter();
  const stop = router.afterEach((to, from, failure) => {
    // A leave refused ("Stay"), or the app's first screen: nothing moved.
    if (failure || from.matched.length === 0) return;
    void nextTick(() => {
      if (to.name !== from.name) scrollToTop();
      if (modalOpen()) return;
      const active = document.activeElement;
      if (!focusIsLost() && !active?.closest('.shell__screens')) return; // the screen put it somewhere itself
      screenHeading()?.focus({ preventScroll: true });
    });
  });

  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget !== null) return;
    const lost = event.target;
    // After the removal has finished and any handler of the screen's own has placed the focus.
    setTimeout(() => {
      if (!(lost instanceof Element) || lost.isConnected || !focusIsLost() || modalOpen()) return;
      screenHeading()?.focus({ preventScroll: true });
    });
  };
  onMounted(() => document.addEventListener('focusout', onFocusOut));
  onBeforeUnmount(() => {
    stop();
    document.removeEventListener('focusout', onFocusOut);
  });
}
