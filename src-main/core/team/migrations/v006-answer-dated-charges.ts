import type { TeamMigration } from './team-migration'

/**
 * Schema v6: a charge is dated when its request was answered, not when its settle reached the
 * store. A settle kept in a desk's outbox while the store was away landed with `charged_at
 * DEFAULT now()`: an outage across a month's end (WIB) put the charge into the next month of the
 * team report and the budget, while the desk's own ledger had it in the month it happened.
 *
 * The desk sends the answer's age by its own clock (p_age_ms: only a difference, so a desk's clock
 * set wrong does not move it); the store places it on its clock and clamps it to [the reservation's
 * sent_at (stamped by the store before the request left), now()]: a desk cannot date a charge
 * before its request left or after the store learned of it, so a wrong or forged age can never
 * push it into a past month. The v2 settle_money(bigint, boolean, text) stays for desks not yet
 * upgraded (it dates the charge now(), as before).
 */
export const v006AnswerDatedCharges: TeamMigration = {
  version: 6,
  name: 'answer-dated-charges',
  sql: `
CREATE OR REPLACE FUNCTION rekap.settle_money(p_reservation bigint, p_charged boolean, p_pair text, p_age_ms bigint)
RETURNS boolean LANGUAGE plpgsql AS $f$
DECLARE r rekap.reservations%ROWTYPE;
BEGIN
  PERFORM pg_advisory_xact_lock(73021143);
  DELETE FROM rekap.reservations WHERE id = p_reservation RETURNING * INTO r;
  IF NOT FOUND THEN RETURN false; END IF;
  IF p_charged THEN
    INSERT INTO rekap.charges (pair_hash, product, job_id, desk, amount_rp, charged_at)
      VALUES (p_pair, r.product, r.job_id, r.desk, r.amount_rp,
              least(now(), greatest(coalesce(r.sent_at, now()), clock_timestamp() - greatest(p_age_ms, 0) * interval '1 millisecond')));
  END IF;
  RETURN true;
END $f$;

GRANT EXECUTE ON FUNCTION rekap.settle_money(bigint, boolean, text, bigint) TO rekap_operator;
`,
}
