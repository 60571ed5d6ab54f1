import { ref, type Ref } from 'vue';

/** Whether a CSS media query matches, following changes (for the life of the page). */
export function useMediaQuery(query: string): Ref<boolean> {
  const list = window.matchMedia(query);
  const matches = ref(list.matches);
  list.addEventListener('change', (event) => (matches.value = event.matches));
  return matches;
}
