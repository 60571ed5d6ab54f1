import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { usePreferredDark } from '../composables/usePreferredDark';

export type ThemeChoice = 'system' | 'light' | 'dark';
const THEME_KEY = 'petstore.theme';

function savedTheme(): ThemeChoice {
  const saved = localStorage.getItem(THEME_KEY);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

/**
 * The clerk's own preferences for this window (the theme): kept in the renderer's local storage,
 * not in the shop's database, since they belong to the person at the desk, not to the store.
 */
export const usePreferencesStore = defineStore('preferences', () => {
  const theme = ref<ThemeChoice>(savedTheme());
  const systemDark = usePreferredDark();
  const dark = computed(() => (theme.value === 'system' ? systemDark.value : theme.value === 'dark'));
  watch(theme, (value) => localStorage.setItem(THEME_KEY, value));
  return { theme, dark };
});
