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

/**
 * String(canonicalNumber(v)) for a finite v. A number whose shortest text (String) has at most 15
 * significant digits is its own 15-digit rounding: that text lies on the 15-digit grid and v is
 * within half a unit of its last place of it (at most 2^-53 of v), less than half the grid's step
 * (more than 5e-16 of v), so the text is returned as it is, without toPrecision(15) and the parse
 * of its text. A face report's confidences reach the zip thread's digest already rounded
 * (cellFor): the two conversions were ~0.6 µs a cell there (100,000 a face report).
 */
export function canonicalNumberText(v: number): string {
  const text = String(v)
  return text.length <= 15 || significantDigits(text) <= 15 ? text : String(canonicalNumber(v))
}

/** Digits of a number's text from its first non-zero one up to its exponent (trailing zeros of a whole number counted: they only send it the longer way). */
function significantDigits(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 101 /* e */) break
    if (c > 48 /* 0 */ ? c <= 57 /* 9 */ : c === 48 && n > 0) n++
  }
  return n
}
