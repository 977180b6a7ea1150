import type { TeamMigration } from './team-migration'

/**
 * Schema v3: a paid request whose answer the team never learned is a line on the ledger, not a
 * released reservation. A desk that dies (SIGKILL, power) may have been charged by the service
 * for requests it had sent but not settled; when its lease expires, its reservations of requests
 * that had left (`sent_at`, marked by the desk before sending) become `uncertain` charges (the
 * others are released) (the service may have charged them: the team counts them as spent, and the
 * auditor reconciles them against the service's statement). rekap.sweep_dead_reservations() does
 * it under the money lock; reserve_money, the Team status and the month's report call it. The
 * sweep runs as the store's owner (SECURITY DEFINER) so the line keeps the dead desk's operator
 * (the lease's role), not the role that happened to sweep.
 */
export const v003UncertainCharges: TeamMigration = {
  version: 3,
  name: 'uncertain-charges',
  sql: `
ALTER TABLE rekap.charges ADD COLUMN uncertain boolean NOT NULL DEFAULT false;
-- set (by the desk, before the request leaves) when a reserved request is sent: only those may be charged
ALTER TABLE rekap.reservations ADD COLUMN sent_at timestamptz;

CREATE OR REPLACE FUNCTION rekap.stamp_role() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_TABLE_NAME = 'decisions' THEN
    NEW.decider := current_user;
    NEW.decided_at := now();
    RETURN NEW;
  END IF;
  -- (nested: PL/pgSQL does not short-circuit, and only charges has the column)
  IF TG_TABLE_NAME = 'charges' THEN
    IF NEW.uncertain AND NEW.operator IS NOT NULL AND current_user <> session_user
       AND current_user = (SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'rekap') THEN
      -- written by rekap.sweep_dead_reservations (owner's rights): the dead lease's role stays
      RETURN NEW;
    END IF;
  END IF;
  NEW.operator := current_user;
  RETURN NEW;
END $f$;

CREATE FUNCTION rekap.sweep_dead_reservations() RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = rekap, pg_catalog AS $f$
DECLARE n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(73021143);
  WITH dead AS (
    DELETE FROM rekap.reservations r USING rekap.leases l
    WHERE l.session = r.session AND l.lease_until <= clock_timestamp()
    RETURNING r.product, r.job_id, r.desk, r.amount_rp, r.sent_at, l.role)
  INSERT INTO rekap.charges (pair_hash, product, job_id, desk, operator, amount_rp, uncertain, charged_at)
    SELECT NULL, product, job_id, desk, role, amount_rp, true, sent_at FROM dead WHERE sent_at IS NOT NULL;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $f$;

CREATE OR REPLACE FUNCTION rekap.reserve_money(p_session uuid, p_desk text, p_job text, p_row integer, p_product text, p_amount bigint, p_tz text)
RETURNS TABLE (reservation bigint, limit_name text, limit_rp bigint) LANGUAGE plpgsql AS $f$
DECLARE
  m_start timestamptz := date_trunc('month', now() AT TIME ZONE p_tz) AT TIME ZONE p_tz;
  b bigint; bal bigint; bal_at timestamptz; held bigint; spent bigint; new_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(73021143);
  -- a dead desk's reservations are spent (maybe charged), not free again
  PERFORM rekap.sweep_dead_reservations();
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

GRANT EXECUTE ON FUNCTION rekap.sweep_dead_reservations() TO rekap_operator;
`,
}
