import type { TeamMigration } from './team-migration'

/**
 * Schema v1: the team's desks and operators, the job registry the Team screen reads, the review
 * queue with claims, the append-only decisions and the append-only charges ledger. Rules the
 * database can keep are kept by it (who decided, who ran a job, append-only, four eyes), so no desk
 * can write around them. Operators get rights through the group role `rekap_operator`.
 */
export const v001Base: TeamMigration = {
  version: 1,
  name: 'base',
  sql: `
CREATE SCHEMA IF NOT EXISTS rekap;

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'rekap_operator') THEN
    CREATE ROLE rekap_operator NOLOGIN;
  END IF;
END $$;
GRANT USAGE ON SCHEMA rekap TO rekap_operator;

-- team-wide switches (four eyes); set by the store's owner (rekap team settings)
CREATE TABLE rekap.settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  set_by name NOT NULL DEFAULT current_user,
  set_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO rekap.settings (key, value) VALUES ('maker_checker', 'false');

CREATE TABLE rekap.desks (
  name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 100),
  host text NOT NULL,
  rekap_version text NOT NULL,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  last_role name NOT NULL DEFAULT current_user
);

-- an operator is a database role; this table says where and when each was seen
CREATE TABLE rekap.operators (
  role name NOT NULL,
  desk text NOT NULL REFERENCES rekap.desks (name),
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (role, desk)
);

-- what each desk publishes about its jobs (never the API key, never rows)
CREATE TABLE rekap.jobs (
  desk text NOT NULL REFERENCES rekap.desks (name),
  job_id text NOT NULL,
  kind text NOT NULL,
  state text NOT NULL,
  total integer NOT NULL DEFAULT 0,
  counts jsonb NOT NULL DEFAULT '{}',
  calls integer NOT NULL DEFAULT 0,
  spent_rp bigint NOT NULL DEFAULT 0,
  operator name NOT NULL DEFAULT current_user,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (desk, job_id)
);

-- doubtful pairs of every desk, with both photos shrunk as the report's thumbnails are
CREATE TABLE rekap.review_items (
  id bigserial PRIMARY KEY,
  desk text NOT NULL,
  job_id text NOT NULL,
  row_no integer NOT NULL,
  pair_hash text,
  service_verdict text NOT NULL,
  confidence double precision,
  label jsonb NOT NULL DEFAULT '{}',
  photo_a bytea,
  photo_b bytea,
  operator name NOT NULL DEFAULT current_user,
  queued_at timestamptz NOT NULL DEFAULT now(),
  claimed_by name,
  claim_token uuid,
  claimed_until timestamptz,
  closed_at timestamptz,
  UNIQUE (desk, job_id, row_no),
  FOREIGN KEY (desk, job_id) REFERENCES rekap.jobs (desk, job_id)
);
CREATE INDEX review_items_open ON rekap.review_items (id) WHERE closed_at IS NULL;

CREATE TABLE rekap.decisions (
  id bigserial PRIMARY KEY,
  item_id bigint NOT NULL REFERENCES rekap.review_items (id),
  decision text NOT NULL CHECK (decision IN ('approve', 'reject', 'retake', 'skip', 'flag')),
  note text,
  desk text,
  decider name NOT NULL DEFAULT current_user,
  decided_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX decisions_item ON rekap.decisions (item_id);
CREATE INDEX decisions_month ON rekap.decisions (decided_at);

-- every charge (and every free reuse, amount 0) of every desk
CREATE TABLE rekap.charges (
  id bigserial PRIMARY KEY,
  pair_hash text,
  product text NOT NULL,
  job_id text NOT NULL,
  desk text NOT NULL,
  operator name NOT NULL DEFAULT current_user,
  charged_at timestamptz NOT NULL DEFAULT now(),
  amount_rp bigint NOT NULL CHECK (amount_rp >= 0),
  reused boolean NOT NULL DEFAULT false
);
CREATE INDEX charges_month ON rekap.charges (charged_at);

-- the operator and the decider are who connected, not what a desk says
CREATE FUNCTION rekap.stamp_role() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_TABLE_NAME = 'decisions' THEN
    NEW.decider := current_user;
    NEW.decided_at := now();
  ELSE
    NEW.operator := current_user;
  END IF;
  RETURN NEW;
END $f$;
CREATE TRIGGER decisions_stamp BEFORE INSERT ON rekap.decisions FOR EACH ROW EXECUTE FUNCTION rekap.stamp_role();
CREATE TRIGGER charges_stamp BEFORE INSERT ON rekap.charges FOR EACH ROW EXECUTE FUNCTION rekap.stamp_role();
CREATE TRIGGER review_items_stamp BEFORE INSERT ON rekap.review_items FOR EACH ROW EXECUTE FUNCTION rekap.stamp_role();
CREATE TRIGGER jobs_stamp BEFORE INSERT ON rekap.jobs FOR EACH ROW EXECUTE FUNCTION rekap.stamp_role();

CREATE FUNCTION rekap.append_only() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  RAISE EXCEPTION 'rekap.% is append-only', TG_TABLE_NAME USING ERRCODE = 'RK002';
END $f$;
CREATE TRIGGER decisions_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON rekap.decisions
  FOR EACH STATEMENT EXECUTE FUNCTION rekap.append_only();
CREATE TRIGGER charges_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON rekap.charges
  FOR EACH STATEMENT EXECUTE FUNCTION rekap.append_only();

-- four eyes: with maker_checker on, the role that ran a job cannot approve its pairs
CREATE FUNCTION rekap.maker_checker() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE maker name; job text;
BEGIN
  IF NEW.decision = 'approve'
     AND coalesce((SELECT value = 'true'::jsonb FROM rekap.settings WHERE key = 'maker_checker'), false) THEN
    SELECT operator, job_id INTO maker, job FROM rekap.review_items WHERE id = NEW.item_id;
    IF maker = current_user THEN
      RAISE EXCEPTION 'maker-checker: % ran job % and cannot approve its pairs', maker, job
        USING ERRCODE = 'RK001', DETAIL = job;
    END IF;
  END IF;
  RETURN NEW;
END $f$;
CREATE TRIGGER decisions_maker_checker BEFORE INSERT ON rekap.decisions FOR EACH ROW EXECUTE FUNCTION rekap.maker_checker();

GRANT SELECT ON rekap.settings TO rekap_operator;
GRANT SELECT, INSERT, UPDATE ON rekap.desks, rekap.operators, rekap.jobs TO rekap_operator;
GRANT SELECT, INSERT ON rekap.review_items TO rekap_operator;
GRANT UPDATE (claimed_by, claim_token, claimed_until, closed_at) ON rekap.review_items TO rekap_operator;
GRANT SELECT, INSERT ON rekap.decisions, rekap.charges TO rekap_operator;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA rekap TO rekap_operator;
`,
}
