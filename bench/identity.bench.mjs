/**
 * Signer identity benchmark: what `auth: "access_code"`, `auth: "id_check"` and re-authentication
 * with a reason add to a signer's path (docs/identity.md).
 *
 * N documents with one signer each, half sent with `auth: "none"`, half with `auth:
 * "access_code"`, alternating; each signer reads the link, (gives the access code,) consents and
 * signs, one signer at a time. Reported: the access code step's own latency (a wrong code, then
 * the right one: PBKDF2-SHA-256 at 100,000 iterations inside the document's sequencer, plus the
 * commit of the count and the trail event), the whole path with and without it (p50/p99), and the
 * D1 round trips of each step (`x-d1-calls: <round trips>;<sequential>`, D1_TRACE=1).
 *
 * A third case sends `auth: "id_check"` against the local fake of Stripe Identity
 * (test/fake-stripe.mjs, an HTTP server on this machine): the signer's path is read, start the
 * check (one call to the provider), read again once back, consent and sign; the provider's own
 * wait (the person in front of the camera) is not in it. The service's handling of the provider's
 * signed webhook (signature, two reads of the provider's API, the commit) is reported apart.
 * Re-authentication: as many documents again, sent with `reauthenticate: true` (the service
 * delivers the link: codes go only to such signers) from a template with reasons; each signer
 * reads, consents, asks a code (`/code`), confirms it (`/verify`) and signs with a reason. The code
 * is read from the operator's outbox between the two steps (not counted).
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/identity.bench.mjs` runs it alone.
 */
import { pathToFileURL } from "node:url";
import { FAKE_STRIPE, startFakeStripe, stripeSignature } from "../test/fake-stripe.mjs";
import { percentile } from "./stats.mjs";
import { fmtMs, isQuick, startService } from "./service.mjs";

const CODE = "harbour-7731";
const calls = (r) => r.headers.get("x-d1-calls") ?? "?";

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const perCase = isQuick(ctx) ? 20 : 60;
  const fake = await startFakeStripe();
  const svc = await startService({
    D1_TRACE: "1",
    IDENTITY_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
    STRIPE_API_BASE: `${fake.origin}/bench`,
  });
  try {
    const { keys } = await svc.accountWithKeys("Bench identity", 1, { mode: "test" });
    const key = keys[0];
    const code = `identity-${Math.random().toString(36).slice(2, 8)}`;
    await svc.must("POST", "/v1/templates", { key, body: { code, name: "Identity", kind: "other", body: "Terms for {{name}}.", variables: ["name"] } });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code } });

    const ms = {
      none: [],
      access_code: [],
      wrong: [],
      right: [],
      id_check: [],
      start: [],
      webhook: [],
      reauth: [],
      code: [],
      verify: [],
      reasonSign: [],
      plainSign: [],
    };
    const trips = {};
    const AUTHS = ["none", "access_code", "id_check"];
    for (let i = 0; i < perCase * AUTHS.length; i++) {
      const auth = AUTHS[i % AUTHS.length];
      const { document_id } = await svc.must("POST", "/v1/documents", { key, body: { template_code: code, values: { name: `Signer ${i}` } } });
      const signer = {
        email: `s${i}@example.com`,
        full_name: `Signer ${i}`,
        ...(auth === "access_code" ? { auth, access_code: CODE } : auth === "id_check" ? { auth } : {}),
      };
      const { links } = await svc.must("POST", `/v1/documents/${document_id}/send`, { key, body: { signers: [signer], notify: false } });
      const t = links[0].token;
      let total = 0;
      const step = async (name, method, path, body) => {
        const r = await svc.call(method, path, body === undefined ? {} : { body });
        if (r.status !== 200) throw new Error(`${name} → ${r.status} ${r.text.slice(0, 200)}`);
        total += r.ms;
        trips[`${auth} ${name}`] = calls(r);
        return r;
      };
      await step("read", "GET", `/v1/sign/${t}`);
      if (auth === "access_code") {
        const wrong = await svc.call("POST", `/v1/sign/${t}/access-code`, { body: { code: "not-the-code" } });
        if (wrong.json?.tries_left !== 4) throw new Error(`wrong code → ${wrong.status} ${wrong.text.slice(0, 200)}`);
        ms.wrong.push(wrong.ms);
        trips["access_code wrong code"] = calls(wrong);
        const right = await step("access-code", "POST", `/v1/sign/${t}/access-code`, { code: CODE });
        ms.right.push(right.ms);
      }
      if (auth === "id_check") {
        const started = await step("id-check", "POST", `/v1/sign/${t}/id-check`, {});
        ms.start.push(started.ms);
        // The provider's side, outside the signer's path: the person passes, the provider signs its event.
        const session = started.json.url.split("/").at(-1);
        const settled = await fetch(`${fake.origin}/__outcome/bench/${session}`, {
          method: "POST",
          body: JSON.stringify({ status: "verified", first_name: "Signer", last_name: String(i) }),
        });
        const event = await settled.text();
        const hook = await svc.call("POST", "/hooks/identity/stripe", {
          body: event,
          headers: { "content-type": "application/json", "stripe-signature": stripeSignature(FAKE_STRIPE.webhookSecret, event) },
        });
        if (hook.json?.recorded !== true) throw new Error(`webhook → ${hook.status} ${hook.text.slice(0, 200)}`);
        ms.webhook.push(hook.ms);
        trips["id_check webhook"] = calls(hook);
        await step("read again", "GET", `/v1/sign/${t}`);
      }
      await step("consent", "POST", `/v1/sign/${t}/consent`, {});
      const signed = await step("sign", "POST", `/v1/sign/${t}`, { method: "typed", value: `Signer ${i}` });
      if (auth === "none") ms.plainSign.push(signed.ms);
      ms[auth].push(total);
    }
    // Re-authentication with a reason: a code confirmed within 5 minutes and a reason at the signature.
    const rcode = `reauth-${Math.random().toString(36).slice(2, 8)}`;
    await svc.must("POST", "/v1/templates", {
      key,
      body: { code: rcode, name: "SOP", kind: "other", body: "Procedure for {{name}}.", variables: ["name"], reasons: ["Approved", "Reviewed"] },
    });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code: rcode } });
    const outboxCode = async (documentId) => {
      for (let n = 0; n < 200; n++) {
        const out = await svc.must("GET", `/ops/v1/outbox?document_id=${documentId}`, { key: svc.operatorToken });
        const m = out.messages.find((x) => x.purpose === "signing.code" && x.code);
        if (m) return m.code;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error("no code in the outbox");
    };
    for (let i = 0; i < perCase; i++) {
      const { document_id } = await svc.must("POST", "/v1/documents", { key, body: { template_code: rcode, values: { name: `Signer ${i}` } } });
      const signer = { email: `r${i}@example.com`, full_name: `Reauth ${i}` };
      const { links } = await svc.must("POST", `/v1/documents/${document_id}/send`, { key, body: { signers: [signer], reauthenticate: true } });
      const t = links[0].token;
      let total = 0;
      const step = async (name, method, path, body) => {
        const r = await svc.call(method, path, body === undefined ? {} : { body });
        if (r.status !== 200) throw new Error(`reauth ${name} → ${r.status} ${r.text.slice(0, 200)}`);
        total += r.ms;
        trips[`reauth ${name}`] = calls(r);
        return r;
      };
      await step("read", "GET", `/v1/sign/${t}`);
      await step("consent", "POST", `/v1/sign/${t}/consent`, {});
      ms.code.push((await step("code", "POST", `/v1/sign/${t}/code`, {})).ms);
      const code = await outboxCode(document_id);
      const v = await step("verify", "POST", `/v1/sign/${t}/verify`, { code });
      if (v.json?.ok !== true) throw new Error(`verify → ${v.text.slice(0, 200)}`);
      ms.verify.push(v.ms);
      ms.reasonSign.push((await step("sign", "POST", `/v1/sign/${t}`, { method: "typed", value: `Reauth ${i}`, reason: "Approved" })).ms);
      ms.reauth.push(total);
    }
    const stat = (xs) => {
      const s = [...xs].sort((a, b) => a - b);
      return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99) };
    };
    const out = {
      none: stat(ms.none),
      access_code: stat(ms.access_code),
      wrong: stat(ms.wrong),
      right: stat(ms.right),
      id_check: stat(ms.id_check),
      start: stat(ms.start),
      webhook: stat(ms.webhook),
      reauth: stat(ms.reauth),
      code: stat(ms.code),
      verify: stat(ms.verify),
      reasonSign: stat(ms.reasonSign),
      plainSign: stat(ms.plainSign),
      trips,
    };
    log("identity: a signer's path with no check, an access code and an ID check (createTestHarness, in-process workerd, D1_TRACE=1, one signer at a time)");
    log(`  path (read, consent, sign), auth none            p50 ${fmtMs(out.none.p50).padStart(9)}  p99 ${fmtMs(out.none.p99).padStart(9)}  (n=${out.none.n})`);
    log(
      `  path (read, access code, consent, sign)          p50 ${fmtMs(out.access_code.p50).padStart(9)}  p99 ${fmtMs(out.access_code.p99).padStart(9)}  (n=${out.access_code.n})`,
    );
    log(`  POST …/access-code, right code                   p50 ${fmtMs(out.right.p50).padStart(9)}  p99 ${fmtMs(out.right.p99).padStart(9)}`);
    log(`  POST …/access-code, wrong code                   p50 ${fmtMs(out.wrong.p50).padStart(9)}  p99 ${fmtMs(out.wrong.p99).padStart(9)}`);
    log(`  extra latency of the access code (p50 of paths)  ${fmtMs(out.access_code.p50 - out.none.p50)}`);
    log(
      `  path (read, start check, read, consent, sign)    p50 ${fmtMs(out.id_check.p50).padStart(9)}  p99 ${fmtMs(out.id_check.p99).padStart(9)}  (n=${out.id_check.n}, provider's wait excluded)`,
    );
    log(`  POST …/id-check (one provider call)              p50 ${fmtMs(out.start.p50).padStart(9)}  p99 ${fmtMs(out.start.p99).padStart(9)}`);
    log(`  POST /hooks/identity/stripe (verified)           p50 ${fmtMs(out.webhook.p50).padStart(9)}  p99 ${fmtMs(out.webhook.p99).padStart(9)}`);
    log(`  extra latency of the ID check (p50 of paths)     ${fmtMs(out.id_check.p50 - out.none.p50)}`);
    log(
      `  path (read, consent, code, verify, sign+reason)  p50 ${fmtMs(out.reauth.p50).padStart(9)}  p99 ${fmtMs(out.reauth.p99).padStart(9)}  (n=${out.reauth.n})`,
    );
    log(`  POST …/code (re-authentication)                  p50 ${fmtMs(out.code.p50).padStart(9)}  p99 ${fmtMs(out.code.p99).padStart(9)}`);
    log(`  POST …/verify (re-authentication)                p50 ${fmtMs(out.verify.p50).padStart(9)}  p99 ${fmtMs(out.verify.p99).padStart(9)}`);
    log(`  POST /v1/sign/{token} with a reason              p50 ${fmtMs(out.reasonSign.p50).padStart(9)}  p99 ${fmtMs(out.reasonSign.p99).padStart(9)}`);
    log(`  POST /v1/sign/{token}, plain                     p50 ${fmtMs(out.plainSign.p50).padStart(9)}  p99 ${fmtMs(out.plainSign.p99).padStart(9)}`);
    log(`  extra latency of re-authentication (p50 of paths) ${fmtMs(out.reauth.p50 - out.none.p50)}`);
    for (const [name, v] of Object.entries(trips)) log(`  D1 round trips;sequential  ${name.padEnd(28)} ${v}`);
    return out;
  } finally {
    await svc.close();
    fake.server.close();
  }
}

export function summary(r) {
  return [
    ["signer path, auth none", `p50 ${fmtMs(r.none.p50)} p99 ${fmtMs(r.none.p99)}`],
    ["signer path, access_code", `p50 ${fmtMs(r.access_code.p50)} p99 ${fmtMs(r.access_code.p99)}`],
    ["POST …/access-code (right)", `p50 ${fmtMs(r.right.p50)} p99 ${fmtMs(r.right.p99)}, D1 ${r.trips["access_code access-code"]}`],
    ["signer path, id_check (provider's wait excluded)", `p50 ${fmtMs(r.id_check.p50)} p99 ${fmtMs(r.id_check.p99)}`],
    ["identity webhook (verified)", `p50 ${fmtMs(r.webhook.p50)} p99 ${fmtMs(r.webhook.p99)}, D1 ${r.trips["id_check webhook"]}`],
    ["signer path, re-authentication", `p50 ${fmtMs(r.reauth.p50)} p99 ${fmtMs(r.reauth.p99)}`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
