/// <reference types="vite/client" />
import type { PetstoreBridge } from '../src-shared/bridge';

declare global {
  interface Window {
    /** Exposed by the preload (Electron) or the browser host's bridge script. */
    petstore: PetstoreBridge;
  }
}

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
