import { onBeforeUnmount, onMounted } from 'vue';

/**
 * Ctrl+P (⌘P on a Mac) prints a printable page the app's way: in a browser the same dialog it would
 * open anyway, in the desktop app (where the key does nothing by itself) the clerk's printer. One key
 * from the till's receipt to paper.
 */
export function usePrintKey(print: () => void): void {
  const onKey = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey || event.code !== 'KeyP' || event.repeat) return;
    event.preventDefault();
    print();
  };
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}
