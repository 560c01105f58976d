/**
 * Fields benchmark: answering a form that thinks. A published template of 50 fields (20 texts,
 * 10 of them with a pattern; 10 numbers with min/max/step; 5 checkboxes; 10 texts shown by a
 * condition on a checkbox, 3 of them through an `any` group; 5 formulas over the numbers) is sent
 * to one signer, who answers 45 fields one `POST /v1/sign/{token}/fields` at a time (every answer
 * re-evaluates the conditions and the formulas of the whole form), then reads the link once to
 * check the formulas' values.
 *
 * - p50/p99 of one answer at concurrency 1 and 8 (documents answered in parallel);
 * - CPU ms per answer: the workerd process's CPU time (Worker, Durable Objects, local D1/R2) over
 *   the case divided by the answers stored; the Node process's beside it.
 *
 * - a 10 MB PDF uploaded to a `file` field (`POST /v1/sign/{token}/files/{key}`, each upload
 *   replacing the last): p50/p99, the workerd CPU per upload, and the workerd processes' peak
 *   resident memory above their level before the uploads (sampled every 5 ms).
 *
 * Runs under wrangler's createTestHarness (bench/service.mjs). `node bench/fields.bench.mjs` runs
 * it alone; BENCH_QUICK=1 (or ctx.quick) makes each case shorter.
 */
import { pathToFileURL } from "node:url";
import { cpuMs, fmtMs, isQuick, measure, percentile, startService, workerdRssMb } from "./service.mjs";

const KEYS = 8;

function template() {
  const fields = [];
  for (let i = 0; i < 20; i++) {
    fields.push({
      key: `t${i}`,
      label: `Text ${i}`,
      kind: "text",
      required: false,
      ...(i % 2 ? { pattern: "[A-Z]{2}\\d{3,6}", pattern_message: "Two capitals, then digits." } : {}),
    });
  }
  for (let i = 0; i < 10; i++) fields.push({ key: `n${i}`, label: `Number ${i}`, kind: "number", required: false, min: "0", max: "100000", step: "0.01" });
  for (let i = 0; i < 5; i++) fields.push({ key: `c${i}`, label: `Box ${i}`, kind: "checkbox", required: false });
  for (let i = 0; i < 10; i++) {
    const show_if =
      i < 3
        ? {
            any: [
              { key: `c${i}`, op: "checked" },
              {
                all: [
                  { key: "n0", op: "filled" },
                  { key: `c${i + 1}`, op: "checked" },
                ],
              },
            ],
          }
        : { key: `c${i % 5}`, op: "checked" };
    fields.push({ key: `h${i}`, label: `Shown ${i}`, kind: "text", required: false, show_if });
  }
  const formulas = [
    "n0 + n1 * 2",
    "sum(n0, n1, n2, n3, n4, n5, n6, n7, n8, n9)",
    "round(n2 / 3, 2) + abs(n3 - n4)",
    "max(n5, n6, n7) - min(n8, n9)",
    "f1 * 0.2 + f0",
  ];
  for (const [i, formula] of formulas.entries()) fields.push({ key: `f${i}`, label: `Formula ${i}`, kind: "formula", formula, decimals: 2 });
  return fields;
}

/** The 45 answers, in form order (checkboxes before the fields they show). */
const ANSWERS = [
  ...Array.from({ length: 20 }, (_, i) => [`t${i}`, i % 2 ? `AB${1000 + i}` : `answer ${i}`]),
  ...Array.from({ length: 10 }, (_, i) => [`n${i}`, `${i * 10}.25`]),
  ...Array.from({ length: 5 }, (_, i) => [`c${i}`, "true"]),
  ...Array.from({ length: 10 }, (_, i) => [`h${i}`, `shown ${i}`]),
];

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const counts = quick ? [2, 8] : [6, 24];
  const svc = await startService();
  try {
    const { keys } = await svc.accountWithKeys("Bench fields", KEYS, { mode: "test" });
    const code = "bench-fields";
    await svc.must("POST", "/v1/templates", {
      key: keys[0],
      body: { code, name: "Bench form", kind: "contract", body: "A form that thinks.", fields: template() },
    });
    await svc.must("POST", "/v1/templates/publish", { key: keys[0], body: { code } });
    let next = 0;
    const key = () => keys[next++ % keys.length];

    const form = async (i) => {
      const k = key();
      const { document_id } = await svc.must("POST", "/v1/documents", { key: k, body: { template_code: code, title: `Form ${i}` } });
      const sent = await svc.must("POST", `/v1/documents/${document_id}/send`, {
        key: k,
        body: { signers: [{ email: `s${i}@example.com`, full_name: `Signer ${i}` }], notify: false },
      });
      const token = sent.links[0].token;
      const out = [];
      for (const [fieldKey, value] of ANSWERS) {
        const r = await svc.call("POST", `/v1/sign/${token}/fields`, { body: { key: fieldKey, value } });
        if (r.status !== 200) throw new Error(`answer ${fieldKey} → ${r.status} ${r.text.slice(0, 200)}`);
        out.push({ name: "answer", ms: r.ms });
      }
      const read = await svc.call("GET", `/v1/sign/${token}`);
      const f1 = read.json?.fields?.find((f) => f.key === "f1");
      if (read.status !== 200 || f1?.value !== "452.50") throw new Error(`read → ${read.status}, f1 ${f1?.value}`);
      out.push({ name: "read", ms: read.ms });
      return out;
    };

    await form(-1); // warm-up
    const cases = [];
    for (const [k, concurrency] of [1, 8].entries()) {
      const before = cpuMs();
      const c = await measure({ concurrency, count: counts[k], op: (i) => form((k + 1) * 1000 + i) });
      const after = cpuMs();
      const answers = (c.named.answer?.n ?? 0) || 1;
      c.cpu = {
        workerdMs: after.workerd === null || before.workerd === null ? null : (after.workerd - before.workerd) / answers,
        nodeMs: (after.node - before.node) / answers,
      };
      cases.push(c);
    }
    log("fields: a 50-field template (10 conditions, 5 formulas, 10 patterns); 45 answers per document, one POST /v1/sign/{token}/fields each");
    for (const c of cases) {
      const a = c.named.answer ?? {};
      const r = c.named.read ?? {};
      log(
        `  c=${String(c.concurrency).padEnd(2)} answer p50 ${fmtMs(a.p50).padStart(9)}  p99 ${fmtMs(a.p99).padStart(9)}  (n=${a.n}, ${c.errors} errors); read p50 ${fmtMs(r.p50)}`,
      );
      log(
        `    CPU per answer: workerd ${c.cpu.workerdMs === null ? "n/a (no /proc)" : `${c.cpu.workerdMs.toFixed(2)} ms`}, Node client + harness ${c.cpu.nodeMs.toFixed(2)} ms`,
      );
    }
    const errors = cases.reduce((s, c) => s + c.errors, 0);
    if (errors > 0) throw new Error(`${errors} documents failed: ${cases.flatMap((c) => c.firstErrors).join("; ")}`);
    const upload = await uploads(svc, keys[0], quick ? 3 : 10);
    log(
      `  upload of a 10 MB PDF: p50 ${fmtMs(upload.p50)}  p99 ${fmtMs(upload.p99)}  (n=${upload.n}); CPU per upload: workerd ${upload.cpuMs === null ? "n/a" : `${upload.cpuMs.toFixed(1)} ms`}; ` +
        `peak memory above baseline: ${upload.peakMb === null ? "n/a (no /proc)" : `${upload.peakMb.toFixed(1)} MB`}`,
    );
    return { cases, upload };
  } finally {
    await svc.close();
  }
}

/** A 10 MB PDF (a header, a comment of filler, an end) uploaded `n` times to one `file` field. */
async function uploads(svc, key, n) {
  const code = "bench-upload";
  await svc.must("POST", "/v1/templates", {
    key,
    body: { code, name: "Bench upload", kind: "contract", body: "Send your documents.", fields: [{ key: "scan", label: "Scan", kind: "file" }] },
  });
  await svc.must("POST", "/v1/templates/publish", { key, body: { code } });
  const { document_id } = await svc.must("POST", "/v1/documents", { key, body: { template_code: code, title: "Upload" } });
  const sent = await svc.must("POST", `/v1/documents/${document_id}/send`, {
    key,
    body: { signers: [{ email: "up@example.com", full_name: "Up Loader" }], notify: false },
  });
  const token = sent.links[0].token;
  const size = 10 * 1024 * 1024;
  const pdf = new Uint8Array(size).fill(0x20);
  pdf.set(new TextEncoder().encode("%PDF-1.4\n%"));
  pdf.set(new TextEncoder().encode("\n%%EOF\n"), size - 7);
  const ms = [];
  const base = workerdRssMb();
  let peak = base;
  const sampler = setInterval(() => {
    const now = workerdRssMb();
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 5);
  const before = cpuMs();
  try {
    for (let i = 0; i < n; i++) {
      pdf[20] = 0x30 + (i % 10); // each upload other bytes, so each is stored anew
      const r = await svc.call("POST", `/v1/sign/${token}/files/scan`, { body: pdf, headers: { "content-type": "application/pdf" } });
      if (r.status !== 200 || r.json?.size !== size) throw new Error(`upload → ${r.status} ${r.text.slice(0, 200)}`);
      ms.push(r.ms);
    }
  } finally {
    clearInterval(sampler);
  }
  const after = cpuMs();
  ms.sort((a, b) => a - b);
  return {
    n,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    cpuMs: after.workerd === null || before.workerd === null ? null : (after.workerd - before.workerd) / n,
    peakMb: base === null || peak === null ? null : peak - base,
  };
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  const u = r.upload;
  return [
    [`upload of a 10 MB PDF (file field)`, `p50 ${fmtMs(u.p50)}, p99 ${fmtMs(u.p99)}`],
    [`CPU per 10 MB upload (workerd)`, u.cpuMs === null ? "n/a" : `${u.cpuMs.toFixed(1)} ms`],
    [`peak memory of a 10 MB upload (workerd, above baseline)`, u.peakMb === null ? "n/a" : `${u.peakMb.toFixed(1)} MB`],
  ].concat(
    r.cases.flatMap((c) => [
      [`answer (50 fields, 10 conditions, 5 formulas), c=${c.concurrency}`, `p50 ${fmtMs(c.named.answer?.p50)}, p99 ${fmtMs(c.named.answer?.p99)}`],
      [
        `CPU per answer (workerd), c=${c.concurrency}`,
        c.cpu.workerdMs === null ? "n/a" : `${c.cpu.workerdMs.toFixed(2)} ms (Node ${c.cpu.nodeMs.toFixed(2)} ms)`,
      ],
    ]),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
