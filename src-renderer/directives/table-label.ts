import type { ComponentInternalInstance, Directive, VNode } from 'vue';

/**
 * Makes a data table read as one table, with its name, its column headings and each row's place in
 * the list (docs/screens.md#a-data-table-is-one-table-for-screen-readers): the wrapper (never the
 * root, which may carry the screen's region) becomes the table and naive-ui's two <table>s
 * presentation; a table drawn as one <table>, or whose rows scroll in a focusable region, only gets
 * the name. `busy` sets `aria-busy`. Re-applied on updates and whenever the table's elements change
 * (a MutationObserver, disconnected while it writes).
 *
 * Use on an NDataTable: `v-table-label="'Categories'"` or
 * `v-table-label="{ name: 'Pets', rowCount: pets.total }"`.
 */
export interface TableLabel {
  /** The table's accessible name. */
  name: string;
  /** How many rows (without the headings) the whole list has, where the screen knows it. */
  rowCount?: number;
  /** Whether new rows are on their way (a search running): the table is aria-busy meanwhile. */
  busy?: boolean;
}

type Binding = string | TableLabel;

interface State {
  label: TableLabel;
  observer: MutationObserver;
  /** The table's root element vnode as last rendered: the way to its component tree. */
  vnode: VNode | null;
  /** naive-ui's virtual list of the rows, once found. */
  virtual: ComponentInternalInstance | null;
}

const states = new WeakMap<HTMLElement, State>();

/** Attributes this directive sets; the wrapper's, the tables' and their parts'. */
const OWN = ['role', 'aria-label', 'aria-rowcount', 'aria-rowindex', 'aria-busy'];

function labelOf(binding: Binding): TableLabel {
  return typeof binding === 'string' ? { name: binding } : binding;
}

function set(element: Element, name: string, value: string | null): void {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Whether an element between the wrapper and a <table> means something of its own (a focusable region). */
function interrupts(element: Element): boolean {
  const role = element.getAttribute('role');
  return (role !== null && role !== 'none' && role !== 'presentation') || element.hasAttribute('tabindex') || element.hasAttribute('aria-label');
}

function findVirtualList(vnode: VNode | null | undefined, root: HTMLElement, depth = 0): ComponentInternalInstance | null {
  if (!vnode || depth > 80) return null;
  const component = vnode.component;
  if (component) {
    // Its element may be a fragment's anchor (a text node): any node of the table will do.
    const el = component.subTree?.el as Node | null | undefined;
    if ((component.type as { name?: string }).name === 'VirtualList' && el instanceof Node && root.contains(el)) return component;
    return findVirtualList(component.subTree, root, depth + 1);
  }
  if (Array.isArray(vnode.children)) {
    for (const child of vnode.children) {
      const found = findVirtualList(child as VNode, root, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

interface VirtualWindow {
  /** Index in the list of the first row drawn. */
  start: number;
  /** How many rows drawn. */
  drawn: number;
  /** How many rows the list has. */
  length: number;
}

/** The window of rows naive-ui's virtual list draws now, or null where it cannot be read. */
function virtualWindow(root: HTMLElement, state: State): VirtualWindow | null {
  if (!state.virtual || state.virtual.isUnmounted) state.virtual = findVirtualList(state.vnode, root);
  const list = state.virtual?.proxy as unknown as
    | { viewportItems?: Record<string, unknown>[]; items?: unknown[]; keyToIndex?: Map<unknown, number>; keyField?: string }
    | undefined;
  if (!list || !Array.isArray(list.viewportItems) || !Array.isArray(list.items)) return null;
  const first = list.viewportItems[0];
  if (first === undefined) return { start: 0, drawn: 0, length: list.items.length };
  const start = list.keyToIndex?.get(first[list.keyField ?? 'key']) ?? list.items.indexOf(first);
  return start < 0 ? null : { start, drawn: list.viewportItems.length, length: list.items.length };
}

function apply(root: HTMLElement, state: State): void {
  const { label } = state;
  const wrapper = root.querySelector<HTMLElement>('.n-data-table-wrapper');
  const tables = [...root.querySelectorAll('table')];
  const rowsTable = root.querySelector('.n-data-table-base-table-body table') ?? tables.at(-1) ?? null;
  const parts = (table: Element, selector: string) => [...table.querySelectorAll(selector)].filter((part) => part.closest('table') === table);
  const between = (table: Element) => {
    const found: Element[] = [];
    for (let at = table.parentElement; at && at !== wrapper; at = at.parentElement) found.push(at);
    return found;
  };
  const one = wrapper !== null && tables.length > 1 && !tables.some((table) => between(table).some(interrupts));

  if (!one) {
    // Drawn as one <table> (or its rows inside a focusable region): the table keeps its own semantics.
    if (wrapper) for (const name of OWN) set(wrapper, name, null);
    for (const table of tables) {
      set(table, 'role', null);
      set(table, 'aria-label', table === rowsTable ? label.name : null);
      set(table, 'aria-busy', table === rowsTable && label.busy ? 'true' : null);
      set(table, 'aria-rowcount', table === rowsTable && tables.length === 1 && label.rowCount !== undefined ? String(label.rowCount + 1) : null);
      for (const part of parts(table, 'thead, tbody, tfoot, tr, th, td')) {
        set(part, 'role', null);
        set(part, 'aria-rowindex', null);
      }
    }
    return;
  }

  const headings = tables.filter((table) => table !== rowsTable);
  const headingRows = headings.flatMap((table) => parts(table, 'tr'));
  const bodyRows = rowsTable ? parts(rowsTable, 'tr') : [];
  const isVirtual = rowsTable?.closest('.v-vl') != null;
  const shown = isVirtual ? virtualWindow(root, state) : { start: 0, drawn: bodyRows.length, length: bodyRows.length };
  // Where the rows drawn are the list's first (no virtual scrolling) and no total is given, the
  // browser counts right by itself.
  const counted = label.rowCount !== undefined || (isVirtual && shown !== null);
  const rowCount = counted ? Math.max(label.rowCount ?? 0, shown?.length ?? 0) + headingRows.length : null;
  const start = shown !== null && shown.drawn === bodyRows.length ? shown.start : null;

  set(wrapper, 'role', 'table');
  set(wrapper, 'aria-label', label.name);
  set(wrapper, 'aria-rowcount', rowCount === null ? null : String(rowCount));
  set(wrapper, 'aria-busy', label.busy ? 'true' : null);
  for (const table of tables) {
    set(table, 'role', 'presentation');
    set(table, 'aria-label', null);
    set(table, 'aria-busy', null);
    set(table, 'aria-rowcount', null);
    for (const group of parts(table, 'thead, tbody, tfoot')) set(group, 'role', 'rowgroup');
    for (const cell of parts(table, 'th')) set(cell, 'role', 'columnheader');
    for (const cell of parts(table, 'td')) set(cell, 'role', 'cell');
  }
  headingRows.forEach((row, i) => {
    set(row, 'role', 'row');
    set(row, 'aria-rowindex', rowCount === null ? null : String(i + 1));
  });
  bodyRows.forEach((row, i) => {
    set(row, 'role', 'row');
    set(row, 'aria-rowindex', rowCount === null || start === null ? null : String(headingRows.length + start + i + 1));
  });
}

const OBSERVED: MutationObserverInit = { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'tabindex', 'aria-label'] };

/** Applies the roles with the observer off: the attributes set here are not changes to react to. */
function sync(root: HTMLElement): void {
  const state = states.get(root);
  if (!state) return;
  state.observer.disconnect();
  try {
    apply(root, state);
  } finally {
    state.observer.observe(root, OBSERVED);
  }
}

export const vTableLabel: Directive<HTMLElement, Binding> = {
  mounted(root, binding, vnode) {
    states.set(root, { label: labelOf(binding.value), observer: new MutationObserver(() => sync(root)), vnode, virtual: null });
    sync(root);
  },
  updated(root, binding, vnode) {
    const state = states.get(root);
    if (!state) return;
    state.label = labelOf(binding.value);
    state.vnode = vnode;
    sync(root);
  },
  unmounted(root) {
    states.get(root)?.observer.disconnect();
    states.delete(root);
  },
};

declare module 'vue' {
  interface GlobalDirectives {
    /** Registered for the whole app in main.ts: every screen's data tables use it. */
    vTableLabel: typeof vTableLabel;
  }
}
