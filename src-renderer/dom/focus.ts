/**
 * Where the keyboard goes when a dialog has gone. The library puts the focus back on what had it
 * before the dialog opened; when that is gone (an order's button on a row that now has none, a
 * deleted row) or was nothing (a shortcut pressed on the page), the focus would fall to the page's
 * start and the clerk's next Tab would begin from the top. A screen's own choice (`preferred`,
 * such as the row's Edit button, whose Order button may go with the stock a moment later) comes
 * first; else what had the focus, else the current screen's heading.
 */
export function focusAfterDialog(opener: Element | null, preferred?: () => HTMLElement | null | undefined): void {
  const chosen = preferred?.();
  if (chosen) {
    chosen.focus();
    return;
  }
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) opener.focus();
  else document.querySelector<HTMLElement>('main h2[tabindex="-1"]')?.focus();
}

/** A control found by its accessible name (rows' buttons are named "Edit Rex", "Delete Rex"). */
export function byLabel(label: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`);
}
