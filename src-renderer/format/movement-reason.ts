import type { StockReason } from '../../src-shared/schemas/inventory';
import type { MovementReason } from '../../src-shared/schemas/movement';

/** Each stock-ledger reason in the clerk's words (the Adjust dialog's choices, the history's column). */
export const MOVEMENT_REASON_LABELS: Record<MovementReason, string> = {
  opening: 'Opening stock',
  order: 'Ordered',
  cancelled: 'Order cancelled',
  returned: 'Returned (refund)',
  received: 'Received',
  correction: 'Correction',
  lost: 'Lost',
  died: 'Died',
};

/** What each reason a clerk gives does to the count, as the Adjust dialog explains it. */
export const STOCK_REASON_HINTS: Record<StockReason, string> = {
  received: 'A delivery: adds units',
  correction: 'A count put right: adds or takes away',
  lost: 'Animals gone missing: takes away, never a sale',
  died: 'Animals that died: takes away, never a sale',
};
