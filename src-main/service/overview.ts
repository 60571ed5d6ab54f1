import { OVERVIEW_RECENT, type Overview } from '../../src-shared/schemas/data';
import type { PetStatus } from '../../src-shared/schemas/pet';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';
import type { ServiceContext } from './context';
import type { HandlersFor } from './handler-types';
import { orderModel } from './to-model';

/** The dashboard's figures, read in one snapshot. */
export function overviewHandlers(ctx: ServiceContext): HandlersFor<'stats'> {
  const byStatus = ctx.db.prepare<[], { status: PetStatus; n: number }>('SELECT status, count(*) AS n FROM pets GROUP BY status');
  const stockByCategory = ctx.db.prepare<[], Overview['stockByCategory'][number]>(
    `SELECT c.id AS categoryId, c.name, count(p.id) AS pets, coalesce(sum(i.quantity), 0) AS stock
     FROM categories c LEFT JOIN pets p ON p.category_id = c.id LEFT JOIN inventory i ON i.pet_id = p.id
     GROUP BY c.id ORDER BY c.name_order, c.id LIMIT ${PAGE_LIMIT_MAX}`,
  );

  return {
    'stats.overview': () =>
      ctx.db.transaction(() => {
        const counts = { available: 0, pending: 0, sold: 0 };
        for (const row of byStatus.all()) counts[row.status] = row.n;
        const threshold = ctx.setting('lowStockThreshold');
        return {
          petsByStatus: counts,
          stockByCategory: stockByCategory.all(),
          openOrders: ctx.orders.openTotal(),
          lowStock: ctx.inventory.lowCount(threshold),
          lowStockThreshold: threshold,
          recentOrders: ctx.orders.recent(OVERVIEW_RECENT).map(orderModel),
          recentEvents: ctx.events.newest(OVERVIEW_RECENT),
        };
      })(),
  };
}
