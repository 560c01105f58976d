/**
 * The dashboard's bulk sends: the form uploads a CSV for a published template through
 * `createBulkSend` (the API's function and CSV reader), a refused file makes nothing and says why,
 * the progress page shows the counts, a progress bar, each row's status and reason (with a refresh
 * link and the polling script while it runs), its JSON read answers the API's shape, the list
 * shows it, another account's is a 404 and a viewer may look but not send.
 */
import { env, exports } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { issueKey } from "../src/domain/accounts";
import { BASE } from "./helpers";
import { publishedTemplate } from "./signing-helpers";
import { type Browser, makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { select, unescapeHtml } from "./pages-helpers";

const texts = async (html: string, sel: string) => (await select(html, sel)).map((e) => unescapeHtml(e.text.replace(/\s+/g, " ").trim()));

async function ownerWithTemplate() {
  const t = await makeAccount();
  const { key } = await issueKey(env, t, { label: "k", mode: "live", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
  const b = await sessionFor(await makeMember(t, "owner"));
  expect((await b.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
  return { t, b, code: (await publishedTemplate(key)).code };
}

/** The form's multipart POST with the session's CSRF token. */
async function upload(b: Browser, source: string, csv: string) {
  const fd = new FormData();
  fd.append("csrf", await b.csrf("/app/bulk-sends/new"));
  fd.append("source", source);
  fd.append("file", new File([csv], "people.csv", { type: "text/csv" }));
  const res = await exports.default.fetch(`${BASE}/app/bulk-sends`, {
    method: "POST",
    headers: { cookie: b.cookieHeader(), "cf-connecting-ip": b.ip },
    body: fd,
    redirect: "manual",
  });
  return { status: res.status, text: await res.text(), location: res.headers.get("location") };
}

async function finish(id: string) {
  const stub = env.BULK_SENDER.getByName(id);
  for (let i = 0; i < 100; i++) {
    const s = await env.DB.prepare("SELECT state FROM bulk_sends WHERE id = ?").bind(id).first<{ state: string }>();
    if (s?.state === "done") return;
    if (!(await runDurableObjectAlarm(stub))) await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("never done");
}

const CSV = 'email;full_name;values.company;values.name\nana@example.com;Ana Ruiz;"Acme; Ltd";Ana\nnot-an-email;Ben Okafor;Globex;Ben\n';

describe("dashboard: bulk sends", () => {
  it("uploads a CSV and shows the progress: counts, bar, each row's status and reason; the list shows it", async () => {
    const { b, code } = await ownerWithTemplate();
    const form = await b.get("/app/bulk-sends/new");
    expect(form.status).toBe(200);
    expect(await texts(form.text, "#bk-source option")).toEqual(expect.arrayContaining([expect.stringContaining(code)]));
    const r = await upload(b, `template:${code}`, CSV);
    expect(r.status, r.text).toBe(303);
    const id = /\/app\/bulk-sends\/(bs_[a-z0-9]+)\?done=sent/.exec(r.location ?? "")![1]!;

    const running = await b.get(r.location!);
    expect(running.status).toBe(200);
    expect(running.text).toContain('id="bk-progress"');
    expect(running.text).toContain("Stored: the rows are being sent.");
    await finish(id);

    const done = await b.get(`/app/bulk-sends/${id}`);
    expect(done.status).toBe(200);
    expect(await texts(done.text, "#bk-state")).toEqual(["Done"]);
    expect(await texts(done.text, "#bk-sent")).toEqual(["1"]);
    expect(await texts(done.text, "#bk-failed")).toEqual(["1"]);
    expect(await texts(done.text, "#bk-progress-text")).toEqual(["2 of 2 rows done"]);
    expect((await select(done.text, "#bk-progress"))[0]!.attrs).toMatchObject({ max: "2", value: "2" });
    expect(await texts(done.text, "[data-row-status]")).toEqual(["Sent", "Failed"]);
    expect(await texts(done.text, '[data-row-outcome="2"]')).toEqual(['email: "not-an-email" is not a valid email address.']);
    expect((await select(done.text, '[data-row-outcome="1"] a'))[0]!.attrs.href).toMatch(/^\/app\/documents\/doc_/);
    // Done: no refresh link, no script.
    expect(done.text).not.toContain('id="bk-refresh"');
    expect(done.text).not.toContain('id="bk-words"');

    const json = await b.get(`/app/bulk-sends/${id}/progress`);
    expect(json.status).toBe(200);
    expect(JSON.parse(json.text)).toMatchObject({ bulk_send_id: id, state: "done", total: 2, sent: 1, failed: 1 });

    const list = await b.get("/app/bulk-sends");
    expect(list.status).toBe(200);
    expect((await select(list.text, `a[href="/app/bulk-sends/${id}"]`)).length).toBe(1);
    // Offered from the documents page, beside the envelopes.
    const docs = await b.get("/app/documents");
    expect((await select(docs.text, 'a[href="/app/bulk-sends/new"]')).length).toBe(1);
    expect((await select(docs.text, 'a[href="/app/bulk-sends"]')).length).toBe(1);
  });

  it("while it runs: the state as drawn, a refresh link and the script that follows it", async () => {
    const { t, b, code } = await ownerWithTemplate();
    // A send nobody is sending (no sender was started for it): it stays as drawn.
    const id = `bs_${crypto.randomUUID().replace(/-/g, "").slice(0, 20)}`;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO bulk_sends (id, tenant_id, mode, template_code, state, total, sent, failed, created_by) VALUES (?, ?, 'live', ?, 'running', 2, 1, 0, 'test')",
      ).bind(id, t, code),
      env.DB.prepare("INSERT INTO bulk_send_rows (bulk_send_id, n, email, full_name, status, document_id) VALUES (?, 1, 'a@example.com', 'A', 'sent', ?)").bind(
        id,
        `doc_${id}`,
      ),
      env.DB.prepare("INSERT INTO bulk_send_rows (bulk_send_id, n, email, full_name) VALUES (?, 2, 'b@example.com', 'B')").bind(id),
    ]);
    const r = await b.get(`/app/bulk-sends/${id}`);
    expect(r.status).toBe(200);
    expect(await texts(r.text, "#bk-state")).toEqual(["Sending"]);
    expect(await texts(r.text, "#bk-progress-text")).toEqual(["1 of 2 rows done"]);
    expect(await texts(r.text, "[data-row-status]")).toEqual(["Sent", "Waiting"]);
    expect((await select(r.text, "#bk-refresh a"))[0]!.attrs.href).toBe(`/app/bulk-sends/${id}`);
    expect((await select(r.text, "#bk"))[0]!.attrs["data-progress"]).toBe(`/app/bulk-sends/${id}/progress`);
    expect(r.text).toContain('id="bk-words"');
    expect(r.headers.get("content-security-policy")).toContain("connect-src 'self'");
  });

  it("a refused file or choice says why and stores nothing", async () => {
    const { t, b, code } = await ownerWithTemplate();
    for (const [source, csv, message] of [
      [`template:${code}`, "full_name\nAna\n", 'the column "email" is missing'],
      [`template:${code}`, 'email,full_name\n"a@example.com,A\n', "never closed"],
      ["", CSV, "choose a template or a workflow"],
      ["template:nope", CSV, 'no template "nope"'],
    ] as const) {
      const r = await upload(b, source, csv);
      expect(r.status, r.text).toBe(422);
      expect((await texts(r.text, "[role=alert]")).join(" ")).toContain(message);
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM bulk_sends WHERE tenant_id = ?").bind(t).first<{ n: number }>())!.n).toBe(0);
  });

  it("another account's bulk send is a 404; a viewer sees the list but may not send", async () => {
    const { b, code } = await ownerWithTemplate();
    const r = await upload(b, `template:${code}`, "email,full_name,values.company,values.name\nana@example.com,Ana,Acme,Ana\n");
    const id = /(bs_[a-z0-9]+)/.exec(r.location ?? "")![1]!;
    await finish(id);
    const other = await sessionFor(await makeMember(await makeAccount(), "owner"));
    expect((await other.get(`/app/bulk-sends/${id}`)).status).toBe(404);
    expect((await other.get(`/app/bulk-sends/${id}/progress`)).status).toBe(404);
    const viewer = await sessionFor(await makeMember(await makeAccount(), "viewer"));
    const list = await viewer.get("/app/bulk-sends");
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('href="/app/bulk-sends/new"');
    expect((await viewer.get("/app/bulk-sends/new")).status).toBe(403);
  });
});
