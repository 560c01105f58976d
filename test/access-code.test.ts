/**
 * `auth: "access_code"` (contract "Signer identity"; docs/identity.md "Access code"): set at send,
 * stored hashed, asked before anything else on the link, five wrong tries lock it for 15 minutes
 * (counted exactly under concurrent tries), recorded in the trail and the certificate without the code.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops, type Tenant } from "./helpers";
import { page, select, unescapeHtml } from "./pages-helpers";
import { issueKey } from "../src/domain/accounts";
import { makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { forgetState, preparedDocument, publishedTemplate, sentDocument } from "./signing-helpers";

const CODE = "harbour-7731";
const ADA = { email: "ada@example.com", full_name: "Ada Lovelace" };

const give = (token: string, code: string) => api("POST", `/v1/sign/${token}/access-code`, { body: { code } });
const read = (token: string) => api("GET", `/v1/sign/${token}`);

async function coded(t?: Tenant, extra: Record<string, unknown> = {}) {
  t ??= await makeTenant();
  const { id, links } = await sentDocument(t.key, { signers: [{ ...ADA, auth: "access_code", access_code: CODE, ...extra }], notify: false });
  return { t, id, link: links[0]! };
}

const signerRow = (id: string) =>
  env.DB.prepare("SELECT access_code_hash, access_code_tries, access_code_locked_until, access_code_passed_at FROM signers WHERE id = ?")
    .bind(id)
    .first<{ access_code_hash: string; access_code_tries: number; access_code_locked_until: string | null; access_code_passed_at: string | null }>();

describe("POST /v1/documents/{id}/send with auth access_code", () => {
  it("refuses a missing, short, long or misplaced access code, naming signers.<i>.access_code, and sends nothing", async () => {
    const t = await makeTenant();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ auth: "access_code" }, /^signers\.1\.access_code: /],
      [{ auth: "access_code", access_code: "abc" }, /^signers\.1\.access_code: .*4-64/],
      [{ auth: "access_code", access_code: "x".repeat(65) }, /^signers\.1\.access_code: .*4-64/],
      [{ auth: "email_otp", access_code: CODE }, /^signers\.1\.access_code: only a signer with auth "access_code"/],
      [{ access_code: CODE }, /^signers\.1\.access_code: /],
    ];
    for (const [extra, message] of cases) {
      const draft = await preparedDocument(t.key);
      const r = await api("POST", `/v1/documents/${draft}/send`, {
        key: t.key,
        body: {
          signers: [
            { email: "ben@example.com", full_name: "Ben Okafor" },
            { ...ADA, ...extra },
          ],
          notify: false,
        },
      });
      expect(r.status, JSON.stringify(extra)).toBe(422);
      expect(r.json.error.code).toBe("invalid");
      expect(r.json.error.message).toMatch(message);
      const doc = await api("GET", `/v1/documents/${draft}`, { key: t.key });
      expect(doc.json.status).toBe("draft");
    }
  });

  it("stores only a salted slow hash, never returned by any read", async () => {
    const { t, id, link } = await coded();
    const row = await signerRow(link.signer_id);
    expect(row!.access_code_hash).toMatch(/^pbkdf2-sha256\$\d+\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(row!.access_code_hash).not.toContain(CODE);
    expect(row!.access_code_tries).toBe(0);
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.signers[0].auth).toBe("access_code");
    for (const r of [doc, await read(link.token), await api("GET", `/v1/documents?limit=10`, { key: t.key })]) {
      expect(r.text).not.toContain(CODE);
      expect(r.text).not.toContain(row!.access_code_hash.split("$")[3]);
      expect(r.text).not.toContain("access_code_hash");
    }
  });
});

describe("a link with an access code, before and after the code", () => {
  it("reads only the title and the business name, refuses every other action with 422 naming the access code, then opens", async () => {
    const { id, link } = await coded();
    const before = await read(link.token);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ ok: true, access_code_required: true, document_id: id, body: null, fields: null, pages: null });
    expect(typeof before.json.title).toBe("string");
    expect(before.json.tenant_name).toBeTruthy();
    for (const k of ["body_sha256_hex", "grants", "signers", "consent_text", "full_name", "email"]) expect(before.json[k], k).toBeNull();

    const t = link.token;
    const actions: [string, string, unknown][] = [
      ["POST", `/v1/sign/${t}/consent`, {}],
      ["POST", `/v1/sign/${t}/fields`, { key: "x", value: "y" }],
      ["POST", `/v1/sign/${t}`, { method: "typed", value: "Ada Lovelace" }],
      ["POST", `/v1/sign/${t}/decline`, { reason: "Not for me." }],
      ["POST", `/v1/sign/${t}/code`, {}],
      ["POST", `/v1/sign/${t}/verify`, { code: "123456" }],
      ["POST", `/v1/sign/${t}/approve`, {}],
      ["POST", `/v1/sign/${t}/acknowledge`, {}],
      ["POST", `/v1/sign/${t}/files/x`, "bytes"],
      ["GET", `/s/${t}/page?n=1`, undefined],
      ["GET", `/s/${t}/pdf`, undefined],
    ];
    for (const [method, path, body] of actions) {
      const r = await api(method, path, body === undefined ? {} : { body, headers: typeof body === "string" ? { "content-type": "image/png" } : {} });
      expect(r.status, `${method} ${path}: ${r.text.slice(0, 200)}`).toBe(422);
      // The page paths answer with a page in the same words; the API with the envelope.
      if (path.startsWith("/s/")) expect(r.text, path).toMatch(/access code/i);
      else {
        expect(r.json?.error?.code, path).toBe("invalid");
        expect(r.json.error.message, path).toMatch(/access code/);
      }
    }

    expect((await give(t, CODE)).json).toEqual({ ok: true });
    const after = await read(t);
    expect(after.json).toMatchObject({ ok: true, access_code_required: false, full_name: "Ada Lovelace" });
    expect(after.json.body).toContain("This agreement is between");
    // Giving it again changes nothing.
    expect((await give(t, "wrong-code")).json).toEqual({ ok: true });
    expect((await api("POST", `/v1/sign/${t}/consent`, { body: {} })).status).toBe(200);
    expect((await api("POST", `/v1/sign/${t}`, { body: { method: "typed", value: "Ada Lovelace" } })).status).toBe(200);
  });

  it("is 422 for a signer without an access code", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { signers: [ADA], notify: false });
    const r = await give(links[0]!.token, CODE);
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/no access code/);
    expect((await read(links[0]!.token)).json.access_code_required).toBe(false);
  });
});

describe("POST /v1/sign/{token}/access-code: tries and the lock", () => {
  it("four wrong then the right code works", async () => {
    const { link } = await coded();
    for (const left of [4, 3, 2, 1]) expect((await give(link.token, `wrong-${left}`)).json).toEqual({ ok: false, tries_left: left });
    expect((await give(link.token, CODE)).json).toEqual({ ok: true });
    expect((await signerRow(link.signer_id))!.access_code_passed_at).not.toBeNull();
  });

  it("the fifth wrong try locks for 15 minutes; a try during the lock is 429 even with the right code; after it, 5 tries again", async () => {
    const { id, link } = await coded();
    for (let i = 0; i < 4; i++) await give(link.token, "nope-nope");
    const t0 = Date.now();
    const fifth = await give(link.token, "nope-nope");
    expect(fifth.status).toBe(200);
    expect(fifth.json.ok).toBe(false);
    expect(fifth.json.tries_left).toBe(0);
    const until = Date.parse(fifth.json.locked_until);
    expect(until - t0).toBeGreaterThan(14.9 * 60_000);
    expect(until - t0).toBeLessThan(15.1 * 60_000);

    const during = await give(link.token, CODE);
    expect(during.status).toBe(429);
    expect(during.json.error.code).toBe("rate_limited");
    expect(Number(during.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await read(link.token)).json.access_code_required).toBe(true);

    // The lock runs out.
    await env.DB.prepare("UPDATE signers SET access_code_locked_until = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), link.signer_id)
      .run();
    await forgetState(id);
    expect((await give(link.token, "nope-again")).json).toEqual({ ok: false, tries_left: 4 });
    expect((await give(link.token, CODE)).json).toEqual({ ok: true });
  });

  it("10 concurrent wrong tries count exactly 5 and lock; the right code after is 429", async () => {
    const { link } = await coded();
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => give(link.token, `wrong-guess-${i}`)));
    const counted = all.filter((r) => r.status === 200);
    expect(counted.map((r) => r.json.tries_left).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(all.filter((r) => r.status === 429)).toHaveLength(5);
    expect(counted.find((r) => r.json.tries_left === 0)!.json.locked_until).toBeTruthy();
    const row = await signerRow(link.signer_id);
    expect(row!.access_code_tries).toBe(5);
    expect(row!.access_code_locked_until).not.toBeNull();
    expect((await give(link.token, CODE)).status).toBe(429);
  });
});

describe("the trail and the certificate", () => {
  it("record the wrong tries and the pass with the method, never the code", async () => {
    const { t, id, link } = await coded();
    await give(link.token, "wrong-code-1");
    await give(link.token, CODE);
    await api("POST", `/v1/sign/${link.token}/consent`, { body: {} });
    expect((await api("POST", `/v1/sign/${link.token}`, { body: { method: "typed", value: "Ada Lovelace" } })).status).toBe(200);
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    const kinds = doc.json.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain("access_code_failed");
    expect(kinds.indexOf("access_code_passed")).toBeGreaterThan(kinds.indexOf("access_code_failed"));
    expect(kinds.indexOf("access_code_passed")).toBeLessThan(kinds.indexOf("signed"));
    const events = await env.DB.prepare("SELECT detail FROM events WHERE document_id = ?").bind(id).all<{ detail: string | null }>();
    expect(JSON.stringify(events.results)).not.toContain(CODE);
    expect(JSON.stringify(events.results)).not.toContain("wrong-code-1");
    expect(JSON.stringify(events.results)).toContain("tries_left=4");

    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(cert.status, cert.text).toBe(200);
    const passed = doc.json.events.find((e: { kind: string }) => e.kind === "access_code_passed");
    expect(cert.json.payload.signers[0].authentication).toEqual({ method: "access_code", passed_at: passed.occurred_at });
    expect(cert.json.payload.events.map((e: { kind: string }) => e.kind)).toContain("access_code_passed");
    expect(cert.text).not.toContain(CODE);
    const shown = await page("GET", `/verify/${cert.json.verification_code}?sha256=${cert.json.document_sha256_hex}`);
    const facts = (await select(shown.text, "dl.facts dt, dl.facts dd")).map((x) => x.text);
    expect(facts[facts.indexOf("Identity") + 1]).toMatch(/^Gave the access code the business sent separately \(.+ UTC\)$/);
    // No webhook event names these tries.
    const deliveries = await env.DB.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE event LIKE '%access_code%'")
      .first<{ n: number }>()
      .catch(() => ({ n: 0 }));
    expect(deliveries?.n ?? 0).toBe(0);
  });
});

describe("envelopes", () => {
  it("still refuse auth access_code", async () => {
    const t = await makeTenant();
    const a = await publishedTemplate(t.key);
    const r = await api("POST", "/v1/envelopes", {
      key: t.key,
      body: {
        title: "x",
        documents: [
          { template_code: a.code, values: { company: "Acme", name: "Ada" } },
          { template_code: a.code, values: { company: "Acme", name: "Ada" } },
        ],
        signers: [{ ...ADA, auth: "access_code", access_code: CODE }],
      },
    });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/^signers\.0\.auth: /);
  });
});

describe("the signing page's access code step (no JavaScript)", () => {
  it("asks the code first and shows nothing of the document, counts wrong tries, shows the lock, then opens", async () => {
    const { link } = await coded();
    const token = link.token;
    const first = await page("GET", `/s/${token}?lang=en`);
    expect(first.status).toBe(200);
    expect(first.text).toContain("Enter your access code");
    expect(first.text).not.toContain("This agreement is between"); // the body
    expect(await select(first.text, `form[action="/s/${token}/consent"]`)).toEqual([]);
    const input = (await select(first.text, 'input[name="code"]'))[0]!;
    expect(input.attrs).toMatchObject({ type: "password", autocomplete: "off", id: "access-code-input" });
    expect(await select(first.text, 'label[for="access-code-input"]')).toHaveLength(1);
    expect(await select(first.text, `form[action="/s/${token}/access-code"]`)).toHaveLength(1);

    // Another action's post shows the step again, never the document.
    const consent = await page("POST", `/s/${token}/sign`, { form: { lang: "en", method: "typed", value: "Ada" } });
    expect(consent.text).not.toContain("This agreement is between");

    const wrong = await page("POST", `/s/${token}/access-code`, { form: { lang: "es", code: "wrong-one" } });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain("Ese código de acceso no es correcto. Intentos restantes: 4.");
    expect(await select(wrong.text, 'input[aria-invalid="true"]')).toHaveLength(1);
    for (let i = 0; i < 3; i++) await page("POST", `/s/${token}/access-code`, { form: { lang: "en", code: "wrong-one" } });
    const locked = await page("POST", `/s/${token}/access-code`, { form: { lang: "fr", code: "wrong-one" } });
    expect(locked.status).toBe(422);
    expect(locked.text).toContain("Ce lien est bloqué jusqu");
    expect(await select(locked.text, 'input[name="code"]')).toEqual([]);
    const during = await page("POST", `/s/${token}/access-code`, { form: { lang: "en", code: CODE } });
    expect(during.status).toBe(429);
    expect(during.text).toContain("This link is locked until");

    await env.DB.prepare("UPDATE signers SET access_code_locked_until = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), link.signer_id)
      .run();
    const { id } = {
      id: (await env.DB.prepare("SELECT document_id FROM signers WHERE id = ?").bind(link.signer_id).first<{ document_id: string }>())!.document_id,
    };
    await forgetState(id);
    const right = await page("POST", `/s/${token}/access-code`, { form: { lang: "en", code: CODE } });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/s/${token}?lang=en`);
    const open = await page("GET", right.headers.get("location")!);
    expect(open.text).toContain("This agreement is between");
    expect(open.text).not.toContain("Enter your access code");
  });
});

describe("the dashboard", () => {
  it("sends a signer with an access code from the form, refuses a short one at the form, and shows the method, never the code", async () => {
    const t = await makeAccount();
    const { key } = await issueKey(env, t, { label: "k", mode: "live", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
    const b = await sessionFor(await makeMember(t, "owner"));
    expect((await b.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
    const { code } = await publishedTemplate(key);
    const form = await b.get(`/app/documents/new?template=${code}`);
    const options = (await select(form.text, "select#s0-auth option")).map((o) => o.attrs.value);
    expect(options).toEqual(["none", "access_code"]);
    expect((await select(form.text, "input#s0-access-code"))[0]!.attrs).toMatchObject({ type: "password", name: "signer.0.access_code" });
    const base = {
      template_code: code,
      "value.company": "Acme",
      "value.name": "Ada",
      rows: "1",
      "signer.0.full_name": "Ada Lovelace",
      "signer.0.email": "ada@example.com",
      "signer.0.auth": "access_code",
    };
    const short = await b.submit("/app/documents", { ...base, "signer.0.access_code": "abc" });
    expect(short.status).toBe(422);
    expect(unescapeHtml(short.text)).toContain("signers.0.access_code");
    expect((await api("GET", "/v1/documents", { key })).json.documents).toEqual([]);

    const sent = await b.submit("/app/documents", { ...base, "signer.0.access_code": CODE });
    expect(sent.status, sent.text.slice(0, 1000)).toBe(200);
    expect(sent.text).not.toContain(CODE);
    const id = /\/app\/documents\/(doc_[a-z0-9]+)/.exec(sent.text)![1]!;
    const d = (await api("GET", `/v1/documents/${id}`, { key })).json;
    expect(d.signers[0].auth).toBe("access_code");
    const view = await b.get(`/app/documents/${id}`);
    expect(view.text).toContain("Access code");
    expect(view.text).not.toContain(CODE);
  });
});

describe("the link's email", () => {
  it("says the link asks an access code given separately, in the signer's language, and never carries the code", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, {
      signers: [
        { ...ADA, auth: "access_code", access_code: CODE },
        { email: "jose@example.com", full_name: "José Pérez", locale: "es", auth: "access_code", access_code: CODE },
        { email: "bo@example.com", full_name: "Bo Berg" },
      ],
    });
    await env.MESSAGE_QUEUE.getByName(t.tenantId).idle();
    const msgs = (await ops("GET", `/outbox?document_id=${id}`)).json.messages as Record<string, string>[];
    const of = (i: number) => msgs.find((m) => m.signer_id === links[i]!.signer_id)!;
    expect(of(0).body).toContain("Before the document opens, the link asks for an access code.");
    expect(of(1).body).toContain("el enlace le pedirá un código de acceso");
    expect(of(2).body).not.toContain("access code");
    expect(JSON.stringify(msgs)).not.toContain(CODE);
  });
});
