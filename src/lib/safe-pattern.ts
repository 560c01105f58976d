/**
 * Answer patterns (`pattern` on a template field): JavaScript regular-expression syntax restricted
 * to a safe subset, and matched by a small automaton here rather than by the runtime's
 * backtracking engine, so a match costs time proportional to the answer's length times the
 * pattern's size whatever the pattern or the answer (no catastrophic backtracking, ever).
 *
 * The subset refuses backreferences (`\1`, `\k<name>`), lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`)
 * and any quantified group that itself contains a quantifier (`(a+)+`, `(a|a?)*`, `(.*a){3}`).
 * The whole answer must match: the pattern is read as `^(?:pattern)$`. No flags.
 */

export const PATTERN_MAX = 200;
/** A counted repeat (`{n,m}`) may count at most this far. */
const REPEAT_MAX = 1000;
/** The compiled program's size limit (instructions); beyond it the pattern is refused as too complex. */
const PROGRAM_MAX = 4000;

type Test = (c: number) => boolean;
type Node =
  | { t: "char"; test: Test }
  | { t: "seq"; items: Node[] }
  | { t: "alt"; items: Node[] }
  | { t: "rep"; node: Node; min: number; max: number }
  | { t: "assert"; kind: "bol" | "eol" | "wordb" | "nwordb" };

/** A pattern outside the safe subset or not a pattern at all; `at` is the 0-based position. */
export class PatternError extends Error {
  constructor(
    readonly reason: string,
    readonly at: number,
  ) {
    super(`${reason} (at position ${at + 1})`);
  }
}

const isWord: Test = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isDigit: Test = (c) => c >= 48 && c <= 57;
const isSpace: Test = (c) =>
  (c >= 9 && c <= 13) ||
  c === 32 ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;
const isLineEnd: Test = (c) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
const not =
  (t: Test): Test =>
  (c) =>
    !t(c);
const CLASS_ESCAPES: Record<string, Test> = { d: isDigit, D: not(isDigit), w: isWord, W: not(isWord), s: isSpace, S: not(isSpace) };
const CONTROL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11, "0": 0 };

class Parser {
  i = 0;
  constructor(readonly src: string) {}
  fail(reason: string, at = this.i): never {
    throw new PatternError(reason, at);
  }
  peek() {
    return this.src[this.i];
  }

  parse(): Node {
    const { node } = this.alt();
    if (this.i < this.src.length) this.fail("unmatched )");
    return node;
  }

  /** Alternatives; `quant` says whether any quantifier occurs inside. */
  alt(): { node: Node; quant: boolean } {
    const items: Node[] = [];
    let quant = false;
    for (;;) {
      const s = this.seq();
      items.push(s.node);
      quant ||= s.quant;
      if (this.peek() !== "|") break;
      this.i++;
    }
    return { node: items.length === 1 ? items[0]! : { t: "alt", items }, quant };
  }

  seq(): { node: Node; quant: boolean } {
    const items: Node[] = [];
    let quant = false;
    while (this.i < this.src.length && this.peek() !== "|" && this.peek() !== ")") {
      const start = this.i;
      const atom = this.atom();
      const q = this.quantifier();
      if (q) {
        if (atom.group && atom.quant) this.fail("a quantified group must not itself contain a quantifier", start);
        if (atom.node.t === "assert") this.fail("an anchor cannot be repeated", start);
        items.push({ t: "rep", node: atom.node, ...q });
        quant = true;
      } else {
        items.push(atom.node);
        quant ||= atom.quant;
      }
    }
    return { node: { t: "seq", items }, quant };
  }

  quantifier(): { min: number; max: number } | null {
    const c = this.peek();
    let q: { min: number; max: number } | null = null;
    if (c === "*") q = { min: 0, max: Number.POSITIVE_INFINITY };
    else if (c === "+") q = { min: 1, max: Number.POSITIVE_INFINITY };
    else if (c === "?") q = { min: 0, max: 1 };
    else if (c === "{") {
      const m = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(this.src.slice(this.i));
      if (!m) this.fail("{ starts a count {n}, {n,} or {n,m}; write \\{ for the character");
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === "" ? Number.POSITIVE_INFINITY : Number(m[3]);
      if (min > REPEAT_MAX || (max !== Number.POSITIVE_INFINITY && max > REPEAT_MAX)) this.fail(`a count is at most ${REPEAT_MAX}`);
      if (max < min) this.fail("a count {n,m} needs n ≤ m");
      this.i += m[0].length - 1;
      q = { min, max };
    }
    if (!q) return null;
    this.i++;
    if (this.peek() === "?") this.i++; // lazy: the same answers match
    if ("*+?{".includes(this.peek() ?? "x")) this.fail("a quantifier cannot follow a quantifier");
    return q;
  }

  atom(): { node: Node; quant: boolean; group: boolean } {
    const c = this.peek()!;
    const at = this.i;
    this.i++;
    const one = (node: Node) => ({ node, quant: false, group: false });
    switch (c) {
      case "(": {
        if (this.peek() === "?") {
          const rest = this.src.slice(this.i, this.i + 3);
          if (rest.startsWith("?:")) this.i += 2;
          else if (rest.startsWith("?=") || rest.startsWith("?!") || rest.startsWith("?<=") || rest.startsWith("?<!"))
            this.fail("lookaround is not allowed", at);
          else if (rest.startsWith("?<")) {
            const m = /^\?<[A-Za-z_$][A-Za-z0-9_$]*>/.exec(this.src.slice(this.i));
            if (!m) this.fail("a named group is written (?<name>…)", at);
            this.i += m[0].length;
          } else this.fail("unknown group (?…)", at);
        }
        const inner = this.alt();
        if (this.peek() !== ")") this.fail("unclosed (", at);
        this.i++;
        return { node: inner.node, quant: inner.quant, group: true };
      }
      case ")":
        return this.fail("unmatched )", at);
      case "[":
        return one({ t: "char", test: this.charClass(at) });
      case ".":
        return one({ t: "char", test: not(isLineEnd) });
      case "^":
        return one({ t: "assert", kind: "bol" });
      case "$":
        return one({ t: "assert", kind: "eol" });
      case "*":
      case "+":
      case "?":
      case "{":
        return this.fail("nothing to repeat", at);
      case "\\": {
        const e = this.src[this.i];
        if (e === "b" || e === "B") {
          this.i++;
          return one({ t: "assert", kind: e === "b" ? "wordb" : "nwordb" });
        }
        return one({ t: "char", test: this.escape(at) });
      }
      default: {
        const code = c.charCodeAt(0);
        return one({ t: "char", test: (x) => x === code });
      }
    }
  }

  /** After a backslash (outside or inside a class): one character's test. */
  escape(at: number): Test {
    const e = this.src[this.i];
    if (e === undefined) this.fail("a pattern cannot end with \\", at);
    this.i++;
    if (/[1-9]/.test(e) || e === "k") this.fail("backreferences are not allowed", at);
    if (CLASS_ESCAPES[e]) return CLASS_ESCAPES[e];
    if (e in CONTROL_ESCAPES) {
      if (e === "0" && /[0-9]/.test(this.peek() ?? "")) this.fail("octal escapes are not allowed", at);
      const code = CONTROL_ESCAPES[e]!;
      return (x) => x === code;
    }
    const hex = e === "x" ? 2 : e === "u" ? 4 : 0;
    if (hex) {
      const digits = this.src.slice(this.i, this.i + hex);
      if (!new RegExp(`^[0-9A-Fa-f]{${hex}}$`).test(digits)) this.fail(`\\${e} needs ${hex} hexadecimal digits`, at);
      this.i += hex;
      const code = Number.parseInt(digits, 16);
      return (x) => x === code;
    }
    if (/[A-Za-z0-9]/.test(e)) this.fail(`unknown escape \\${e}`, at);
    const code = e.charCodeAt(0);
    return (x) => x === code;
  }

  charClass(at: number): Test {
    let negate = false;
    if (this.peek() === "^") {
      negate = true;
      this.i++;
    }
    const tests: Test[] = [];
    const single = (): { test: Test; code: number | null } => {
      const c = this.peek();
      if (c === undefined) this.fail("unclosed [", at);
      this.i++;
      if (c === "\\") {
        if (this.peek() === "b") {
          this.i++;
          return { test: (x) => x === 8, code: 8 };
        }
        const before = this.i;
        const test = this.escape(this.i - 1);
        const e = this.src[before]!;
        const code = CLASS_ESCAPES[e]
          ? null
          : e === "x" || e === "u"
            ? Number.parseInt(this.src.slice(before + 1, this.i), 16)
            : (CONTROL_ESCAPES[e] ?? e.charCodeAt(0));
        return { test, code };
      }
      const code = c.charCodeAt(0);
      return { test: (x) => x === code, code };
    };
    while (this.peek() !== "]") {
      if (this.peek() === undefined) this.fail("unclosed [", at);
      const from = single();
      if (this.peek() === "-" && this.src[this.i + 1] !== "]" && this.src[this.i + 1] !== undefined) {
        this.i++;
        const to = single();
        if (from.code === null || to.code === null) this.fail("a range needs a character at each end", at);
        if (to.code < from.code) this.fail("a range's end comes before its start", at);
        const [lo, hi] = [from.code, to.code];
        tests.push((x) => x >= lo && x <= hi);
      } else tests.push(from.test);
    }
    this.i++;
    const any: Test = (x) => tests.some((t) => t(x));
    return negate ? not(any) : any;
  }
}

type Inst = { op: "char"; test: Test } | { op: "split"; a: number; b: number } | { op: "jmp"; to: number } | { op: "assert"; kind: string } | { op: "match" };

function compile(node: Node): Inst[] {
  const prog: Inst[] = [];
  const grow = () => {
    if (prog.length > PROGRAM_MAX) throw new PatternError("the pattern is too complex (counted repeats expand too far)", 0);
  };
  const emit = (n: Node): void => {
    grow();
    switch (n.t) {
      case "char":
        prog.push({ op: "char", test: n.test });
        return;
      case "assert":
        prog.push({ op: "assert", kind: n.kind });
        return;
      case "seq":
        for (const x of n.items) emit(x);
        return;
      case "alt": {
        const jumps: Inst[] = [];
        n.items.forEach((x, k) => {
          if (k < n.items.length - 1) {
            const split = { op: "split", a: prog.length + 1, b: -1 } as Inst & { op: "split" };
            prog.push(split);
            emit(x);
            const j = { op: "jmp", to: -1 } as Inst & { op: "jmp" };
            prog.push(j);
            jumps.push(j);
            split.b = prog.length;
          } else emit(x);
        });
        for (const j of jumps) (j as { to: number }).to = prog.length;
        return;
      }
      case "rep": {
        for (let k = 0; k < n.min; k++) emit(n.node);
        if (n.max === Number.POSITIVE_INFINITY) {
          const split = { op: "split", a: prog.length + 1, b: -1 } as Inst & { op: "split" };
          const loop = prog.length;
          prog.push(split);
          emit(n.node);
          prog.push({ op: "jmp", to: loop });
          split.b = prog.length;
        } else {
          const splits: (Inst & { op: "split" })[] = [];
          for (let k = n.min; k < n.max; k++) {
            const split = { op: "split", a: prog.length + 1, b: -1 } as Inst & { op: "split" };
            prog.push(split);
            splits.push(split);
            emit(n.node);
          }
          for (const s of splits) s.b = prog.length;
        }
        return;
      }
    }
  };
  emit(node);
  prog.push({ op: "match" });
  grow();
  return prog;
}

/** A checked, compiled pattern: `test(answer)` says whether the whole answer matches, in linear time. */
export type SafePattern = { source: string; test: (s: string) => boolean };

/** Parses and compiles a pattern, or throws a PatternError naming what is refused and where. */
export function compilePattern(source: string): SafePattern {
  if (source.length > PATTERN_MAX) throw new PatternError(`a pattern is at most ${PATTERN_MAX} characters`, PATTERN_MAX);
  const prog = compile(new Parser(source).parse());
  return { source, test: (s) => run(prog, s) };
}

/** The pattern's compiled form is cached by source, so an answer check does not parse it again. */
const cache = new Map<string, SafePattern>();
export function safePattern(source: string): SafePattern {
  let p = cache.get(source);
  if (!p) {
    p = compilePattern(source);
    if (cache.size > 500) cache.clear();
    cache.set(source, p);
  }
  return p;
}

/** Thompson simulation: every thread advances one character at a time, each state at most once per step. */
function run(prog: Inst[], s: string): boolean {
  const n = s.length;
  const seen = new Int32Array(prog.length).fill(-1);
  let current: number[] = [];
  let next: number[] = [];
  let matched = false;
  const wordAt = (i: number) => i >= 0 && i < n && isWord(s.charCodeAt(i));
  const add = (list: number[], pc: number, i: number, mark: number) => {
    const stack = [pc];
    while (stack.length) {
      const p = stack.pop()!;
      if (seen[p] === mark) continue;
      seen[p] = mark;
      const inst = prog[p]!;
      if (inst.op === "jmp") stack.push(inst.to);
      else if (inst.op === "split") stack.push(inst.b, inst.a);
      else if (inst.op === "assert") {
        const ok =
          inst.kind === "bol" ? i === 0 : inst.kind === "eol" ? i === n : inst.kind === "wordb" ? wordAt(i - 1) !== wordAt(i) : wordAt(i - 1) === wordAt(i);
        if (ok) stack.push(p + 1);
      } else if (inst.op === "match") {
        if (i === n) matched = true;
      } else list.push(p);
    }
  };
  add(current, 0, 0, 0);
  for (let i = 0; i < n && current.length; i++) {
    const c = s.charCodeAt(i);
    next = [];
    for (const p of current) {
      const inst = prog[p] as Inst & { op: "char" };
      if (inst.test(c)) add(next, p + 1, i + 1, i + 1);
    }
    current = next;
  }
  return matched;
}
