import { onBeforeUnmount, ref } from 'vue';

/** Follows the system's light/dark preference. */
export function usePreferredDark() {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const dark = ref(query.matches);
  const update = (event: MediaQueryListEvent) => (dark.value = event.matches);
  query.addEventListener('change', update);
  onBeforeUnmount(() => query.removeEventListener('change', update));
  return dark;
}
