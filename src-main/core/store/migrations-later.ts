import { orderColumnSql } from './record-order'
import type { Migration } from './migration'

/** Migrations 8 and later, in order (appended to MIGRATIONS in ./migrations.ts; never edited once shipped). */
export const LATER_MIGRATIONS: Migration[] = [
  {
    version: 8,
    name: "a directory job's records keyed in report order (its report reads them without a sort)",
    // A WITHOUT ROWID table is stored in its key's order, so the table is rebuilt with the order in
    // its key; the old key stays unique (linkRecords keeps a job's first copy of a record). ~1 s CPU
    // per 100,000 stored records, once; the old table's pages are reused by later writes.
    sql: `
      CREATE TABLE job_records_ordered (
        job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        product TEXT NOT NULL,
        -- no type: each keeps the type json_extract gave, which is how the values sort
        order1 NOT NULL,
        order2 NOT NULL,
        record_key TEXT NOT NULL,
        row_no INTEGER NOT NULL,
        record_json TEXT,
        PRIMARY KEY (job_id, product, order1, order2, record_key)
      ) WITHOUT ROWID;
      ${(['hospitals', 'schools'] as const)
        .map(
          (p) => `INSERT INTO job_records_ordered (job_id, product, order1, order2, record_key, row_no, record_json)
        SELECT job_id, product, ${orderColumnSql(p, 0, 'record_json')}, ${orderColumnSql(p, 1, 'record_json')}, record_key, row_no, record_json
        FROM job_records WHERE product = '${p}';`,
        )
        .join('\n      ')}
      DROP TABLE job_records;
      ALTER TABLE job_records_ordered RENAME TO job_records;
      CREATE UNIQUE INDEX job_records_key ON job_records(job_id, product, record_key);
    `,
  },
  {
    version: 9,
    name: 'paid pairs claimed before they are sent (two jobs of one data file never pay for one pair twice)',
    sql: `
      CREATE TABLE pair_claims (
        account TEXT NOT NULL,
        unit_key TEXT NOT NULL,
        job_id TEXT NOT NULL,
        row_no INTEGER NOT NULL,
        claimed_at INTEGER NOT NULL,
        PRIMARY KEY (account, unit_key)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 10,
    name: 'who made a plan not started yet (a new plan of the same workbook replaces it only if that process has ended)',
    sql: `
      CREATE TABLE plan_holders (
        job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
        owner_id TEXT NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        process_started_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `,
  },
]
