/** The persisted change log behind the events stream and the live UI. */
export const sql = /* sql */ `
CREATE TABLE events (
  id   INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL,
  at   TEXT NOT NULL,
  data TEXT NOT NULL
);
`;
