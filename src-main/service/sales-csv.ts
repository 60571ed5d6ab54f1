/**
 * The sales CSV export (`data.export` with resource `sales`): one row per line of every sale, for a
 * spreadsheet. Amounts are decimal text in the currency's minor-unit digits ("19.99", JPY "1999"),
 * as a spreadsheet reads them; the date-time is the shop's wall clock, with the instant in UTC
 * beside it (a clock set back repeats an hour); the sale's clerk and till by name, empty when none.
 * docs/decisions.md#the-sales-csv-is-one-row-per-line
 */
import Papa from 'papaparse';
import { countOf } from '../../src-shared/count';
import { currencyDigits, minorToDecimal } from '../../src-shared/money-format';
import type { ExportedFile } from '../../src-shared/schemas/data';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { FORMULA_START } from './data-transfer-read';
import { readSettings } from './settings-read';

export const SALES_CSV_COLUMNS = [
  'receipt',
  'dateTime',
  'createdAt',
  'status',
  'line',
  'petId',
  'pet',
  'category',
  'quantity',
  'unitPrice',
  'discount',
  'net',
  'taxPercent',
  'tax',
  'total',
  'refundedQuantity',
  'paymentMethods',
  'clerk',
  'till',
] as const;

/** An instant as the shop's wall clock reads it: `2026-11-28 14:05:09`. */
function wallClock(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  let last = { iso: '', text: '' }; // a sale's lines share its instant: read the clock once
  return (iso) => {
    if (iso !== last.iso) {
      const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map(({ type, value }) => [type, value]));
      last = { iso, text: `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}` };
    }
    return last.text;
  };
}

export function* salesCsv(ctx: HandlerContext): Step<ExportedFile> {
  const clock = wallClock((yield* readSettings(ctx)).timeZone);
  const data: unknown[][] = [];
  let sales = 0;
  for (const row of yield* ctx.reports.saleLines()) {
    const money = (amount: number) => minorToDecimal(amount, currencyDigits(row.currency));
    if (row.line === 0) sales++;
    data.push([
      row.number,
      clock(row.createdAt),
      row.createdAt,
      row.status,
      row.line + 1,
      row.petId,
      row.petName,
      row.categoryName,
      row.quantity,
      money(row.unitPrice),
      money(row.discount),
      money(row.net),
      minorToDecimal(row.taxRate, 2),
      money(row.tax),
      money(row.total),
      row.returned,
      row.methods ?? '',
      row.clerkName ?? '',
      row.tillName ?? '',
    ]);
  }
  // Every CSV line ends in CRLF (RFC 4180), the last one too; formula-like cells are escaped as in every export.
  const table = Papa.unparse({ fields: [...SALES_CSV_COLUMNS], data }, { escapeFormulae: FORMULA_START });
  const content = table.endsWith('\r\n') ? table : `${table}\r\n`; // the header alone comes with its line end
  const summary = `${countOf(data.length, 'line', 'lines', 'en')} of ${countOf(sales, 'sale', 'sales', 'en')}`;
  return { filename: `petstore-sales-${new Date().toISOString().slice(0, 10)}.csv`, mimeType: 'text/csv', content, rows: data.length, summary };
}
