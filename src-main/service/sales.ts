import { StoreError } from '../../src-shared/errors';
import type { Refund, Sale } from '../../src-shared/schemas/sale';
import type { SaleRow } from '../db/repositories/sales';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { listBounds } from './list-bounds';
import { cancelSale } from './sales-cancel';
import { createSale } from './sales-create';
import { readSale, refundModel } from './sales-model';
import { refundSale } from './sales-refund';

export const saleHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'sales' | 'refunds'> => {
  function* mustFind(id: number): Step<SaleRow> {
    const sale = yield* ctx.sales.find(id);
    if (!sale) throw new StoreError('NOT_FOUND', `Sale ${id} does not exist`);
    return sale;
  }

  return {
    *'sales.list'({ from, to, customerId, status, number, limit, cursor }) {
      const bounds = yield* listBounds(ctx, from, to);
      const { rows, total, nextCursor } = yield* ctx.sales.list({ ...bounds, customerId, status, number, limit, cursor });
      const items: Sale[] = [];
      for (const row of rows) items.push(yield* readSale(ctx, row));
      return { items, total, nextCursor };
    },

    'sales.create': (input) => ctx.write(() => createSale(ctx, input)),

    *'sales.get'({ saleId }) {
      return yield* readSale(ctx, yield* mustFind(saleId));
    },

    'sales.cancel': ({ saleId }) =>
      ctx.write(function* () {
        return yield* cancelSale(ctx, yield* mustFind(saleId));
      }),

    'refunds.create': ({ saleId, refund }) =>
      ctx.write(function* () {
        return yield* refundSale(ctx, yield* mustFind(saleId), refund);
      }),

    *'refunds.list'({ saleId, limit, cursor }) {
      yield* mustFind(saleId);
      const { rows, total, nextCursor } = yield* ctx.refunds.list({ saleId, limit, cursor });
      const items: Refund[] = [];
      for (const row of rows) items.push(yield* refundModel(ctx, row));
      return { items, total, nextCursor };
    },

    *'refunds.get'({ saleId, refundId }) {
      yield* mustFind(saleId);
      const refund = yield* ctx.refunds.find(saleId, refundId);
      if (!refund) throw new StoreError('NOT_FOUND', `Refund ${refundId} of sale ${saleId} does not exist`);
      return yield* refundModel(ctx, refund);
    },
  };
});
