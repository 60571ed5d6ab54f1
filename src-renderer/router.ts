import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import type { ScreenName } from '../src-shared/commands';
import CategoriesView from './views/CategoriesView.vue';
import DashboardView from './views/DashboardView.vue';
import InventoryView from './views/InventoryView.vue';
import OrdersView from './views/OrdersView.vue';
import PetsView from './views/PetsView.vue';
import ReceiptView from './views/ReceiptView.vue';
import SettingsView from './views/SettingsView.vue';

/** The screens, in the order of the navigation; the route name is the screen name. */
export const SCREEN_ROUTES: (RouteRecordRaw & { name: ScreenName; meta: { title: string } })[] = [
  { path: '/dashboard', name: 'dashboard', component: DashboardView, meta: { title: 'Dashboard' } },
  { path: '/pets', name: 'pets', component: PetsView, meta: { title: 'Pets' } },
  { path: '/categories', name: 'categories', component: CategoriesView, meta: { title: 'Categories' } },
  { path: '/orders', name: 'orders', component: OrdersView, meta: { title: 'Orders' } },
  { path: '/inventory', name: 'inventory', component: InventoryView, meta: { title: 'Inventory' } },
  { path: '/settings', name: 'settings', component: SettingsView, meta: { title: 'Settings' } },
];

/**
 * Hash history: the app is loaded from a file in Electron and from the browser host's root, and
 * both resolve `#/pets` the same way.
 */
export const router = createRouter({
  history: createWebHashHistory(),
  routes: [
    { path: '/', redirect: '/dashboard' },
    ...SCREEN_ROUTES,
    // A printable receipt: a page of its own, so that the browser's print and Electron's PDF show only it.
    { path: '/orders/:orderId(\\d+)/receipt', name: 'receipt', component: ReceiptView, props: (to) => ({ orderId: Number(to.params.orderId) }), meta: { title: 'Receipt' } },
    { path: '/:unknown(.*)*', redirect: '/dashboard' },
  ],
});

router.afterEach((to) => {
  const title = (to.meta as { title?: string }).title;
  document.title = title ? `${title} · Pet Store Clerk` : 'Pet Store Clerk';
});
