/**
 * The team's month, in one place: a calendar month in the team's time zone (Asia/Jakarta, WIB),
 * whoever reads it and in whatever zone their times are shown. Hits, budget, the Team screen's
 * spend and the team report all count it here, so their figures for one month agree.
 */

export const TEAM_TIME_ZONE = 'Asia/Jakarta'

/** 'YYYY-MM' of the team's month now, as the database's clock says (one clock for every desk). */
export const TEAM_MONTH_NOW = `to_char(now() AT TIME ZONE '${TEAM_TIME_ZONE}', 'YYYY-MM')`

/**
 * SQL condition: timestamptz `col` falls in the team's month `month` (an SQL expression of
 * 'YYYY-MM' text, e.g. a parameter or TEAM_MONTH_NOW), from its first WIB midnight to the next's.
 */
export function inTeamMonth(col: string, month: string): string {
  const first = `((${month})::text || '-01')::timestamp`
  return `(${col} >= (${first} AT TIME ZONE '${TEAM_TIME_ZONE}') AND ${col} < ((${first} + interval '1 month') AT TIME ZONE '${TEAM_TIME_ZONE}'))`
}
