/**
 * Decimal numbers for formulas: a bigint of units scaled by 10^scale, so 0.1 + 0.2 is exactly 0.3.
 * Sums, differences and products are exact; a quotient keeps DIV_DIGITS decimal places (then
 * rounded half away from zero). No floating point anywhere.
 */

export type Decimal = { units: bigint; scale: number };

const DIV_DIGITS = 20;
/** Magnitudes beyond this (in digits) are refused, so a formula cannot grow numbers without bound. */
const DIGITS_MAX = 60;

export class DecimalError extends Error {}

const pow10 = (n: number) => 10n ** BigInt(n);

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Reads "12", "-0.5", "3.250"; null when the text is not a decimal number. */
export function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL_TEXT.exec(text.trim());
  if (!m || m[2]!.length + (m[3]?.length ?? 0) > DIGITS_MAX) return null;
  const frac = m[3] ?? "";
  const units = BigInt(m[2]! + frac);
  return { units: m[1] ? -units : units, scale: frac.length };
}

const check = (d: Decimal): Decimal => {
  const abs = d.units < 0n ? -d.units : d.units;
  if (abs.toString().length > DIGITS_MAX) throw new DecimalError("the number is too large");
  return d;
};

const align = (a: Decimal, b: Decimal): [bigint, bigint, number] => {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
};

export const add = (a: Decimal, b: Decimal): Decimal => {
  const [x, y, scale] = align(a, b);
  return check({ units: x + y, scale });
};
export const sub = (a: Decimal, b: Decimal): Decimal => {
  const [x, y, scale] = align(a, b);
  return check({ units: x - y, scale });
};
export const mul = (a: Decimal, b: Decimal): Decimal => round(check({ units: a.units * b.units, scale: a.scale + b.scale }), DIV_DIGITS);
export const neg = (a: Decimal): Decimal => ({ units: -a.units, scale: a.scale });
export const abs = (a: Decimal): Decimal => ({ units: a.units < 0n ? -a.units : a.units, scale: a.scale });
export const compare = (a: Decimal, b: Decimal): number => {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Whether `a` is a whole number of `step`s from `from`: exact, on the aligned units, with no digit limit. */
export function onStep(a: Decimal, from: Decimal, step: Decimal): boolean {
  const scale = Math.max(a.scale, from.scale, step.scale);
  const at = (d: Decimal) => d.units * pow10(scale - d.scale);
  return (at(a) - at(from)) % at(step) === 0n;
}

/** Divides by b (refused when b is zero), keeping DIV_DIGITS places. */
export function div(a: Decimal, b: Decimal): Decimal {
  if (b.units === 0n) throw new DecimalError("division by zero");
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); compute with DIV_DIGITS + 1 places, then round.
  const places = DIV_DIGITS + 1;
  const num = a.units * pow10(places + b.scale);
  const den = b.units * pow10(a.scale);
  return round(check({ units: num / den, scale: places }), DIV_DIGITS);
}

/** Rounds to `places` decimal places, half away from zero (2.345 → 2.35, -2.345 → -2.35). */
export function round(a: Decimal, places: number): Decimal {
  if (a.scale <= places) return a;
  const f = pow10(a.scale - places);
  const negative = a.units < 0n;
  const m = negative ? -a.units : a.units;
  let q = m / f;
  if ((m % f) * 2n >= f) q += 1n;
  return { units: negative ? -q : q, scale: places };
}

/** Written with exactly `places` decimal places ("0.30", "12", "-1.5000"). */
export function formatDecimal(a: Decimal, places: number): string {
  const r = round(a, places);
  const units = r.units * pow10(places - r.scale);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, "0");
  const text = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative ? `-${text}` : text;
}
