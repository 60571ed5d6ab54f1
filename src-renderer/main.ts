// Zod must be configured (no JIT under our CSP) before any shared schema is built.
import '../src-shared/zod-setup';
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import './styles/buttons.css';
import './styles/print.css';
import './styles/dialogs.css';
import { router } from './router';
import { vTableLabel } from './directives/table-label';

// Every data table reads as one table (the screens' NDataTables use it without importing it).
createApp(App).use(createPinia()).use(router).directive('table-label', vTableLabel).mount('#app');
