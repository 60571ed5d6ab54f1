import { createRouter, createWebHashHistory, type RouteLocationNormalized, type RouteRecordRaw } from 'vue-router';
import type { ScreenName } from '../src-shared/commands';
import type { OperationName } from '../src-shared/contract';
import { useAccessStore } from './stores/access';

// Each screen is its own chunk, loaded when first opened: the app starts without parsing the
// code (and the charting library) of screens the clerk has not visited yet.
const DashboardView = () => import('./views/DashboardView.vue');
const PetsView = () => import('./views/PetsView.vue');
const CategoriesView = () => import('./views/CategoriesView.vue');
const OrdersView = () => import('./views/OrdersView.vue');
const InventoryView = () => import('./views/InventoryView.vue');
const SettingsView = () => import('./views/SettingsView.vue');
const ReceiptView = () => import('./views/ReceiptView.vue');
const TillView = () => import('./views/TillView.vue');
const SalesView = () => import('./views/SalesView.vue');
const CustomersView = () => import('./views/CustomersView.vue');
const ReportsView = () => import('./views/ReportsView.vue');
const SaleReceiptView = () => import('./views/SaleReceiptView.vue');
const LabelsView = () => import('./views/LabelsView.vue');

/** The screens, in the order of the navigation; the route name is the screen name. */
export const SCREEN_ROUTES: (RouteRecordRaw & { name: ScreenName; meta: { title: string } })[] = [
  { path: '/till', name: 'till', component: TillView, meta: { title: 'Till' } },
  { path: '/sales', name: 'sales', component: SalesView, meta: { title: 'Sales' } },
  { path: '/customers', name: 'customers', component: CustomersView, meta: { title: 'Customers' } },
  { path: '/dashboard', name: 'dashboard', component: DashboardView, meta: { title: 'Dashboard' } },
  { path: '/pets', name: 'pets', component: PetsView, meta: { title: 'Pets' } },
  { path: '/categories', name: 'categories', component: CategoriesView, meta: { title: 'Categories' } },
  { path: '/orders', name: 'orders', component: OrdersView, meta: { title: 'Orders' } },
  { path: '/inventory', name: 'inventory', component: InventoryView, meta: { title: 'Inventory' } },
  { path: '/reports', name: 'reports', component: ReportsView, meta: { title: 'Reports' } },
  { path: '/settings', name: 'settings', component: SettingsView, meta: { title: 'Settings' } },
];

/**
 * Hash history: Electron's app:// protocol and the browser host serve files only, so every route
 * stays on index.html (`#/pets`) and a reload finds it.
 */
export const router = createRouter({
  history: createWebHashHistory(),
  routes: [
    { path: '/', redirect: '/till' },
    ...SCREEN_ROUTES,
    // A printable receipt: a page of its own, so that the browser's print and Electron's PDF show only it.
    { path: '/orders/:orderId(\\d+)/receipt', name: 'receipt', component: ReceiptView, props: (to) => ({ orderId: Number(to.params.orderId) }), meta: { title: 'Receipt', section: 'orders' } },
    // A sale's receipt with its amounts, in the layout asked for (`?layout=a4|80mm`).
    { path: '/sales/:saleId(\\d+)/receipt', name: 'sale-receipt', component: SaleReceiptView, props: (to) => ({ saleId: Number(to.params.saleId) }), meta: { title: 'Receipt', section: 'sales' } },
    // Shelf and cage labels for the pets chosen (`?pets=1,2,3`), printed as a PDF.
    { path: '/labels', name: 'labels', component: LabelsView, meta: { title: 'Labels', section: 'pets' } },
    // The sales over a range: the owner's part of Reports, addressed on its own (`needs`: a clerk is sent home).
    { path: '/reports/sales', name: 'reports-sales', component: ReportsView, props: { part: 'sales' }, meta: { title: 'Sales report', section: 'reports', needs: 'reports.sales' } },
    { path: '/:unknown(.*)*', redirect: '/dashboard' },
  ],
});

/**
 * Whether a route may be shown here: one whose meta `needs` an operation this window may not call
 * (an owner's, for a clerk) is not (docs/decisions.md#owner-only-operations).
 */
export function routeAllowed(to: Pick<RouteLocationNormalized, 'meta'>, mayCall: (operation: OperationName) => boolean): boolean {
  const needs = (to.meta as { needs?: OperationName }).needs;
  return needs === undefined || mayCall(needs);
}

// A clerk following a link or typing the address of an owner's screen lands on the home screen.
router.beforeEach((to) => (routeAllowed(to, useAccessStore().mayCall) ? true : '/'));

router.afterEach((to) => {
  const title = (to.meta as { title?: string }).title;
  document.title = title ? `${title} · Pet Store Clerk` : 'Pet Store Clerk';
});
