/**
 * Advanced and qualified signatures benchmark (docs/evidence.md "Advanced and qualified
 * signatures"): what signing at a trust service provider adds to each signer, against the local
 * fake CSC provider (test/fake-csc.mjs, an HTTP server on this machine).
 *
 * N documents with two signers each, alternating `ses` and `qes`. A `ses` signer consents and
 * signs; a `qes` signer consents, asks for the provider's URL, approves there (not timed: the
 * person at the provider) and comes back through the callback (code exchange, credential list and
 * info, SAD, signHash, the CMS and timestamp, the incremental update in R2, the commit). A `qes`
 * signer also answers a text field of their own (given with the provider start, drawn in its box
 * and attached before their signature) and has a placed signature box, their signature's visible
 * widget; the `ses` documents have no fields. The
 * fake's own time for the callback's calls (its `wait_ms`, including its RSA signing) is reported
 * apart and taken out of the service's figure. File growth: the sealed PDF of a two-signer `qes`
 * document against a `ses` one, per signature.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/qualified.bench.mjs` runs it alone.
 */
import { pathToFileURL } from "node:url";
import { FAKE_CSC, startFakeCsc } from "../test/fake-csc.mjs";
import { percentile } from "./stats.mjs";
import { fmtMs, isQuick, startService } from "./service.mjs";

const SIGNERS = [
  { email: "ada@example.com", full_name: "Ada Lovelace" },
  { email: "ben@example.com", full_name: "Ben Okafor" },
];

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const docs = isQuick(ctx) ? 4 : 12;
  const fake = await startFakeCsc();
  const box = "bench";
  const svc = await startService({
    CSC_BASE_URL: `${fake.origin}/${box}`,
    CSC_CLIENT_ID: FAKE_CSC.clientId,
    CSC_CLIENT_SECRET: FAKE_CSC.clientSecret,
    CSC_LEVELS: "aes,qes",
  });
  try {
    const { keys } = await svc.accountWithKeys("Qualified bench", 1, { mode: "live" });
    const key = keys[0];
    const codes = {};
    const place = (x, y, h) => ({ page: 1, x, y, w: 0.38, h });
    const FIELDS = [1, 2].flatMap((signer, i) => [
      { key: `role_${signer}`, label: "Role", kind: "text", required: true, signer, place: place(0.08 + i * 0.46, 0.55, 0.035) },
      { key: `sig_${signer}`, label: "Signature", kind: "signature", required: true, signer, place: place(0.08 + i * 0.46, 0.6, 0.08) },
    ]);
    for (const level of ["ses", "qes"]) {
      codes[level] = `qb-${level}-${Date.now().toString(36)}`;
      await svc.must("POST", "/v1/templates", {
        key,
        body: {
          code: codes[level],
          name: "Lease",
          kind: "contract",
          body: "Lease of the workshop at {{company}}.",
          variables: ["company"],
          ...(level === "qes" ? { fields: FIELDS } : {}),
        },
      });
      await svc.must("POST", "/v1/templates/publish", { key, body: { code: codes[level] } });
    }
    const times = { ses: [], qes: [] };
    const providerWait = [];
    const sizes = { ses: [], qes: [] };
    for (let d = 0; d < docs; d++) {
      const level = d % 2 ? "qes" : "ses";
      const id = (await svc.must("POST", "/v1/documents", { key, body: { template_code: codes[level], values: { company: "Oficina Lda" }, level } }))
        .document_id;
      const links = (await svc.must("POST", `/v1/documents/${id}/send`, { key, body: { signers: SIGNERS, notify: false } })).links;
      for (const [i, l] of links.entries()) {
        let ms = (await svc.call("POST", `/v1/sign/${l.token}/consent`, { body: {} })).ms;
        if (level === "ses") {
          const s = await svc.call("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: SIGNERS[i].full_name } });
          if (s.status !== 200) throw new Error(`sign → ${s.status} ${s.text}`);
          times.ses.push(ms + s.ms);
          continue;
        }
        const p = await svc.call("POST", `/v1/sign/${l.token}/provider`, { body: { fields: { [`role_${i + 1}`]: "Workshop manager" } } });
        if (p.status !== 200) throw new Error(`provider → ${p.status} ${p.text}`);
        ms += p.ms;
        const url = new URL(p.json.url);
        const form = new URLSearchParams(url.searchParams);
        form.set("action", "approve");
        form.set("full_name", SIGNERS[i].full_name);
        const back = new URL((await fetch(`${url.origin}${url.pathname}`, { method: "POST", body: form, redirect: "manual" })).headers.get("location"));
        const before = (await (await fetch(`${fake.origin}/__log/${box}`)).json()).length;
        const cb = await svc.call("GET", `${back.pathname}${back.search}`);
        if (cb.status !== 303) throw new Error(`callback → ${cb.status} ${cb.text.slice(0, 300)}`);
        const during = (await (await fetch(`${fake.origin}/__log/${box}`)).json()).slice(before);
        const wait = during.reduce((n, x) => n + x.wait_ms, 0);
        providerWait.push(wait);
        times.qes.push(ms + cb.ms - wait);
      }
      const pdf = await svc.must("GET", `/v1/documents/${id}/pdf`, { key });
      sizes[level].push(Buffer.from(pdf.bytes_base64, "base64").length);
    }
    const p = (xs, q) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        q,
      );
    const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    log(`Advanced and qualified signatures (${docs} documents of 2 signers, alternating ses and qes)`);
    log(`  ses signer (consent + sign):                     p50 ${fmtMs(p(times.ses, 50))}  p99 ${fmtMs(p(times.ses, 99))}`);
    log(
      `  qes signer (consent + answer + provider URL + callback, visible signature):  p50 ${fmtMs(p(times.qes, 50))}  p99 ${fmtMs(p(times.qes, 99))}  (provider's own time taken out)`,
    );
    log(`  added per qes signer:                            p50 ${fmtMs(p(times.qes, 50) - p(times.ses, 50))}`);
    log(`  the fake provider's own time per callback:       p50 ${fmtMs(p(providerWait, 50))}  p99 ${fmtMs(p(providerWait, 99))}`);
    log(
      `  sealed PDF: ses ${Math.round(avg(sizes.ses))} B, qes ${Math.round(avg(sizes.qes))} B: ${Math.round((avg(sizes.qes) - avg(sizes.ses)) / 2)} B per signer's signature`,
    );
  } finally {
    await svc.close();
    fake.server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
