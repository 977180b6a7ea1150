/**
 * The store's first schema (migration 1): jobs, rows, results, money, the directory cache and
 * settings, as it shipped. Kept apart from the later migrations only for its length; like them it
 * is never edited (stores on disk were made by this text).
 */
export const SCHEMA_V1_SQL = `
      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        state TEXT NOT NULL,
        blocked_reason TEXT,
        state_detail TEXT,
        input_file TEXT,
        input_name TEXT,
        input_fingerprint TEXT,
        sheet TEXT,
        header_row INTEGER,
        headers_json TEXT NOT NULL DEFAULT '[]',
        mapping_json TEXT NOT NULL DEFAULT '{}',
        settings_json TEXT NOT NULL DEFAULT '{}',
        plan_json TEXT,
        attempt INTEGER NOT NULL DEFAULT 1,
        active_ms INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        finished_at INTEGER,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE job_transitions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        from_state TEXT,
        to_state TEXT NOT NULL,
        reason TEXT,
        detail TEXT
      );
      CREATE INDEX job_transitions_job ON job_transitions(job_id, id);

      CREATE TABLE job_rows (
        job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        row_no INTEGER NOT NULL,
        source_row INTEGER,
        unit_key TEXT,
        state TEXT NOT NULL,
        input_json TEXT NOT NULL DEFAULT '{}',
        payload_json TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        error_code TEXT,
        error_message TEXT,
        error_column TEXT,
        local_failure INTEGER NOT NULL DEFAULT 0,
        duplicate_of INTEGER,
        charged INTEGER NOT NULL DEFAULT 0,
        cost_points INTEGER NOT NULL DEFAULT 0,
        resent_uncertain INTEGER NOT NULL DEFAULT 0,
        progress_json TEXT,
        started_at INTEGER,
        finished_at INTEGER,
        duration_ms INTEGER,
        PRIMARY KEY (job_id, row_no)
      ) WITHOUT ROWID;
      CREATE INDEX job_rows_state ON job_rows(job_id, state, row_no);
      -- Covers the progress counts, so a snapshot of a 100,000-row job reads the index, not the rows.
      CREATE INDEX job_rows_counts ON job_rows(job_id, state, local_failure, charged, cost_points, resent_uncertain);

      CREATE TABLE results (
        job_id TEXT NOT NULL,
        row_no INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        match INTEGER,
        confidence REAL,
        record_key TEXT,
        record_count INTEGER,
        from_cache INTEGER NOT NULL DEFAULT 0,
        raw_json TEXT,
        at INTEGER NOT NULL,
        PRIMARY KEY (job_id, row_no),
        FOREIGN KEY (job_id, row_no) REFERENCES job_rows(job_id, row_no) ON DELETE CASCADE
      ) WITHOUT ROWID;

      CREATE INDEX results_outcomes ON results(job_id, outcome, from_cache);

      -- Records a directory unit (row) yielded; de-duplicated per job by the key.
      CREATE TABLE job_records (
        job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        product TEXT NOT NULL,
        record_key TEXT NOT NULL,
        row_no INTEGER NOT NULL,
        PRIMARY KEY (job_id, product, record_key)
      ) WITHOUT ROWID;

      -- The money ledger: one line per charged call, written in the transaction that
      -- marks the row charged, so the two can never disagree.
      CREATE TABLE charges (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL,
        row_no INTEGER NOT NULL,
        product TEXT NOT NULL,
        points INTEGER NOT NULL,
        month TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX charges_job ON charges(job_id);

      -- Hits per product per calendar month (quota), counted locally.
      CREATE TABLE usage (
        product TEXT NOT NULL,
        month TEXT NOT NULL,
        hits INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (product, month)
      ) WITHOUT ROWID;

      CREATE TABLE hospitals_cache (
        code TEXT PRIMARY KEY,
        name TEXT,
        type TEXT,
        class TEXT,
        ownership TEXT,
        blu_status TEXT,
        province_code TEXT,
        regency_code TEXT,
        record_json TEXT NOT NULL,
        source TEXT NOT NULL,
        fetched_at INTEGER NOT NULL
      );
      CREATE INDEX hospitals_cache_region ON hospitals_cache(province_code, regency_code);

      CREATE TABLE schools_cache (
        npsn TEXT PRIMARY KEY,
        name TEXT,
        grade TEXT,
        status TEXT,
        province_code TEXT,
        regency_code TEXT,
        district_code TEXT,
        record_json TEXT NOT NULL,
        source TEXT NOT NULL,
        fetched_at INTEGER NOT NULL
      );
      CREATE INDEX schools_cache_region ON schools_cache(regency_code, district_code);

      CREATE TABLE regions_cache (
        code TEXT PRIMARY KEY,
        level TEXT NOT NULL,
        parent_code TEXT,
        name TEXT NOT NULL,
        source TEXT NOT NULL,
        fetched_at INTEGER NOT NULL
      );
      CREATE INDEX regions_cache_parent ON regions_cache(parent_code);

      -- A directory query fetched to its last page: lets a report say what it covers.
      CREATE TABLE directory_syncs (
        sync_key TEXT PRIMARY KEY,
        product TEXT NOT NULL,
        filters_json TEXT NOT NULL,
        total_item INTEGER NOT NULL,
        source TEXT NOT NULL,
        fetched_at INTEGER NOT NULL
      );

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL
      );

      -- Only ciphertext ever lands here (Electron safeStorage); never a key in clear.
      CREATE TABLE secrets (
        name TEXT PRIMARY KEY,
        scheme TEXT NOT NULL,
        ciphertext BLOB NOT NULL
      );
    `
