/**
 * Fuzzing every operation of /openapi.json (test/reliability/fuzz-cases.mjs makes the requests):
 * no 5xx, the error envelope on every 4xx, and nothing written by a refusal (the row count of every
 * D1 table and the number of R2 objects, before and after). `npm test` runs a seeded sample;
 * `npm run reliability -- fuzz` runs the same file with FUZZ_REQUESTS=20000 (docs/reliability.md).
 */
import { env, exports } from "cloudflare:workers";
import { inject } from "vitest";
import { phoneNumbers } from "../src/lib/phone-numbers";
import { describe, expect, it } from "vitest";
import { buildFixture, diffCounts, storesSnapshot, untilStill } from "./reliability/fuzz-fixture.mjs";
import { WIDE_CSVS, cases, deepCases, hostilePdfs, judge, operations } from "./reliability/fuzz-cases.mjs";
import { CsvImportRefused, planCsvImport } from "../src/domain/subject-csv";
import { BASE } from "./helpers";
import { recordInLog } from "../src/domain/transparency-log";
import { newBox } from "./webhook-helpers";

const N = Number(inject("fuzzRequests" as never) ?? 0) || 260;
const SEED = Number(inject("fuzzSeed" as never) ?? 0) || 20261123;

type Call = { status: number; json: Record<string, unknown> | null; text: string; contentType: string };

async function send(method: string, path: string, headers: [string, string][], body?: string): Promise<Call> {
  const h = new Headers();
  for (const [k, v] of headers) {
    try {
      h.append(k, v);
    } catch {
      /* a value Headers refuses cannot be sent by any client either */
    }
  }
  const res = await exports.default.fetch(`${BASE}${path}`, {
    method,
    headers: h,
    body: method === "GET" || method === "HEAD" ? undefined : body,
    redirect: "manual",
  });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text, contentType: res.headers.get("content-type") ?? "" };
}

const call = (method: string, path: string, init: { key?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const headers: [string, string][] = [["cf-connecting-ip", "203.0.113.77"], ...Object.entries(init.headers ?? {})];
  if (init.key) headers.push(["authorization", `Bearer ${init.key}`]);
  if (init.body !== undefined) headers.push(["content-type", "application/json"]);
  return send(method, path, headers, init.body === undefined ? undefined : JSON.stringify(init.body));
};

const snapshot = () => storesSnapshot(env.DB, env.FILES);
const quiet = () => untilStill(env.DB, env.FILES);
/**
 * The fixture completes documents, whose certificates the sequencer's alarm appends to the
 * transparency log a second later: append them now, so that alarm finds nothing left to write
 * while a refusal's "nothing written" is being checked.
 */
const settled = async () => {
  await recordInLog(env);
  await quiet();
};

describe("fuzzing every operation of /openapi.json", () => {
  it(`${N} seeded requests: no 5xx, the envelope on every 4xx, nothing written by a refusal`, { timeout: Math.max(120_000, N * 150) }, async () => {
    const spec = (await send("GET", "/openapi.json", [])).json;
    const box = newBox();
    const fx = await buildFixture(call, { operatorToken: env.OPERATOR_TOKEN!, hookUrl: (p: string) => `${box.url}/${p}`, keys: 12 });
    await settled();
    // Valid-family PDF uploads send hostile PDFs in turn (bombs, JavaScript, actions): 422 naming which.
    fx.hostilePdfs = await hostilePdfs();
    const perOp = new Map<string, { n: number; statuses: Record<number, number> }>();
    for (const o of operations(spec)) perOp.set(o.id, { n: 0, statuses: {} });
    const problems: string[] = [];
    const t0 = Date.now();
    let i = 0;
    // The snapshot after one request is the one before the next.
    let before = await snapshot();
    // The seeded sample, then one request per JSON operation nested 33 to 5,000 levels deep (always 422).
    function* sample() {
      yield* cases(spec, fx, { seed: SEED, n: N });
      yield* deepCases(spec, fx, { seed: SEED });
    }
    for (const c of sample()) {
      i++;
      const r = await send(c.method, c.path, c.headers, c.body);
      const s = perOp.get(c.opId)!;
      s.n++;
      s.statuses[r.status] = (s.statuses[r.status] ?? 0) + 1;
      const bad = judge(c, r.status, r.text, r.contentType);
      let after = await snapshot();
      if (r.status >= 400 && r.status < 500 && (Object.keys(diffCounts(before.rows, after.rows)).length || after.objects !== before.objects)) {
        // Background work of an earlier request (a queue, the outbox) may have written meanwhile:
        // let it finish, then send the same request again and look once more.
        await quiet();
        const b2 = await snapshot();
        const r2 = await send(c.method, c.path, c.headers, c.body);
        after = await snapshot();
        const changed = diffCounts(b2.rows, after.rows);
        if (r2.status >= 400 && r2.status < 500 && (Object.keys(changed).length || after.objects !== b2.objects)) {
          bad.push(`refusal ${r2.status} changed ${JSON.stringify(changed)} objects ${b2.objects}→${after.objects}`);
        }
      }
      before = after;
      if (bad.length) {
        problems.push(`#${i} ${c.mode} ${c.method} ${c.path.slice(0, 120)} (seed ${SEED}): ${bad.join("; ")}`);
        console.log(`fuzz problem: ${problems.at(-1)}\n  headers ${JSON.stringify(c.headers).slice(0, 400)}\n  body ${String(c.body).slice(0, 400)}`);
      }
      if (i % 1000 === 0) console.log(`fuzz: ${i} requests, ${((Date.now() - t0) / 1000).toFixed(0)} s, ${problems.length} problems`);
    }
    const secs = (Date.now() - t0) / 1000;
    const lines = [...perOp].map(([id, s]) => `  ${id.padEnd(32)} ${String(s.n).padStart(6)}  ${JSON.stringify(s.statuses)}`);
    console.log(
      `fuzz: ${i} requests (${N} sampled, the rest deep JSON) in ${secs.toFixed(1)} s, seed ${SEED}, ${problems.length} problems\n${lines.join("\n")}`,
    );
    expect(problems).toEqual([]);
    expect([...perOp.values()].every((s) => s.n > 0)).toBe(true);
  });

  it("wide and long CSV files for the subject import: refused naming the limit, or planned, each in well under a second of reading", async () => {
    const phones = await phoneNumbers(env.ASSETS);
    // The dashboard's import itself is sent these by the page fuzzer (test/fuzz-pages.test.ts).
    for (const f of WIDE_CSVS) {
      const bytes = new TextEncoder().encode(f.text());
      const started = performance.now();
      let refused: string[] | null = null;
      try {
        planCsvImport(bytes, phones);
      } catch (err) {
        if (!(err instanceof CsvImportRefused)) throw err;
        refused = err.problems;
      }
      const took = performance.now() - started;
      if (f.accepted) expect(refused, f.name).toBeNull();
      else expect(refused, f.name).toEqual(["file: line 1: more than 200 columns"]);
      expect(took, f.name).toBeLessThan(f.accepted ? 3000 : 500);
    }
  });

  it("hostile PDF templates (zlib bombs, JavaScript, actions, rich media): each 422 naming it, nothing written", { timeout: 120_000 }, async () => {
    const box = newBox();
    const fx = await buildFixture(call, { operatorToken: env.OPERATOR_TOKEN!, hookUrl: (p: string) => `${box.url}/${p}`, keys: 1 });
    await settled();
    const key = fx.keyFor("signing:templates");
    for (const [i, h] of (await hostilePdfs()).entries()) {
      const before = await snapshot();
      const r = await send(
        "POST",
        `/v1/templates/pdf?code=hostile-${i}&name=Hostile&kind=other`,
        [
          ["cf-connecting-ip", "203.0.113.78"],
          ["authorization", `Bearer ${key}`],
          ["content-type", "application/pdf"],
        ],
        h.body,
      );
      expect(r.status, `${h.name}: ${r.text}`).toBe(422);
      expect(r.json, h.name).toMatchObject({ error: { code: "invalid" } });
      expect((r.json as { error: { message: string } }).error.message, h.name).toMatch(h.expect);
      const after = await snapshot();
      expect(diffCounts(before.rows, after.rows), h.name).toEqual({});
      expect(after.objects, h.name).toBe(before.objects);
    }
  });
});
