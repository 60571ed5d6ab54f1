// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { NDialogProvider } from 'naive-ui';
import { h, nextTick } from 'vue';
import { COMMAND_NAMES, COMMANDS } from '../../../src-shared/commands';
import ShortcutsHelp from '../../../src-renderer/components/ShortcutsHelp.vue';
import StatusChip from '../../../src-renderer/components/StatusChip.vue';
import { usePreferencesStore } from '../../../src-renderer/stores/preferences';
import { useRealApi, type RendererHarness } from '../support/real-api';

// A real service behind the renderer: the shortcuts offered depend on what this window may call.
let harness: RendererHarness;
beforeEach(() => {
  harness = useRealApi();
  localStorage.clear();
});
afterEach(() => harness.close());

/** The contrast ratio of two #rrggbb colours (WCAG 2). */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

test('a status chip says the status in words, readable (4.5:1) in both themes', async () => {
  const preferences = usePreferencesStore();
  for (const theme of ['light', 'dark'] as const) {
    preferences.theme = theme;
    for (const status of ['available', 'pending', 'sold'] as const) {
      const chip = mount(StatusChip, { props: { status } });
      await nextTick();
      expect(chip.text()).toBe(status);
      const style = chip.find('.n-tag').attributes('style') ?? '';
      const text = /--n-text-color:\s*(#[0-9a-f]{6})/i.exec(style)?.[1];
      const background = /--n-color:\s*(#[0-9a-f]{6})/i.exec(style)?.[1];
      expect(text && background, `${theme} ${status}: ${style}`).toBeTruthy();
      expect(contrast(text!, background!), `${theme} ${status}`).toBeGreaterThanOrEqual(4.5);
      chip.unmount();
    }
  }
});

test('the shortcuts overlay lists every command of the shared table with its keys', async () => {
  // Inside the dialog provider the app has (a dialog asks before discarding unsaved typing).
  const help = mount(() => h(NDialogProvider, () => h(ShortcutsHelp, { open: true })), { attachTo: document.body });
  await nextTick();
  const rows = [...document.body.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '');
  for (const name of COMMAND_NAMES) {
    const label = COMMANDS[name].label.replace('…', '');
    expect(rows.some((row) => row.startsWith(label)), `${name} listed`).toBe(true);
  }
  expect(rows).toContain('New petAlt+Shift+NCtrl+N'); // the key that reaches the page everywhere, then the desktop app's older one
  expect(rows).toContain('Save the open formCtrl+Enter');
  help.unmount();
});
