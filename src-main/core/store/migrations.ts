import { SCHEMA_V1_SQL } from './schema-v1'
import { LATER_MIGRATIONS } from './migrations-later'
import type { Migration } from './migration'

export type { Migration } from './migration'

/** The store's versioned schema, in order (./migration.ts says how a migration is kept). */

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'jobs, rows, results, money, directory cache, settings',
    sql: SCHEMA_V1_SQL,
  },
  {
    version: 2,
    name: 'review decisions (append-only), 429 marks per row, store identity',
    sql: `
      -- Every decision a reviewer takes, in order. A later decision supersedes an earlier one
      -- for the row but never replaces it: the triggers refuse UPDATE, and DELETE while the job
      -- exists (deleting a job still cascades). service_* is what the service said at that moment.
      CREATE TABLE review_decisions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        row_no INTEGER NOT NULL,
        decision TEXT NOT NULL CHECK (decision IN ('approve', 'reject', 'retake', 'skip', 'flag')),
        reviewer TEXT NOT NULL,
        note TEXT,
        at INTEGER NOT NULL,
        service_verdict TEXT,
        service_confidence REAL,
        row_state TEXT
      );
      CREATE INDEX review_decisions_row ON review_decisions(job_id, row_no, id);
      CREATE TRIGGER review_decisions_no_update BEFORE UPDATE ON review_decisions
        BEGIN SELECT RAISE(ABORT, 'review decisions are append-only'); END;
      CREATE TRIGGER review_decisions_no_delete BEFORE DELETE ON review_decisions
        WHEN EXISTS (SELECT 1 FROM jobs WHERE id = OLD.job_id)
        BEGIN SELECT RAISE(ABORT, 'review decisions are append-only'); END;

      -- How many times a row's request was answered 429 (slowed by the service's rate limit).
      ALTER TABLE job_rows ADD COLUMN rate_limited INTEGER NOT NULL DEFAULT 0;

      -- This store file's identity, named in every report (which store wrote it).
      CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO store_meta (key, value) VALUES ('store_id', lower(hex(randomblob(16))));
    `,
  },
  {
    version: 3,
    name: 'hits counted per account; pairs found across jobs',
    sql: `
      -- One service account (host + key) may be used from several data files and one data file
      -- may hold jobs of several accounts: hits belong to the account. '' = before accounts were known.
      CREATE TABLE usage_by_account (
        account TEXT NOT NULL,
        product TEXT NOT NULL,
        month TEXT NOT NULL,
        hits INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (account, product, month)
      ) WITHOUT ROWID;
      INSERT INTO usage_by_account (account, product, month, hits) SELECT '', product, month, hits FROM usage;
      DROP TABLE usage;
      ALTER TABLE usage_by_account RENAME TO usage;

      -- A face pair (both photos' hashes) verified in an earlier job is found without a scan.
      CREATE INDEX job_rows_unit_key ON job_rows(unit_key);
    `,
  },
  {
    version: 4,
    name: 'job leases: one owner per running job, pause/cancel requests to it',
    sql: `
      -- One row per job that a process is running (deleted when it stops). owner_id is
      -- host + pid + process start time; a pause/cancel from another process is a request here.
      CREATE TABLE job_leases (
        job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
        owner_id TEXT NOT NULL,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        process_started_at INTEGER NOT NULL,
        acquired_at INTEGER NOT NULL,
        heartbeat_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        request TEXT CHECK (request IN ('pause', 'cancel')),
        requested_at INTEGER
      );
    `,
  },
  {
    version: 5,
    name: 'row counts kept by triggers (a progress snapshot reads a few rows, not the whole job)',
    sql: `
      -- The figures RowQueries.counts() reports, kept per job and row state (and per result
      -- outcome) by triggers: every insert, update or delete of a row or a result changes them in
      -- the same statement, so they are exact at every commit, whichever connection (engine,
      -- import worker thread, another rekap process) wrote. Counting a 100,000-row job on every
      -- progress snapshot took 40-320 ms on the thread that serves the UI.
      CREATE TABLE job_row_counts (
        job_id TEXT NOT NULL,
        state TEXT NOT NULL,
        n INTEGER NOT NULL,
        local_failures INTEGER NOT NULL,
        charged INTEGER NOT NULL,
        cost_points INTEGER NOT NULL,
        resent_uncertain INTEGER NOT NULL,
        PRIMARY KEY (job_id, state)
      ) WITHOUT ROWID;
      CREATE TABLE job_outcome_counts (
        job_id TEXT NOT NULL,
        outcome TEXT NOT NULL,
        n INTEGER NOT NULL,
        from_cache INTEGER NOT NULL,
        PRIMARY KEY (job_id, outcome)
      ) WITHOUT ROWID;
      INSERT INTO job_row_counts
        SELECT job_id, state, COUNT(*), SUM(local_failure), SUM(charged), SUM(cost_points), SUM(resent_uncertain)
        FROM job_rows GROUP BY job_id, state;
      INSERT INTO job_outcome_counts SELECT job_id, outcome, COUNT(*), SUM(from_cache) FROM results GROUP BY job_id, outcome;

      CREATE TRIGGER job_rows_count_insert AFTER INSERT ON job_rows BEGIN
        INSERT INTO job_row_counts VALUES (NEW.job_id, NEW.state, 1, NEW.local_failure, NEW.charged, NEW.cost_points, NEW.resent_uncertain)
        ON CONFLICT (job_id, state) DO UPDATE SET n = n + 1, local_failures = local_failures + excluded.local_failures,
          charged = charged + excluded.charged, cost_points = cost_points + excluded.cost_points,
          resent_uncertain = resent_uncertain + excluded.resent_uncertain;
      END;
      CREATE TRIGGER job_rows_count_delete AFTER DELETE ON job_rows BEGIN
        UPDATE job_row_counts SET n = n - 1, local_failures = local_failures - OLD.local_failure, charged = charged - OLD.charged,
          cost_points = cost_points - OLD.cost_points, resent_uncertain = resent_uncertain - OLD.resent_uncertain
        WHERE job_id = OLD.job_id AND state = OLD.state;
      END;
      CREATE TRIGGER job_rows_count_update AFTER UPDATE OF job_id, state, local_failure, charged, cost_points, resent_uncertain ON job_rows
      WHEN OLD.job_id IS NOT NEW.job_id OR OLD.state IS NOT NEW.state OR OLD.local_failure IS NOT NEW.local_failure
        OR OLD.charged IS NOT NEW.charged OR OLD.cost_points IS NOT NEW.cost_points OR OLD.resent_uncertain IS NOT NEW.resent_uncertain
      BEGIN
        UPDATE job_row_counts SET n = n - 1, local_failures = local_failures - OLD.local_failure, charged = charged - OLD.charged,
          cost_points = cost_points - OLD.cost_points, resent_uncertain = resent_uncertain - OLD.resent_uncertain
        WHERE job_id = OLD.job_id AND state = OLD.state;
        INSERT INTO job_row_counts VALUES (NEW.job_id, NEW.state, 1, NEW.local_failure, NEW.charged, NEW.cost_points, NEW.resent_uncertain)
        ON CONFLICT (job_id, state) DO UPDATE SET n = n + 1, local_failures = local_failures + excluded.local_failures,
          charged = charged + excluded.charged, cost_points = cost_points + excluded.cost_points,
          resent_uncertain = resent_uncertain + excluded.resent_uncertain;
      END;

      CREATE TRIGGER results_count_insert AFTER INSERT ON results BEGIN
        INSERT INTO job_outcome_counts VALUES (NEW.job_id, NEW.outcome, 1, NEW.from_cache)
        ON CONFLICT (job_id, outcome) DO UPDATE SET n = n + 1, from_cache = from_cache + excluded.from_cache;
      END;
      CREATE TRIGGER results_count_delete AFTER DELETE ON results BEGIN
        UPDATE job_outcome_counts SET n = n - 1, from_cache = from_cache - OLD.from_cache WHERE job_id = OLD.job_id AND outcome = OLD.outcome;
      END;
      CREATE TRIGGER results_count_update AFTER UPDATE OF job_id, outcome, from_cache ON results
      WHEN OLD.job_id IS NOT NEW.job_id OR OLD.outcome IS NOT NEW.outcome OR OLD.from_cache IS NOT NEW.from_cache
      BEGIN
        UPDATE job_outcome_counts SET n = n - 1, from_cache = from_cache - OLD.from_cache WHERE job_id = OLD.job_id AND outcome = OLD.outcome;
        INSERT INTO job_outcome_counts VALUES (NEW.job_id, NEW.outcome, 1, NEW.from_cache)
        ON CONFLICT (job_id, outcome) DO UPDATE SET n = n + 1, from_cache = from_cache + excluded.from_cache;
      END;

      -- a deleted job's rows and results went by cascade (their triggers counted down); its count rows go too
      CREATE TRIGGER jobs_counts_delete AFTER DELETE ON jobs BEGIN
        DELETE FROM job_row_counts WHERE job_id = OLD.id;
        DELETE FROM job_outcome_counts WHERE job_id = OLD.id;
      END;

      -- the counts no longer scan this index; every inserted row paid for it
      DROP INDEX job_rows_counts;

      -- The runner looks for pending duplicates before each batch; without this it read every row of
      -- the job (37 ms at 100,000 rows, on the thread that serves the UI). Rows that are no duplicate
      -- are not in it.
      CREATE INDEX job_rows_pending_duplicates ON job_rows(job_id, duplicate_of) WHERE state = 'pending' AND duplicate_of IS NOT NULL;
    `,
  },
  {
    version: 6,
    name: 'deleted jobs: their totals and last report digest (the charges ledger keeps one line per product and month)',
    sql: `
      CREATE TABLE deleted_jobs (
        job_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        input_name TEXT,
        input_fingerprint TEXT,
        created_at INTEGER NOT NULL,
        finished_at INTEGER,
        deleted_at INTEGER NOT NULL,
        rows_total INTEGER NOT NULL,
        charged_rows INTEGER NOT NULL,
        points INTEGER NOT NULL,
        report_digest TEXT
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 7,
    name: "a directory job keeps its own copy of each record it fetched (a later sync must not change an older job's report)",
    sql: `
      ALTER TABLE job_records ADD COLUMN record_json TEXT;
      -- Jobs from before this version: the cache as it is now is the closest copy there is.
      UPDATE job_records SET record_json = (SELECT h.record_json FROM hospitals_cache h WHERE h.code = job_records.record_key)
        WHERE product = 'hospitals';
      UPDATE job_records SET record_json = (SELECT s.record_json FROM schools_cache s WHERE s.npsn = job_records.record_key)
        WHERE product = 'schools';
    `,
  },
  // 8 and later: ./migrations-later.ts (this file stays readable; the order is the array's)
  ...LATER_MIGRATIONS,
]

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version
