import type { TeamMigration } from './team-migration'

/**
 * Schema v2: what the service counts per account, shared by every desk (core/coordination/team).
 * Accounts are keyed hashes (HMAC with this store's own salt over rekap's account id, which
 * itself holds only a hash of the key): the API key never reaches the team store.
 *   - rate_limits: one GCRA row per account and product; a turn is taken in one UPDATE.
 *   - leases: one per running rekap process (a desk), renewed while it lives; what a dead desk
 *     holds (reservations, pairs in flight) stops counting when its lease expires.
 *   - budgets (per month) and balance (stated after a top-up) of the team;
 *     reservations of paid requests in flight, decided under one lock (reserve_money).
 *   - hits: the month's hits per account and product.
 *   - pairs: pay once across desks: a pair in flight (claimed by a lease) or answered.
 */
export const v002Coordination: TeamMigration = {
  version: 2,
  name: 'coordination',
  sql: `
CREATE TABLE rekap.coordination_meta (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  account_salt text NOT NULL
);
INSERT INTO rekap.coordination_meta (account_salt) VALUES (gen_random_uuid()::text || gen_random_uuid()::text);

CREATE TABLE rekap.rate_limits (
  account text NOT NULL,
  product text NOT NULL,
  tat timestamptz NOT NULL DEFAULT clock_timestamp(),
  rps double precision NOT NULL,
  last_429 timestamptz,
  PRIMARY KEY (account, product)
);

CREATE TABLE rekap.leases (
  session uuid PRIMARY KEY,
  desk text NOT NULL,
  lease_until timestamptz NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  role name NOT NULL DEFAULT current_user
);

CREATE TABLE rekap.budgets (
  month text PRIMARY KEY CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
  budget_rp bigint NOT NULL CHECK (budget_rp >= 0),
  set_by name NOT NULL DEFAULT current_user,
  set_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rekap.balance (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  balance_rp bigint NOT NULL CHECK (balance_rp >= 0),
  stated_at timestamptz NOT NULL DEFAULT now(),
  set_by name NOT NULL DEFAULT current_user
);

CREATE TABLE rekap.reservations (
  id bigserial PRIMARY KEY,
  session uuid NOT NULL,
  desk text NOT NULL,
  job_id text NOT NULL,
  row_no integer NOT NULL,
  product text NOT NULL,
  amount_rp bigint NOT NULL CHECK (amount_rp >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reservations_session ON rekap.reservations (session);

CREATE TABLE rekap.hits (
  account text NOT NULL,
  product text NOT NULL,
  month text NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0),
  PRIMARY KEY (account, product, month)
);

CREATE TABLE rekap.pairs (
  account text NOT NULL,
  pair_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('in-flight', 'done')),
  session uuid,
  desk text NOT NULL,
  job_id text NOT NULL,
  row_no integer NOT NULL,
  outcome text CHECK (outcome IN ('match', 'no-match')),
  match boolean,
  confidence double precision,
  answered_at timestamptz,
  PRIMARY KEY (account, pair_hash)
);

-- One lock for every money decision of the team: the check and the reservation are one step.
CREATE FUNCTION rekap.reserve_money(p_session uuid, p_desk text, p_job text, p_row integer, p_product text, p_amount bigint, p_tz text)
RETURNS TABLE (reservation bigint, limit_name text, limit_rp bigint) LANGUAGE plpgsql AS $f$
DECLARE
  m_start timestamptz := date_trunc('month', now() AT TIME ZONE p_tz) AT TIME ZONE p_tz;
  b bigint; bal bigint; bal_at timestamptz; held bigint; spent bigint; new_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(73021143);
  SELECT budget_rp INTO b FROM rekap.budgets WHERE month = to_char(now() AT TIME ZONE p_tz, 'YYYY-MM');
  SELECT balance_rp, stated_at INTO bal, bal_at FROM rekap.balance;
  SELECT coalesce(sum(r.amount_rp), 0) INTO held FROM rekap.reservations r
    JOIN rekap.leases l ON l.session = r.session WHERE l.lease_until > clock_timestamp();
  IF b IS NOT NULL THEN
    SELECT coalesce(sum(amount_rp), 0) INTO spent FROM rekap.charges WHERE charged_at >= m_start;
    IF spent + held + p_amount > b THEN
      RETURN QUERY SELECT NULL::bigint, 'team-budget'::text, b; RETURN;
    END IF;
  END IF;
  IF bal IS NOT NULL THEN
    SELECT coalesce(sum(amount_rp), 0) INTO spent FROM rekap.charges WHERE charged_at >= bal_at;
    IF spent + held + p_amount > bal THEN
      RETURN QUERY SELECT NULL::bigint, 'team-balance'::text, bal; RETURN;
    END IF;
  END IF;
  INSERT INTO rekap.reservations (session, desk, job_id, row_no, product, amount_rp)
    VALUES (p_session, p_desk, p_job, p_row, p_product, p_amount) RETURNING id INTO new_id;
  RETURN QUERY SELECT new_id, NULL::text, NULL::bigint;
END $f$;

-- The answer is known: the reservation goes, and becomes one charge on the ledger if charged.
-- Keyed on the reservation, so settling twice (a retry after a lost answer) charges once.
CREATE FUNCTION rekap.settle_money(p_reservation bigint, p_charged boolean, p_pair text)
RETURNS boolean LANGUAGE plpgsql AS $f$
DECLARE r rekap.reservations%ROWTYPE;
BEGIN
  PERFORM pg_advisory_xact_lock(73021143);
  DELETE FROM rekap.reservations WHERE id = p_reservation RETURNING * INTO r;
  IF NOT FOUND THEN RETURN false; END IF;
  IF p_charged THEN
    INSERT INTO rekap.charges (pair_hash, product, job_id, desk, amount_rp) VALUES (p_pair, r.product, r.job_id, r.desk, r.amount_rp);
  END IF;
  RETURN true;
END $f$;

GRANT SELECT ON rekap.coordination_meta TO rekap_operator;
GRANT SELECT, INSERT, UPDATE ON rekap.rate_limits, rekap.leases, rekap.hits TO rekap_operator;
GRANT SELECT, INSERT, UPDATE, DELETE ON rekap.pairs, rekap.reservations TO rekap_operator;
GRANT SELECT, INSERT, UPDATE ON rekap.budgets, rekap.balance TO rekap_operator;
GRANT EXECUTE ON FUNCTION rekap.reserve_money(uuid, text, text, integer, text, bigint, text), rekap.settle_money(bigint, boolean, text) TO rekap_operator;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA rekap TO rekap_operator;
`,
}
