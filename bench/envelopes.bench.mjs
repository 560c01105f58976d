/**
 * Envelopes benchmark: one envelope of five documents against the same five documents sent one by
 * one, to the same three people signing in order, in the same run.
 *
 * - (a) envelope: `POST /v1/envelopes` (5 text templates, sequential, 3 signers); the first person
 *   answers the one required field (`POST /v1/sign/{token}/fields` with `document_id`), then each
 *   person in turn consents once and signs once for all five; `GET /v1/envelopes/{id}` reads
 *   `completed`.
 * - (b) five documents: each `POST /v1/documents` (sequential) + `/send` to the same three; the
 *   first person answers the field on its document; each person in turn consents and signs each
 *   of their five links; every `GET /v1/documents/{id}` reads `completed`.
 *
 * The runs alternate (a b, b a, …) one agreement at a time, so machine noise and anything left
 * running in the background fall on both alike and the workerd CPU of each agreement is its own
 * (read from /proc before and after it, then after a short idle pause for the work a request leaves
 * behind: webhook queue kicks). Each request's CPU is kept by step, to say where the CPU goes.
 * Separately, for the first few runs: the first `GET /v1/envelopes/{id}/pdf` (the envelope's seal,
 * B-LTA with the harness's in-process test timestamp authority) against the first
 * `GET /v1/documents/{id}/pdf` of each of the five documents.
 *
 * Runs under wrangler's createTestHarness (bench/service.mjs). `node bench/envelopes.bench.mjs`
 * runs it alone; BENCH_QUICK=1 (or ctx.quick) makes it short.
 */
import { pathToFileURL } from "node:url";
import { cpuMs, fmtMs, isQuick, startService } from "./service.mjs";
import { percentile } from "./stats.mjs";

const DOCUMENTS = 5;
const SIGNERS = 3;
/** After an agreement, how long the service is left idle before its CPU is read again. */
const SETTLE_MS = 300;
const BODY = "This agreement is between {{company}} and {{name}}. Each party keeps the other's information confidential.";
const VALUES = { company: "Acme Ltd", name: "Ada Lovelace" };

const people = (i) => Array.from({ length: SIGNERS }, (_, n) => ({ email: `p${n}-${i}@example.com`, full_name: `Person ${n + 1} ${i}`, sign_order: n + 1 }));

const workerdNow = () => cpuMs().workerd;
const sorted = (xs) => [...xs].sort((x, y) => x - y);
const p = (xs, q) => percentile(sorted(xs), q);
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const runs = quick ? 3 : 30;
  const sealRuns = quick ? 1 : 3;
  const svc = await startService();
  try {
    // Several keys, one per agreement in turn: a key's 300 requests a minute must not pace the runs.
    const { keys } = await svc.accountWithKeys("Bench envelopes", 8, { mode: "test" });
    let next = 0;
    const keyFor = () => keys[next++ % keys.length];
    const key = keys[0];
    const codes = [];
    for (let d = 0; d < DOCUMENTS; d++) {
      const code = `bench-env-${d}`;
      // The third document asks its first signer for a required field.
      const fields = d === 2 ? [{ key: "title_held", label: "Your title", kind: "text", required: true, signer: 1 }] : [];
      await svc.must("POST", "/v1/templates", {
        key,
        body: { code, name: `Bench terms ${d + 1}`, kind: "contract", body: BODY, variables: ["company", "name"], fields },
      });
      await svc.must("POST", "/v1/templates/publish", { key, body: { code } });
      codes.push(code);
    }

    /** One request, timed, its workerd CPU kept under `name`; throws unless 200. */
    const step = async (out, name, method, path, init = {}) => {
      const before = workerdNow();
      const r = await svc.call(method, path, init);
      const after = workerdNow();
      if (r.status !== 200) throw new Error(`${name}: ${method} ${path} → ${r.status} ${r.text.slice(0, 300)}`);
      out.requests++;
      out.cpu[name] = (out.cpu[name] ?? 0) + (before === null || after === null ? 0 : after - before);
      return r.json;
    };

    /** Runs `body(out)` as one agreement: its wall time (without the idle pause) and its workerd CPU. */
    const agreement = async (body) => {
      const out = { requests: 0, cpu: {} };
      const cpu0 = workerdNow();
      const t0 = performance.now();
      out.id = await body(out);
      out.ms = performance.now() - t0;
      await sleep(SETTLE_MS);
      const cpu1 = workerdNow();
      out.workerd = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0;
      out.cpu.afterwards = (out.workerd ?? 0) - Object.values(out.cpu).reduce((s, x) => s + x, 0);
      return out;
    };

    const envelope = (i) =>
      agreement(async (out) => {
        const key = keyFor();
        const signers = people(i);
        const sent = await step(out, "create", "POST", "/v1/envelopes", {
          key,
          headers: { "idempotency-key": `bench-envelope-${i}` },
          body: {
            title: `Onboarding ${i}`,
            documents: codes.map((template_code) => ({ template_code, values: VALUES })),
            signers,
            sequential: true,
            notify: false,
          },
        });
        const fieldDoc = sent.documents[2].document_id;
        for (const [n, link] of sent.links.entries()) {
          if (n === 0)
            await step(out, "field", "POST", `/v1/sign/${link.token}/fields`, { body: { document_id: fieldDoc, key: "title_held", value: "Engineer" } });
          await step(out, "consent", "POST", `/v1/sign/${link.token}/consent`, { body: {} });
          await step(out, `sign ${n + 1}`, "POST", `/v1/sign/${link.token}`, { body: { method: "typed", value: signers[n].full_name } });
        }
        const read = await step(out, "read", "GET", `/v1/envelopes/${sent.envelope_id}`, { key });
        if (read.status !== "completed") throw new Error(`envelope ${sent.envelope_id} is ${read.status}`);
        return { envelopeId: sent.envelope_id };
      });

    const separate = (i) =>
      agreement(async (out) => {
        const key = keyFor();
        const signers = people(i);
        const docs = [];
        for (const [d, template_code] of codes.entries()) {
          const { document_id } = await step(out, "create", "POST", "/v1/documents", {
            key,
            body: { template_code, values: VALUES, title: `Onboarding ${i} (${d + 1})`, sequential: true },
          });
          const sent = await step(out, "send", "POST", `/v1/documents/${document_id}/send`, { key, body: { signers, notify: false } });
          docs.push({ document_id, tokens: sent.links.map((l) => l.token) });
        }
        for (let n = 0; n < SIGNERS; n++) {
          for (const [d, doc] of docs.entries()) {
            const token = doc.tokens[n];
            if (n === 0 && d === 2) await step(out, "field", "POST", `/v1/sign/${token}/fields`, { body: { key: "title_held", value: "Engineer" } });
            await step(out, "consent", "POST", `/v1/sign/${token}/consent`, { body: {} });
            await step(out, `sign ${n + 1}`, "POST", `/v1/sign/${token}`, { body: { method: "typed", value: signers[n].full_name } });
          }
        }
        for (const doc of docs) {
          const read = await step(out, "read", "GET", `/v1/documents/${doc.document_id}`, { key });
          if (read.status !== "completed") throw new Error(`document ${doc.document_id} is ${read.status}`);
        }
        return { documentIds: docs.map((d) => d.document_id) };
      });

    /** The first download of a sealed PDF: wall time and workerd CPU (then an idle pause, counted). */
    const firstPdf = async (path) => {
      const cpu0 = workerdNow();
      const t0 = performance.now();
      const r = await svc.call("GET", path, { key, headers: { accept: "application/pdf" } });
      const ms = performance.now() - t0;
      if (r.status !== 200 || r.bytes.subarray(0, 5).toString() !== "%PDF-") throw new Error(`${path} → ${r.status} ${r.text.slice(0, 200)}`);
      await sleep(SETTLE_MS);
      const cpu1 = workerdNow();
      return { ms, workerd: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0, bytes: r.bytes.length };
    };

    // Warm-up: both paths once (code paths, every Durable Object class started, SQL hot).
    await envelope(-1);
    await separate(-2);

    const a = [];
    const b = [];
    const seals = { envelope: [], documents: [] };
    for (let i = 0; i < runs; i++) {
      const pair = i % 2 === 0 ? [envelope, separate] : [separate, envelope];
      for (const fn of pair) {
        const r = await fn(i);
        (fn === envelope ? a : b).push(r);
        if (i < sealRuns) {
          if (fn === envelope) seals.envelope.push(await firstPdf(`/v1/envelopes/${r.id.envelopeId}/pdf`));
          else {
            const each = [];
            for (const id of r.id.documentIds) each.push(await firstPdf(`/v1/documents/${id}/pdf`));
            seals.documents.push({
              ms: each.reduce((s, x) => s + x.ms, 0),
              workerd: each.some((x) => x.workerd === null) ? null : each.reduce((s, x) => s + x.workerd, 0),
              bytes: each.reduce((s, x) => s + x.bytes, 0),
            });
          }
        }
      }
    }

    const summarise = (label, rs) => {
      const cpu = rs.map((r) => r.workerd).filter((x) => x !== null);
      const steps = {};
      for (const r of rs) for (const [k, v] of Object.entries(r.cpu)) steps[k] = (steps[k] ?? 0) + v / rs.length;
      return {
        label,
        n: rs.length,
        p50: p(
          rs.map((r) => r.ms),
          50,
        ),
        p99: p(
          rs.map((r) => r.ms),
          99,
        ),
        requests: rs[0]?.requests ?? 0,
        cpuMean: cpu.length ? mean(cpu) : null,
        cpuP50: cpu.length ? p(cpu, 50) : null,
        steps,
      };
    };
    const cases = [summarise("envelope of 5", a), summarise("five documents", b)];
    const cpuText = (x) => (x === null ? "n/a (no /proc)" : `${x.toFixed(1)} ms`);
    log(`envelopes: ${DOCUMENTS} documents, ${SIGNERS} signers in order; ${runs} runs alternating, one agreement at a time`);
    for (const c of cases) {
      log(
        `  ${c.label.padEnd(15)} per agreement p50 ${fmtMs(c.p50).padStart(9)}  p99 ${fmtMs(c.p99).padStart(9)}  (n=${c.n}); ` +
          `${c.requests} requests; workerd CPU per agreement mean ${cpuText(c.cpuMean)}, p50 ${cpuText(c.cpuP50)}`,
      );
      log(
        `    CPU by step (mean per agreement): ${Object.entries(c.steps)
          .map(([k, v]) => `${k} ${v.toFixed(1)} ms`)
          .join(", ")}`,
      );
    }
    const sealLine = (label, xs) => {
      if (xs.length === 0) return;
      const cpu = xs.map((x) => x.workerd).filter((x) => x !== null);
      log(
        `  first sealed PDF, ${label.padEnd(30)} p50 ${fmtMs(
          p(
            xs.map((x) => x.ms),
            50,
          ),
        )}  max ${fmtMs(Math.max(...xs.map((x) => x.ms)))}; workerd CPU mean ${cpuText(cpu.length ? mean(cpu) : null)}; ${Math.round(mean(xs.map((x) => x.bytes)) / 1024)} KiB (n=${xs.length})`,
      );
    };
    sealLine("the envelope (one PDF)", seals.envelope);
    sealLine("five documents (five PDFs)", seals.documents);
    return { cases, seals };
  } finally {
    await svc.close();
  }
}

export function summary({ cases, seals }) {
  const rows = cases.map((c) => [
    `${c.label}: p50 / p99, CPU, requests`,
    `${fmtMs(c.p50)} / ${fmtMs(c.p99)}, ${c.cpuMean === null ? "n/a" : `${c.cpuMean.toFixed(1)} ms`}, ${c.requests}`,
  ]);
  const seal = (label, xs) =>
    xs.length
      ? [
          [
            `first PDF, ${label}: p50, CPU`,
            `${fmtMs(
              p(
                xs.map((x) => x.ms),
                50,
              ),
            )}, ${xs[0].workerd === null ? "n/a" : `${mean(xs.map((x) => x.workerd)).toFixed(1)} ms`}`,
          ],
        ]
      : [];
  return [...rows, ...seal("envelope", seals.envelope), ...seal("five documents", seals.documents)];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
