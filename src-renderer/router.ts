import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import type { ScreenName } from '../src-shared/commands';

// Each screen is its own chunk, loaded when first opened: the app starts without parsing the
// code (and the charting library) of screens the clerk has not visited yet.
const DashboardView = () => import('./views/DashboardView.vue');
const PetsView = () => import('./views/PetsView.vue');
const CategoriesView = () => import('./views/CategoriesView.vue');
const OrdersView = () => import('./views/OrdersView.vue');
const InventoryView = () => import('./views/InventoryView.vue');
const SettingsView = () => import('./views/SettingsView.vue');
const ReceiptView = () => import('./views/ReceiptView.vue');

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
 * Hash history: Electron's app:// protocol and the browser host serve files only, so every route
 * stays on index.html (`#/pets`) and a reload finds it.
 */
export const router = createRouter({
  history: createWebHashHistory(),
  routes: [
    { path: '/', redirect: '/dashboard' },
    ...SCREEN_ROUTES,
    // A printable receipt: a page of its own, so that the browser's print and Electron's PDF show only it.
    { path: '/orders/:orderId(\\d+)/receipt', name: 'receipt', component: ReceiptView, props: (to) => ({ orderId: Number(to.params.orderId) }), meta: { title: 'Receipt', section: 'orders' } },
    { path: '/:unknown(.*)*', redirect: '/dashboard' },
  ],
});

router.afterEach((to) => {
  const title = (to.meta as { title?: string }).title;
  document.title = title ? `${title} · Pet Store Clerk` : 'Pet Store Clerk';
});
