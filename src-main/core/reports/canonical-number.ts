/**
 * A number as the digest and `rekap verify` compare it: a fraction at 15 significant digits,
 * what spreadsheet programs keep (LibreOffice re-saves 0.13908009916989525 as 0.139080099169895),
 * so a report opened and saved unchanged still verifies, while any edit a person can make to a
 * shown value still shows. Whole numbers stay exact: a 16-digit number that lost its last digit
 * (a NIK typed as a number, re-saved) did change.
 */
export function canonicalNumber(v: number): number {
  return Number.isInteger(v) ? v : Number(v.toPrecision(15))
}
