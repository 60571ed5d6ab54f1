/** The four recorded-by columns (db/repositories/recorded-by.ts) as PostgreSQL reads them: aliases quoted, or they fold to lower case. */
export const recordedByColumns = (alias = '') =>
  `${alias}clerk_id AS "clerkId", ${alias}clerk_name AS "clerkName", ${alias}till_id AS "tillId", ${alias}till_name AS "tillName"`;
