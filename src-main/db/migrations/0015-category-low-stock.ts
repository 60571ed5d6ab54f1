/**
 * Low stock per category: a category may carry its own threshold (NULL: the shop's
 * `lowStockThreshold`), and the shop's default becomes 3 for new stores
 * (docs/decisions.md#low-stock). A store that already holds data and never set the threshold keeps
 * the 1 it had (stored now); a new store stores nothing and gets 3. Categories get no threshold:
 * none is invented. Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
ALTER TABLE categories ADD COLUMN low_stock_threshold INTEGER CHECK (low_stock_threshold BETWEEN 0 AND 1000000);
INSERT INTO settings (key, value)
  SELECT 'lowStockThreshold', '1' WHERE EXISTS (SELECT 1 FROM categories) OR EXISTS (SELECT 1 FROM pets)
  ON CONFLICT (key) DO NOTHING;
`;
