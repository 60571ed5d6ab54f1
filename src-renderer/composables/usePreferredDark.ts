import { ref } from 'vue';

/** Follows the system's light/dark preference (for the life of the page). */
export function usePreferredDark() {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const dark = ref(query.matches);
  query.addEventListener('change', (event) => (dark.value = event.matches));
  return dark;
}
