import { OVERVIEW_RECENT } from '../../src-shared/schemas/data';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { orderModel } from './to-model';

/** The dashboard's figures, read in one snapshot. */
export const overviewHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'stats'> => ({
  'stats.overview': () =>
    ctx.read(function* () {
      const counts = { available: 0, pending: 0, sold: 0 };
      for (const row of yield* ctx.pets.countPerStatus()) counts[row.status] = row.n;
      const threshold = yield* ctx.setting('lowStockThreshold');
      return {
        petsByStatus: counts,
        stockByCategory: yield* ctx.categories.stockPerCategory(),
        openOrders: yield* ctx.orders.openTotal(),
        lowStock: yield* ctx.inventory.lowCount(threshold),
        lowStockThreshold: threshold,
        recentOrders: (yield* ctx.orders.recent(OVERVIEW_RECENT)).map(orderModel),
        recentEvents: yield* ctx.events.newest(OVERVIEW_RECENT),
      };
    }),
}));
