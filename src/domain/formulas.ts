/**
 * Formula fields: `formula` is parsed into a small expression tree (never eval, never Function)
 * and evaluated in decimal (src/lib/decimal.ts). Grammar: decimal numbers, `+ - * / ( )`, unary
 * minus, keys of earlier number and formula fields and of radio/select fields whose options are numbers, and
 * the functions min, max, abs, round(x, n), sum(...). Unanswered or hidden keys count as 0.
 */
import { type Decimal, DecimalError, abs, add, compare, div, formatDecimal, mul, neg, parseDecimal, round, sub } from "../lib/decimal";

export const FORMULA_MAX = 500;
export const DECIMALS_DEFAULT = 2;
const DEPTH_MAX = 40;

export type Expr =
  | { t: "num"; value: Decimal }
  | { t: "ref"; key: string }
  | { t: "neg"; x: Expr }
  | { t: "bin"; op: "+" | "-" | "*" | "/"; a: Expr; b: Expr }
  | { t: "call"; fn: "min" | "max" | "abs" | "round" | "sum"; args: Expr[] };

/** A formula that does not parse; `at` is the 1-based position in the formula. */
export class FormulaError extends Error {
  constructor(
    readonly reason: string,
    readonly at: number,
  ) {
    super(`position ${at}: ${reason}`);
  }
}

const FUNCTIONS = new Set(["min", "max", "abs", "round", "sum"]);
type Token = { kind: "num" | "name" | "op"; text: string; at: number };

function tokens(src: string): Token[] {
  const out: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?)|([a-z][a-z0-9_]*)|([-+*/(),]))/y;
  let i = 0;
  while (i < src.length) {
    if (/^\s*$/.test(src.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(src);
    if (!m) {
      const at = i + (src.slice(i).length - src.slice(i).trimStart().length);
      throw new FormulaError(`unexpected "${src[at]}"`, at + 1);
    }
    const text = m[1] ?? m[2] ?? m[3]!;
    out.push({ kind: m[1] ? "num" : m[2] ? "name" : "op", text, at: re.lastIndex - text.length + 1 });
    i = re.lastIndex;
  }
  return out;
}

/**
 * Parses a formula. `refs` says which keys may be used (earlier numeric fields); a key outside it
 * is refused naming its position.
 */
export function parseFormula(src: string, refs: ReadonlySet<string>): Expr {
  if (src.length > FORMULA_MAX) throw new FormulaError(`a formula is at most ${FORMULA_MAX} characters`, FORMULA_MAX + 1);
  const toks = tokens(src);
  let k = 0;
  const end = src.length + 1;
  const peek = () => toks[k];
  const expect = (text: string) => {
    const t = toks[k];
    if (t?.text !== text) throw new FormulaError(`expected "${text}"${t ? ` but found "${t.text}"` : " but the formula ends"}`, t?.at ?? end);
    k++;
  };
  const expr = (depth: number): Expr => {
    if (depth > DEPTH_MAX) throw new FormulaError("the formula is nested too deeply", peek()?.at ?? end);
    let a = term(depth);
    while (peek()?.text === "+" || peek()?.text === "-") {
      const op = toks[k++]!.text as "+" | "-";
      a = { t: "bin", op, a, b: term(depth) };
    }
    return a;
  };
  const term = (depth: number): Expr => {
    let a = unary(depth);
    while (peek()?.text === "*" || peek()?.text === "/") {
      const op = toks[k++]!.text as "*" | "/";
      a = { t: "bin", op, a, b: unary(depth) };
    }
    return a;
  };
  const unary = (depth: number): Expr => {
    if (peek()?.text === "-") {
      k++;
      return { t: "neg", x: unary(depth + 1) };
    }
    return primary(depth);
  };
  const primary = (depth: number): Expr => {
    const t = toks[k];
    if (!t) throw new FormulaError("the formula ends where a number, a key or ( is expected", end);
    k++;
    if (t.kind === "num") {
      const value = parseDecimal(t.text);
      if (!value) throw new FormulaError("a number has at most 60 digits", t.at);
      return { t: "num", value };
    }
    if (t.text === "(") {
      const e = expr(depth + 1);
      expect(")");
      return e;
    }
    if (t.kind === "name" && peek()?.text === "(" && FUNCTIONS.has(t.text)) {
      k++;
      const args: Expr[] = [];
      if (peek()?.text !== ")") {
        args.push(expr(depth + 1));
        while (peek()?.text === ",") {
          k++;
          args.push(expr(depth + 1));
        }
      }
      expect(")");
      const fn = t.text as "min" | "max" | "abs" | "round" | "sum";
      if ((fn === "abs" && args.length !== 1) || (fn === "round" && args.length !== 2) || args.length === 0) {
        throw new FormulaError(`${fn} takes ${fn === "abs" ? "one argument" : fn === "round" ? "two arguments (x, n)" : "at least one argument"}`, t.at);
      }
      if (fn === "round") {
        const n = args[1]!;
        if (n.t !== "num" || n.value.scale !== 0 || n.value.units > 6n) throw new FormulaError("round's second argument is a whole number 0-6", t.at);
      }
      return { t: "call", fn, args };
    }
    if (t.kind === "name") {
      if (!refs.has(t.text))
        throw new FormulaError(`"${t.text}" is not the key of an earlier number or formula field, or of a radio or select field with numeric options`, t.at);
      return { t: "ref", key: t.text };
    }
    throw new FormulaError(`unexpected "${t.text}"`, t.at);
  };
  const tree = expr(0);
  if (k < toks.length) throw new FormulaError(`unexpected "${toks[k]!.text}"`, toks[k]!.at);
  return tree;
}

const ZERO: Decimal = { units: 0n, scale: 0 };

/** Evaluates a tree; `lookup` gives a key's current answer as a decimal (null counts as 0). */
export function evaluate(e: Expr, lookup: (key: string) => Decimal | null): Decimal {
  switch (e.t) {
    case "num":
      return e.value;
    case "ref":
      return lookup(e.key) ?? ZERO;
    case "neg":
      return neg(evaluate(e.x, lookup));
    case "bin": {
      const a = evaluate(e.a, lookup);
      const b = evaluate(e.b, lookup);
      return e.op === "+" ? add(a, b) : e.op === "-" ? sub(a, b) : e.op === "*" ? mul(a, b) : div(a, b);
    }
    case "call": {
      const xs = e.args.map((x) => evaluate(x, lookup));
      if (e.fn === "abs") return abs(xs[0]!);
      if (e.fn === "round") return round(xs[0]!, Number(xs[1]!.units));
      if (e.fn === "sum") return xs.reduce(add);
      return xs.reduce((a, b) => ((e.fn === "min" ? compare(a, b) <= 0 : compare(a, b) >= 0) ? a : b));
    }
  }
}

/**
 * A formula's value as text with `decimals` places, or "" when it cannot be computed (a division by
 * zero, a number too large): the signer sees an empty value rather than an error.
 */
export function formulaValue(e: Expr, decimals: number, lookup: (key: string) => Decimal | null): string {
  try {
    return formatDecimal(evaluate(e, lookup), decimals);
  } catch (err) {
    if (err instanceof DecimalError) return "";
    throw err;
  }
}
