import type { TeamMigration } from './team-migration'

/**
 * Schema v5: a lease does not expire while the store itself was away. Leases are renewed every
 * 500 ms and judged dead 15 s (LEASE_TTL_MS) after their last renewal, by the store's clock; a
 * store restarted after more than 15 s away (an upgrade, a reboot) found every lease expired,
 * though the desks had only been waiting for it. The first desk back then took a living desk's
 * pair in flight and paid for it again, and swept the living desk's requests into "uncertain (desk
 * died)" lines whose real charges were then never written. rekap.lease_lives is the one rule every
 * statement asks (pairs, reservations, the sweep, the Team status): a lease lives until it
 * expires, and at least a full lease (15 s) after the store (re)started, so every living desk
 * has renewed before any is judged dead.
 */
export const v005LeaseOutage: TeamMigration = {
  version: 5,
  name: 'lease-outage',
  sql: `
CREATE FUNCTION rekap.lease_lives(p_until timestamptz) RETURNS boolean LANGUAGE sql VOLATILE AS $f$
  SELECT greatest(p_until, pg_postmaster_start_time() + interval '15 seconds') > clock_timestamp()
$f$;

CREATE OR REPLACE FUNCTION rekap.sweep_dead_reservations() RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = rekap, pg_catalog AS $f$
DECLARE n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(73021143);
  WITH dead AS (
    DELETE FROM rekap.reservations r USING rekap.leases l
    WHERE l.session = r.session AND NOT rekap.lease_lives(l.lease_until)
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
    JOIN rekap.leases l ON l.session = r.session WHERE rekap.lease_lives(l.lease_until);
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

GRANT EXECUTE ON FUNCTION rekap.lease_lives(timestamptz) TO rekap_operator;
`,
}
