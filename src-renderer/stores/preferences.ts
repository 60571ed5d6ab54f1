import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { usePreferredDark } from '../composables/usePreferredDark';

export type ThemeChoice = 'system' | 'light' | 'dark';
const THEME_KEY = 'petstore.theme';
const PRINTER_KEY = 'petstore.printer';

function savedTheme(): ThemeChoice {
  const saved = localStorage.getItem(THEME_KEY);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

/**
 * The clerk's own preferences for this window (the theme, the printer of receipts and labels): kept in the renderer's local storage,
 * not in the shop's database, since they belong to the person at the desk, not to the store.
 */
export const usePreferencesStore = defineStore('preferences', () => {
  const theme = ref<ThemeChoice>(savedTheme());
  const systemDark = usePreferredDark();
  const dark = computed(() => (theme.value === 'system' ? systemDark.value : theme.value === 'dark'));
  watch(theme, (value) => localStorage.setItem(THEME_KEY, value));
  /** The printer chosen in the desktop app (its system name); null: the system's print dialog asks. */
  const printer = ref<string | null>(localStorage.getItem(PRINTER_KEY));
  watch(printer, (value) => (value === null ? localStorage.removeItem(PRINTER_KEY) : localStorage.setItem(PRINTER_KEY, value)));
  return { theme, dark, printer };
});
