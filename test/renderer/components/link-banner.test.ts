// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { NMessageProvider, useMessage } from 'naive-ui';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { unreachableMessage } from '../../../src-shared/bridge';
import LinkBanner from '../../../src-renderer/components/LinkBanner.vue';
import { useRealApi, type RendererHarness } from '../support/real-api';

/**
 * The link banner inside the app's toast provider, over the real-api bridge (whose onLink the test
 * drives as a connected till's host would): it says the link once, and a screen's toast that only
 * says "unreachable" is not drawn.
 */
let t: RendererHarness;
beforeEach(() => {
  t = useRealApi();
});
afterEach(() => {
  document.body.innerHTML = '';
  t.close();
});

/** A screen's failure toast, as every screen makes one (useMessage().error with the Error's message). */
let toast: (text: string) => void = () => undefined;
const Screen = defineComponent({
  setup() {
    const message = useMessage();
    toast = (text) => void message.error(text);
    return () => h('p', 'screen');
  },
});

const settle = async () => {
  await nextTick();
  await new Promise((resolve) => setTimeout(resolve, 50));
};

test('down: one alert and no unreachable toasts; other toasts still drawn; back: said, then the banner is gone', async () => {
  mount(() => h(NMessageProvider, () => [h(LinkBanner), h(Screen)]), { attachTo: document.body });
  await settle();
  expect(document.body.querySelector('[data-testid="link-banner"]')).toBeNull(); // a store of its own: local

  const server = 'http://192.168.1.20:8787';
  t.link({ state: 'down', server, reason: 'SERVER_UNREACHABLE' });
  toast(unreachableMessage(server));
  toast(unreachableMessage(server, true));
  toast('Rex could not be saved: the name is taken');
  await settle();
  const banner = document.body.querySelector('[data-testid="link-banner"]');
  expect(banner?.getAttribute('role')).toBe('alert');
  expect(banner?.textContent).toContain(`Waiting for the shop server… It cannot be reached at ${server}.`);
  expect(document.body.textContent).not.toContain(unreachableMessage(server));
  expect(document.body.textContent).toContain('Rex could not be saved: the name is taken');

  t.link({ state: 'up', server });
  await settle();
  expect(document.body.querySelector('[data-testid="link-banner"]')).toBeNull();
  expect(document.body.querySelector('[data-testid="link-back"]')?.textContent).toContain('The shop server is back');
});

test('another certificate has its own words: pair again', async () => {
  mount(() => h(NMessageProvider, () => h(LinkBanner)), { attachTo: document.body });
  t.link({ state: 'down', server: 'https://shop:8787', reason: 'SERVER_CERTIFICATE_CHANGED' });
  await settle();
  expect(document.body.querySelector('[data-testid="link-banner"]')?.textContent).toContain("The shop server's certificate changed.");
});
