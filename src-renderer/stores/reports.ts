import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { DayReport, ReportGrouping, SalesReport } from '../../src-shared/schemas/report';
import type { Shop } from '../../src-shared/schemas/settings';
import { dateIn } from '../../src-shared/shop-days';
import { api } from '../api/client';
import { useAccessStore } from './access';

/** A sales report's period and grouping, as the clerk sets them. */
export interface RangeQuery {
  from: string;
  to: string;
  by: ReportGrouping;
}

/** The calendar date `days` after `date` (negative: before), `YYYY-MM-DD` in, `YYYY-MM-DD` out. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** How many days a new range covers back from today: a month, as a clerk compares last weeks. */
export const DEFAULT_RANGE_DAYS = 30;

/**
 * The Reports screen: the end-of-day report of a chosen day (`reports.day`) and the sales of a
 * period by day, category, pet or payment method (`reports.sales`). Days are the shop's (its time
 * zone, `shop.get`): "today" is the shop's today, not the clerk's machine's. Each load keeps only
 * its latest answer (an older one may come last).
 */
export const useReportsStore = defineStore('reports', () => {
  const shop = ref<Shop | null>(null);
  const date = ref('');
  const day = ref<DayReport | null>(null);
  const dayLoading = ref(false);
  const range = ref<RangeQuery>({ from: '', to: '', by: 'day' });
  const sales = ref<SalesReport | null>(null);
  const salesLoading = ref(false);
  let dayReads = 0;
  let salesReads = 0;

  /** The shop's terms (currency, time zone), read again when asked (`fresh`: its settings changed). */
  async function loadShop(fresh = false): Promise<Shop> {
    if (!shop.value || fresh) shop.value = await api().call('shop.get', {});
    return shop.value;
  }

  /** Today in the shop's time zone. */
  async function today(): Promise<string> {
    return dateIn(Date.now(), (await loadShop()).timeZone);
  }

  /**
   * Opens the screen: today's end-of-day report first (the figures a clerk closing the till wants),
   * then the last month by day. A date or range already chosen stays (the screen opened again).
   */
  async function open(): Promise<void> {
    const now = await today();
    if (!date.value) date.value = now;
    if (!range.value.from) range.value = { from: addDays(now, 1 - DEFAULT_RANGE_DAYS), to: now, by: 'day' };
    // One after the other: the range's report would otherwise queue ahead of the day's figures.
    await loadDay(date.value);
    if (useAccessStore().mayCall('reports.sales')) await loadSales(range.value);
  }

  /** The end-of-day report of `when` (a date of the shop's days). Rejects with the store's StoreError. */
  async function loadDay(when: string): Promise<DayReport | null> {
    const mine = ++dayReads;
    date.value = when;
    dayLoading.value = true;
    try {
      const report = await api().call('reports.day', { date: when });
      if (mine === dayReads) day.value = report;
      return report;
    } finally {
      if (mine === dayReads) dayLoading.value = false;
    }
  }

  /** The sales of a period, grouped. Rejects with the store's StoreError (a range past 1,096 days, REPORT_TOO_LARGE). */
  async function loadSales(query: RangeQuery): Promise<SalesReport | null> {
    const mine = ++salesReads;
    range.value = { ...query };
    salesLoading.value = true;
    try {
      const report = await api().call('reports.sales', { ...query });
      if (mine === salesReads) sales.value = report;
      return report;
    } finally {
      if (mine === salesReads) salesLoading.value = false;
    }
  }

  /** Reads both reports again as they are set (a sale or refund made, the shop's zone changed). */
  async function refresh(): Promise<void> {
    const sales = range.value.from && useAccessStore().mayCall('reports.sales');
    await Promise.all([date.value ? loadDay(date.value) : undefined, sales ? loadSales(range.value) : undefined]);
  }

  return { shop, date, day, dayLoading, range, sales, salesLoading, loadShop, today, open, loadDay, loadSales, refresh };
});
