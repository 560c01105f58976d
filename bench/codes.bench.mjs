/**
 * One-time codes benchmark: latency of asking for a code (`POST /v1/sign/{token}/code`: the
 * document's sequencer checks the limits, stores the hashed code and queues the email) and of
 * checking one (`POST /v1/sign/{token}/verify`, wrong then right: the right one commits the
 * `verified` event), p50 and p99, one at a time and 8 at once.
 *
 * Each signer may ask for one code a minute, so every request is for a different signer: N
 * documents with one `email_otp` signer each, their links emailed by the service (the outbox).
 * The codes are read back from `GET /ops/v1/outbox`, as a person reads them from their mail.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/codes.bench.mjs` runs it alone.
 */
import { pathToFileURL } from "node:url";
import { fmtMs, inParallel, isQuick, measure, startService } from "./service.mjs";

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const perCase = quick ? 40 : 120;
  const svc = await startService();
  try {
    const { tenantId, keys } = await svc.accountWithKeys("Bench codes", 1, { mode: "test" });
    const key = keys[0];
    const code = `codes-${Math.random().toString(36).slice(2, 8)}`;
    await svc.must("POST", "/v1/templates", { key, body: { code, name: "Codes", kind: "other", body: "Terms for {{name}}.", variables: ["name"] } });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code } });
    const operator = svc.operatorToken;

    /** `n` sent documents, one email_otp signer each (the link is emailed: notify is on by default). */
    const signersFor = async (n) => {
      const out = [];
      await inParallel(n, 8, async (i) => {
        const { document_id } = await svc.must("POST", "/v1/documents", { key, body: { template_code: code, values: { name: `Signer ${i}` } } });
        const { links } = await svc.must("POST", `/v1/documents/${document_id}/send`, {
          key,
          body: { signers: [{ email: `s${i}@example.com`, full_name: `Signer ${i}`, auth: "email_otp" }] },
        });
        out[i] = { documentId: document_id, token: links[0].token };
        await linkEmailed(document_id, links[0].signer_id, `s${i}@example.com`);
      });
      return out;
    };
    /** Codes go only to signers the service emailed: before send emails links (`notify`), the row it would make is written. */
    const db = (await svc.bindings()).DB;
    const linkEmailed = async (documentId, signerId, email) => {
      const has = await db.prepare("SELECT 1 FROM messages WHERE signer_id = ? AND purpose = 'signing.link'").bind(signerId).first();
      if (has) return;
      await db
        .prepare(
          "INSERT INTO messages (id, tenant_id, mode, document_id, signer_id, channel, purpose, recipient, body, status) VALUES (?, ?, 'test', ?, ?, 'email', 'signing.link', ?, 'link', 'sent')",
        )
        .bind(`msg_bench${Math.random().toString(36).slice(2, 12)}`, tenantId, documentId, signerId, email)
        .run();
    };
    const codeOf = async (documentId) => {
      for (let i = 0; i < 200; i++) {
        const r = await svc.must("GET", `/ops/v1/outbox?document_id=${documentId}`, { key: operator });
        const m = r.messages.find((x) => x.purpose === "signing.code" && x.code);
        if (m) return m.code;
        await new Promise((res) => setTimeout(res, 50));
      }
      throw new Error(`no code reached the outbox for ${documentId}`);
    };

    const cases = [];
    for (const concurrency of [1, 8]) {
      const signers = await signersFor(perCase);
      const ask = await measure({
        concurrency,
        count: signers.length,
        op: async (i) => {
          const r = await svc.call("POST", `/v1/sign/${signers[i].token}/code`, { body: {} });
          if (r.status !== 200 || r.json?.channel !== "email") throw new Error(`code → ${r.status} ${r.text.slice(0, 200)}`);
          return r.ms;
        },
      });
      cases.push({ name: "POST …/code (send a code)", ...ask });
      const codes = [];
      await inParallel(signers.length, 8, async (i) => {
        codes[i] = await codeOf(signers[i].documentId);
      });
      const check = await measure({
        concurrency,
        count: signers.length,
        op: async (i) => {
          const wrong = await svc.call("POST", `/v1/sign/${signers[i].token}/verify`, { body: { code: codes[i] === "000000" ? "111111" : "000000" } });
          if (wrong.json?.ok !== false || wrong.json?.tries_left !== 4) throw new Error(`wrong verify → ${wrong.status} ${wrong.text.slice(0, 200)}`);
          const right = await svc.call("POST", `/v1/sign/${signers[i].token}/verify`, { body: { code: codes[i] } });
          if (right.json?.ok !== true) throw new Error(`verify → ${right.status} ${right.text.slice(0, 200)}`);
          return [
            { name: "POST …/verify (wrong code)", ms: wrong.ms },
            { name: "POST …/verify (right code)", ms: right.ms },
          ];
        },
      });
      for (const [name, s] of Object.entries(check.named))
        cases.push({ name, concurrency, done: s.n, errors: check.errors, firstErrors: check.firstErrors, ...s });
    }
    log("codes: one-time codes (createTestHarness, in-process workerd, outbox provider; client on the same cores)");
    for (const c of cases) {
      log(
        `  ${c.name.padEnd(30)} c=${String(c.concurrency).padEnd(2)} p50 ${fmtMs(c.p50).padStart(9)}  p99 ${fmtMs(c.p99).padStart(9)}  (n=${c.done}, ${c.errors} errors)`,
      );
      if (c.errors) log(`    first errors: ${c.firstErrors.join(" | ")}`);
    }
    return { cases };
  } finally {
    await svc.close();
  }
}

export function summary(result) {
  return result.cases.map((c) => [`${c.name} c=${c.concurrency}`, `p50 ${fmtMs(c.p50)} p99 ${fmtMs(c.p99)}`]);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
