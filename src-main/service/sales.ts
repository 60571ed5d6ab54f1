import { StoreError } from '../../src-shared/errors';
import type { SaleRow } from '../db/repositories/sales';
import type { ServiceContext } from './context';
import type { HandlersFor } from './handler-types';
import { bound } from './list-bounds';
import { cancelSale } from './sales-cancel';
import { createSale } from './sales-create';
import { readSale, refundModel } from './sales-model';
import { refundSale } from './sales-refund';
import { readSettingsNow as readSettings } from './settings-read';

export function saleHandlers(ctx: ServiceContext): HandlersFor<'sales' | 'refunds'> {
  function mustFind(id: number): SaleRow {
    const sale = ctx.sales.find(id);
    if (!sale) throw new StoreError('NOT_FOUND', `Sale ${id} does not exist`);
    return sale;
  }

  return {
    'sales.list': ({ from, to, customerId, status, number, limit, cursor }) => {
      const timeZone = () => readSettings(ctx).timeZone;
      const filter = { from: bound(from, 'from', timeZone), to: bound(to, 'to', timeZone), customerId, status, number, limit, cursor };
      const { rows, total, nextCursor } = ctx.sales.list(filter);
      return { items: rows.map((row) => readSale(ctx, row)), total, nextCursor };
    },

    'sales.create': (input) => ctx.write(() => createSale(ctx, input)),

    'sales.get': ({ saleId }) => readSale(ctx, mustFind(saleId)),

    'sales.cancel': ({ saleId }) => ctx.write(() => cancelSale(ctx, mustFind(saleId))),

    'refunds.create': ({ saleId, refund }) => ctx.write(() => refundSale(ctx, mustFind(saleId), refund)),

    'refunds.list': ({ saleId, limit, cursor }) => {
      mustFind(saleId);
      const { rows, total, nextCursor } = ctx.refunds.list({ saleId, limit, cursor });
      return { items: rows.map((row) => refundModel(ctx, row)), total, nextCursor };
    },

    'refunds.get': ({ saleId, refundId }) => {
      mustFind(saleId);
      const refund = ctx.refunds.find(saleId, refundId);
      if (!refund) throw new StoreError('NOT_FOUND', `Refund ${refundId} of sale ${saleId} does not exist`);
      return refundModel(ctx, refund);
    },
  };
}
