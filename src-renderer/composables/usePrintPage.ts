import { onBeforeUnmount, ref, watchEffect, type Ref } from 'vue';
import type { PageSizeMm } from '../../src-shared/schemas/printing';

/** CSS pixels per millimetre (96 per inch). */
export const PX_PER_MM = 96 / 25.4;

/**
 * While the screen is shown, the paper it prints on: an `@page` size (the browser's print, Electron's
 * PDF and Playwright's page.pdf honour it), its margins (none: the paper draws its own), and the app's
 * shell out of the way, so that what is printed is the paper alone, on as many pages as it needs.
 */
export function usePrintPage(size: Ref<PageSizeMm | null>, marginMm: Ref<number> = ref(0)): void {
  const style = document.createElement('style');
  style.dataset.printPage = '';
  document.head.append(style);
  watchEffect(() => {
    const page = size.value;
    style.textContent = page
      ? `@page { size: ${page.width}mm ${page.height}mm; margin: ${marginMm.value}mm; }
@media print {
  html, body, .shell-root, .shell, .shell .n-layout-scroll-container { height: auto !important; overflow: visible !important; }
  .shell .n-layout-scroll-container { padding: 0 !important; }
}`
      : '';
  });
  onBeforeUnmount(() => style.remove());
}

/** A paper's height in whole millimetres, rounded up, from its height on screen (CSS pixels). */
export const heightInMm = (px: number): number => Math.max(20, Math.ceil(px / PX_PER_MM));
