/**
 * OAuth benchmark: the token endpoint (`POST /oauth/token`), p50/p99 and requests per second for
 * both grants at concurrency 1 and 16.
 *
 * - authorization_code: client authentication (Basic), the code claimed by one conditional UPDATE,
 *   PKCE S256 checked, the connection and member read, access token (a key row) and refresh token
 *   written in one batch;
 * - refresh_token: the same, with the refresh token claimed and rotated; each worker follows its
 *   own chain (a refresh token works once, so a chain is sequential by nature).
 *
 * Codes are what a member's agreement on the consent page leaves behind: a connection row and a
 * code row (only its SHA-256), written straight into the local D1 before the measurement, so only
 * the token endpoint is timed. Every answer is checked (200, a `mk_live_` token, the next refresh
 * token); any other answer fails the bench.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/oauth.bench.mjs` runs it alone.
 */
import { createHash, randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { fmtMs, isQuick, measure, percentile, startService } from "./service.mjs";

const REDIRECT = "https://partner.example/callback";
const sha256Hex = (s) => createHash("sha256").update(s).digest("hex");
const s256 = (verifier) => createHash("sha256").update(verifier).digest("base64url");

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const perCase = quick ? 60 : 300;
  const svc = await startService();
  try {
    const { tenantId } = await svc.accountWithKeys("Bench OAuth", 0);
    const ops = (p, body) => svc.must("POST", `/ops/v1${p}`, { key: svc.operatorToken, body });
    const { member_id } = await ops(`/tenants/${tenantId}/members`, { email: "owner@bench.example", full_name: "Bench Owner", role: "owner" });
    const client = await ops("/oauth-clients", {
      name: "Bench CRM",
      homepage: "https://partner.example",
      redirect_uris: [REDIRECT],
      scopes: ["signing:read", "signing:write"],
    });
    const basic = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64")}`;

    // The member's agreement: one connection, and as many codes as the code cases spend.
    const env = await svc.bindings();
    const connectionId = `con_bench${randomBytes(8).toString("hex")}`;
    await env.DB.prepare("INSERT INTO oauth_connections (id, tenant_id, client_id, member_id, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(connectionId, tenantId, client.client_id, member_id, JSON.stringify(["signing:read", "signing:write"]), new Date().toISOString())
      .run();
    const verifier = randomBytes(32).toString("base64url");
    const challenge = s256(verifier);
    const mintCodes = async (n) => {
      const codes = Array.from({ length: n }, () => randomBytes(32).toString("hex"));
      const expires = new Date(Date.now() + 3600_000).toISOString(); // the 60 s lifetime would lapse during a long case
      const insert = env.DB.prepare(
        "INSERT INTO oauth_codes (code_hash, connection_id, tenant_id, client_id, redirect_uri, code_challenge, scopes, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      );
      for (let i = 0; i < codes.length; i += 50) {
        await env.DB.batch(
          codes
            .slice(i, i + 50)
            .map((c) => insert.bind(sha256Hex(c), connectionId, tenantId, client.client_id, REDIRECT, challenge, '["signing:read","signing:write"]', expires)),
        );
      }
      return codes;
    };

    const post = async (form) => {
      const { status, json, ms } = await svc.call("POST", "/oauth/token", {
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic },
        body: new URLSearchParams(form).toString(),
      });
      if (status !== 200 || !/^mk_live_[0-9a-f]{48}$/.test(json?.access_token ?? "") || !json?.refresh_token) {
        throw new Error(`POST /oauth/token (${form.grant_type}) → ${status} ${JSON.stringify(json)}`);
      }
      return { ms, json };
    };

    // Warm-up: the statements and the code paths hot.
    for (const code of await mintCodes(20)) await post({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier });

    const cases = [];
    for (const concurrency of [1, 16]) {
      const codes = await mintCodes(perCase);
      cases.push({
        grant: "authorization_code",
        ...(await measure({
          concurrency,
          count: codes.length,
          op: async (i) => (await post({ grant_type: "authorization_code", code: codes[i], redirect_uri: REDIRECT, code_verifier: verifier })).ms,
        })),
      });
      // One chain per worker: a refresh token works once, so each worker follows its own.
      const chains = [];
      for (const code of await mintCodes(concurrency))
        chains.push((await post({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier })).json.refresh_token);
      cases.push({
        grant: "refresh_token",
        ...(await chainsInParallel(chains, Math.ceil(perCase / concurrency), (rt) => post({ grant_type: "refresh_token", refresh_token: rt }))),
      });
    }

    log("oauth: POST /oauth/token (createTestHarness, in-process workerd; client on the same cores)");
    for (const c of cases)
      log(
        `  ${c.grant.padEnd(20)} c=${String(c.concurrency).padEnd(3)} ${c.perSecond.toFixed(0).padStart(5)} req/s  p50 ${fmtMs(c.p50).padStart(9)}  p99 ${fmtMs(c.p99).padStart(9)}  (n=${c.done}, ${c.errors} errors)`,
      );
    const errors = cases.reduce((s, c) => s + c.errors, 0);
    if (errors > 0) throw new Error(`${errors} wrong answers: ${cases.flatMap((c) => c.firstErrors).join("; ")}`);
    return { cases };
  } finally {
    await svc.close();
  }
}

/** Each chain walked by its own worker, `steps` refreshes each; the same figures as measure(). */
async function chainsInParallel(chains, steps, refresh) {
  const latencies = [];
  let errors = 0;
  const firstErrors = [];
  const t0 = performance.now();
  await Promise.all(
    chains.map(async (start) => {
      let rt = start;
      for (let s = 0; s < steps; s++) {
        try {
          const r = await refresh(rt);
          rt = r.json.refresh_token;
          latencies.push(r.ms);
        } catch (e) {
          errors++;
          if (firstErrors.length < 3) firstErrors.push(String(e?.message ?? e));
          return;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    concurrency: chains.length,
    done: sorted.length,
    errors,
    firstErrors,
    seconds,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

export function summary(r) {
  return r.cases.map((c) => [`token ${c.grant}, c=${c.concurrency}`, `${c.perSecond.toFixed(0)} req/s, p50 ${fmtMs(c.p50)}, p99 ${fmtMs(c.p99)}`]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
