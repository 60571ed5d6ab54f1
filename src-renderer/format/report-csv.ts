import Papa from 'papaparse';
import { currencyDigits, minorToDecimal } from '../../src-shared/money-format';
import type { SalesReport } from '../../src-shared/schemas/report';

/** A report row's label column: its day, category, pet or payment method. */
const LABELS: Record<SalesReport['by'], string> = { day: 'Day', category: 'Category', pet: 'Pet', paymentMethod: 'Payment method' };

/**
 * A sales report as a CSV file: one row per row of the report, then its totals, with the amounts as
 * decimal text in the currency's digits (`19.99`), which a spreadsheet sums as money. The rows the
 * screen shows, not the sale lines (`data.export`'s sales CSV has no period:
 * docs/decisions.md#the-reports-screen-exports-its-rows). Formula-like names are escaped.
 */
export function reportCsv(report: SalesReport): { filename: string; content: string } {
  const digits = currencyDigits(report.currency);
  const money = (amount: number) => minorToDecimal(amount, digits);
  let header: string[];
  let rows: (string | number)[][];
  if (report.by === 'paymentMethod') {
    header = [LABELS.paymentMethod, 'Sales', 'Paid', 'Change', 'Refunds', 'Takings'];
    rows = report.rows.map((row) => [row.method, row.sales, money(row.paid), money(row.change), money(row.refunds), money(row.takings)]);
  } else {
    header = [LABELS[report.by], 'Sales', 'Units', 'Gross', 'Discounts', 'Net', 'Tax', 'Total', 'Refunds', 'Units refunded', 'Takings'];
    const figures = (row: Omit<SalesReport['totals'], 'cancelled'>) => [
      row.sales,
      row.quantity,
      money(row.gross),
      money(row.discounts),
      money(row.net),
      money(row.tax),
      money(row.total),
      money(row.refunds),
      row.refundedQuantity,
      money(row.takings),
    ];
    const label = (row: SalesReport['rows'][number]) => ('date' in row ? row.date : 'categoryName' in row ? row.categoryName : 'petName' in row ? row.petName : '');
    rows = [...(report.rows as Exclude<SalesReport, { by: 'paymentMethod' }>['rows']).map((row) => [label(row), ...figures(row)]), ['Total', ...figures(report.totals)]];
  }
  const content = Papa.unparse({ fields: header, data: rows }, { escapeFormulae: true, newline: '\r\n' });
  return { filename: `sales-by-${report.by === 'paymentMethod' ? 'payment-method' : report.by}-${report.from}-to-${report.to}-${report.currency}.csv`, content };
}
