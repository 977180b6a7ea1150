/**
 * A number as the digest and `rekap verify` compare it: a fraction at 15 significant digits,
 * what spreadsheet programs keep (LibreOffice re-saves 0.13908009916989525 as 0.139080099169895),
 * so a report opened and saved unchanged still verifies, while any edit a person can make to a
 * shown value still shows. Whole numbers stay exact: a 16-digit number that lost its last digit
 * (a NIK typed as a number, re-saved) did change.
 */
export function canonicalNumber(v: number): number {
  if (Number.isInteger(v)) return v
  // Most fractions in a report have a few decimals (12.5 doctors, 0.25, -6.8712): when v x 10^6 is
  // a whole number under 10^15, v is that number / 10^6 to within far less than its 15th digit, so
  // its 15-digit rounding is exactly that decimal, and n / 1e6 is the double nearest to it: what
  // Number(v.toPrecision(15)) gives, without making and parsing the text (a tenth of the digest).
  const scaled = v * 1e6
  if (scaled > -1e15 && scaled < 1e15 && Math.round(scaled) === scaled) return scaled / 1e6
  return Number(v.toPrecision(15))
}
