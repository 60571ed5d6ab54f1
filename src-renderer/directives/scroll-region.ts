import type { Directive } from 'vue';

/**
 * Lets the keyboard scroll a data table: while its scroll container overflows, either way, it is a
 * named, focusable region (axe's scrollable-region-focusable; docs/screens.md#narrow-windows-scroll-tables-sideways).
 *
 * Use on an NDataTable: `v-scroll-region="'Token list'"` (the name must differ from the table's and
 * its section's, or screen readers would hear the same landmark twice).
 */
interface Watched {
  observer: ResizeObserver;
  label: string;
}

const watched = new WeakMap<HTMLElement, Watched>();

/** The box that scrolls the rows: a scrollbar's container, or a virtual-scroll table's list (`.v-vl`). */
function container(root: HTMLElement): HTMLElement | null {
  return (
    root.querySelector<HTMLElement>('.n-data-table-base-table-body .n-scrollbar-container, .n-data-table-base-table-body .v-vl') ??
    root.querySelector<HTMLElement>('.n-scrollbar-container')
  );
}

function sync(root: HTMLElement): void {
  const state = watched.get(root);
  const box = container(root);
  if (!state || !box) return;
  const table = box.querySelector('table');
  if (table) state.observer.observe(table);
  state.observer.observe(box);
  if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1) {
    box.setAttribute('tabindex', '0');
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', state.label);
    box.dataset.scrollRegion = '';
  } else if ('scrollRegion' in box.dataset) {
    box.removeAttribute('tabindex');
    box.removeAttribute('role');
    box.removeAttribute('aria-label');
    delete box.dataset.scrollRegion;
  }
}

export const vScrollRegion: Directive<HTMLElement, string> = {
  mounted(root, binding) {
    watched.set(root, { observer: new ResizeObserver(() => sync(root)), label: binding.value });
    sync(root);
  },
  updated(root, binding) {
    const state = watched.get(root);
    if (state) state.label = binding.value;
    sync(root);
  },
  unmounted(root) {
    watched.get(root)?.observer.disconnect();
    watched.delete(root);
  },
};
