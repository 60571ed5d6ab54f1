/**
 * The category fields that override a shop setting (absent: the shop's applies; `null` in a PATCH
 * clears; 0 is a value). One table, so the service, REST, data-transfer and browser tests run one
 * body for each (docs/decisions.md#a-categorys-tax-rate-overrides-the-shops, #low-stock).
 */
export interface CategoryOverride {
  field: 'taxRate' | 'lowStockThreshold';
  /** The shop setting that applies while the category has none. */
  setting: 'defaultTaxRate' | 'lowStockThreshold';
  column: 'tax_rate' | 'low_stock_threshold';
  max: number;
  /** Two values in range, neither 0. */
  values: readonly [number, number];
  /** Values every transport refuses, with the schema's message. */
  refused: readonly (readonly [value: unknown, message: string])[];
}

export const CATEGORY_OVERRIDES: readonly CategoryOverride[] = [
  {
    field: 'taxRate',
    setting: 'defaultTaxRate',
    column: 'tax_rate',
    max: 10_000,
    values: [700, 1900],
    refused: [
      [10_001, 'Must be at most 10,000'],
      [-1, 'Must be at least 0'],
      [19.5, 'Must be a whole number'],
      ['1900', 'Must be a number'],
      [true, 'Must be a number'],
    ],
  },
  {
    field: 'lowStockThreshold',
    setting: 'lowStockThreshold',
    column: 'low_stock_threshold',
    max: 1_000_000,
    values: [1, 10],
    refused: [
      [1_000_001, 'Must be at most 1,000,000'],
      [-1, 'Must be at least 0'],
      [1.5, 'Must be a whole number'],
      ['3', 'Must be a number'],
      [true, 'Must be a number'],
    ],
  },
];
