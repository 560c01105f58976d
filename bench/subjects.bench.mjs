/**
 * Subjects benchmark: a bulk import as a booking system's nightly sync makes it, and reading a
 * full packet.
 *
 * - `PUT /v1/subjects` of N subjects × 10 participants (two of them minors with a guardian), at
 *   concurrency 8, each call a new subject whose packet gets 10 items of one packet workflow:
 *   subjects/s and p50/p99 of one call. Every answer is checked (200, `added: 10`, `required:
 *   10`); a wrong answer counts as an error, not as done. Then the same N again (re-imports that
 *   change nothing: `added: 0`).
 * - `GET /v1/packets/{id}` p50/p99 for a packet of 60 items (60 participants).
 * - The dashboard's CSV import (`POST /app/packets/import`, an owner signed in as a browser is) of
 *   the largest file allowed: 100 subjects × 10 participants (1,000 rows). Each run imports new
 *   subjects; then the last file again (nothing changes). Wall time of the one request, and per
 *   subject. Every answer is checked ("Imported 100 subjects.").
 *
 * N = 1,000 (the figure); BENCH_QUICK=1 (or ctx.quick) imports 120. The calls spread over
 * 8 keys so the per-key limit (300 a minute) is never reached; any 429 fails the bench.
 * `node bench/subjects.bench.mjs` runs it alone.
 */
import { pathToFileURL } from "node:url";
import { fmtMs, isQuick, measure, startService } from "./service.mjs";

const BODY = "Release for {{participant_name}} on {{subject_label}} ({{starts_on}}).";

const participants = (n, tag) =>
  Array.from({ length: n }, (_, i) =>
    i > 0 && i % 5 === 0
      ? { ref: `${tag}-${i}`, full_name: `Minor ${tag} ${i}`, is_minor: true, guardian_ref: `${tag}-0` }
      : { ref: `${tag}-${i}`, full_name: `Guest ${tag} ${i}`, email: `g${i}.${tag}@example.com` },
  );

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const n = isQuick(ctx) ? 120 : 1000;
  const reads = isQuick(ctx) ? 40 : 200;
  const svc = await startService();
  try {
    const { tenantId, keys } = await svc.accountWithKeys("Bench subjects", 8, {
      mode: "live",
      scopes: ["signing:read", "signing:templates", "signing:subjects"],
    });
    await svc.must("PATCH", `/ops/v1/tenants/${tenantId}`, { key: svc.operatorToken, body: { plan: "enterprise" } });
    const key = keys[0];
    await svc.must("POST", "/v1/templates", {
      key,
      body: { code: "release", name: "Rafting release", kind: "waiver", body: BODY, variables: ["participant_name", "subject_label", "starts_on"] },
    });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code: "release" } });
    await svc.must("POST", "/v1/workflows", {
      key,
      body: {
        code: "rafting",
        name: "Rafting release",
        template_code: "release",
        signer_roles: [{ label: "Guest", role: "signer", order: 1, participant: true }],
        packet: { kind: "reservation" },
      },
    });

    let throttled = 0;
    const importOne = (i, expectAdded) => async () => {
      const body = {
        kind: "reservation",
        provider: "bench",
        external_id: `RES-${i}`,
        label: `Trip ${i}`,
        starts_on: "2026-12-20",
        facts: { boat: "Heron" },
        participants: participants(10, `r${i}`),
      };
      const r = await svc.call("PUT", "/v1/subjects", { key: keys[i % keys.length], body });
      if (r.status === 429) throttled++;
      if (r.status !== 200 || r.json?.packet?.added !== expectAdded || r.json?.packet?.required !== 10)
        throw new Error(`import ${i} → ${r.status} ${r.text.slice(0, 200)}`);
      return r.ms;
    };

    // Warm-up on subjects outside the measured range.
    const warm = await measure({ concurrency: 4, count: 16, op: (i) => importOne(1_000_000 + i, 10)() });
    if (warm.errors > 0) throw new Error(`warm-up failed: ${warm.firstErrors.join("; ")}`);
    const fresh = await measure({ concurrency: 8, count: n, op: (i) => importOne(i, 10)() });
    const again = await measure({ concurrency: 8, count: n, op: (i) => importOne(i, 0)() });

    // A packet of 60 items.
    const big = await svc.must("PUT", "/v1/subjects", {
      key,
      body: {
        kind: "reservation",
        provider: "bench",
        external_id: "RES-BIG",
        label: "Big group",
        starts_on: "2026-12-21",
        participants: participants(60, "big"),
      },
    });
    const packetRead = await measure({
      concurrency: 1,
      count: reads,
      op: async (i) => {
        const r = await svc.call("GET", `/v1/packets/${big.packet.packet_id}`, { key: keys[i % keys.length] });
        if (r.status !== 200 || r.json?.items?.length !== 60) throw new Error(`GET /v1/packets → ${r.status}`);
        return r.ms;
      },
    });

    // ---- the dashboard's CSV import: an owner signs in as a browser does ----
    const owner = await svc.dashboardSession(tenantId, { email: "owner@bench.example", password: "a long enough bench pass phrase" });
    const csrf = owner.csrfOf((await owner.get("/app/packets")).text);
    const csvOf = (run) => {
      const lines = ["external_id,provider,kind,label,starts_on,fact:boat,ref,full_name,email,is_minor,guardian_ref"];
      for (let i = 0; i < 100; i++) {
        for (const p of participants(10, `c${run}-${i}`)) {
          lines.push(
            [
              `CSV-${run}-${i}`,
              "bench",
              "reservation",
              `"Trip ${run}, ${i}"`,
              "2026-12-20",
              "Heron",
              p.ref,
              p.full_name,
              p.email ?? "",
              p.is_minor ? "yes" : "no",
              p.guardian_ref ?? "",
            ].join(","),
          );
        }
      }
      return `${lines.join("\r\n")}\r\n`;
    };
    const importFile = async (text) => {
      const boundary = `bench${Math.random().toString(36).slice(2)}`;
      const body = new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bookings.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`,
      );
      const r = await svc.call("POST", "/app/packets/import", {
        body,
        headers: { cookie: owner.cookie(), "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      if (r.status !== 200 || !r.text.includes("Imported 100 subjects.")) throw new Error(`CSV import → ${r.status} ${r.text.slice(0, 200)}`);
      return r.ms;
    };
    const csvRuns = isQuick(ctx) ? 2 : 5;
    const csvBytes = new TextEncoder().encode(csvOf(0)).length;
    const csvFresh = await measure({ concurrency: 1, count: csvRuns, op: (i) => importFile(csvOf(i)) });
    const csvAgain = await measure({ concurrency: 1, count: csvRuns, op: () => importFile(csvOf(csvRuns - 1)) });
    if (csvFresh.errors || csvAgain.errors) throw new Error(`CSV import: ${[...csvFresh.firstErrors, ...csvAgain.firstErrors].join("; ")}`);

    log(`subjects: PUT /v1/subjects, 10 participants each (2 minors), one packet workflow; createTestHarness, live mode, 8 keys`);
    for (const [name, c] of [
      ["new subjects", fresh],
      ["re-imports (unchanged)", again],
    ]) {
      log(
        `  ${name.padEnd(24)} ${c.perSecond.toFixed(1).padStart(7)} subjects/s at c=8  (${c.done} in ${c.seconds.toFixed(1)} s, ${c.errors} errors; one call p50 ${fmtMs(c.p50)}, p99 ${fmtMs(c.p99)})`,
      );
    }
    const size = (await svc.call("GET", `/v1/packets/${big.packet.packet_id}`, { key })).bytes.length;
    log(`  GET /v1/packets/{id}, 60 items: p50 ${fmtMs(packetRead.p50)}, p99 ${fmtMs(packetRead.p99)} (n=${packetRead.n}, ${size} bytes)`);
    log(
      `  CSV import (dashboard), 100 subjects × 10 participants, ${(csvBytes / 1024).toFixed(0)} KB: new subjects p50 ${fmtMs(csvFresh.p50)} (${fmtMs(csvFresh.p50 / 100)} a subject), the same file again p50 ${fmtMs(csvAgain.p50)} (n=${csvRuns} each)`,
    );
    log(`  429s: ${throttled}`);
    const all = [fresh, again, packetRead];
    const errors = all.reduce((s, c) => s + c.errors, 0);
    if (throttled > 0) throw new Error(`${throttled} imports were throttled (429)`);
    if (errors > 0) throw new Error(`${errors} operations failed: ${all.flatMap((c) => c.firstErrors).join("; ")}`);
    return { fresh, again, packetRead, csvFresh, csvAgain };
  } finally {
    await svc.close();
  }
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  return [
    ["subject imports (10 participants), c=8", `${r.fresh.perSecond.toFixed(1)}/s, p50 ${fmtMs(r.fresh.p50)}, p99 ${fmtMs(r.fresh.p99)}`],
    ["subject re-imports (unchanged), c=8", `${r.again.perSecond.toFixed(1)}/s, p50 ${fmtMs(r.again.p50)}, p99 ${fmtMs(r.again.p99)}`],
    ["GET /v1/packets/{id} (60 items)", `p50 ${fmtMs(r.packetRead.p50)}, p99 ${fmtMs(r.packetRead.p99)}`],
    ["CSV import, 100 subjects × 10 (dashboard)", `new p50 ${fmtMs(r.csvFresh.p50)}, unchanged p50 ${fmtMs(r.csvAgain.p50)}`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
