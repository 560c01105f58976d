import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant, type Tenant } from "./helpers";
import { publishedTemplate } from "./signing-helpers";
import { page, select } from "./pages-helpers";

const VALUES = { company: "Acme", name: "Ada" };
const PEOPLE = [
  { email: "ana@example.com", full_name: "Ana Ruiz", role: "employee" },
  { email: "boss@example.com", full_name: "Bo Boss", role: "approver" },
];

/** Two documents: the first asks its first signer for a title, the second for a start date. */
async function envelope(t: Tenant) {
  const a = await publishedTemplate(t.key, { fields: [{ key: "title_held", label: "Your title", kind: "text", required: true, signer: 1 }] });
  const b = await publishedTemplate(t.key, { name: "Start terms", fields: [{ key: "start", label: "Start date", kind: "date", required: true, signer: 1 }] });
  const documents = [a, b].map((x) => ({ template_code: x.code, values: VALUES }));
  const r = await api("POST", "/v1/envelopes", { key: t.key, body: { title: "Onboarding", documents, signers: PEOPLE, notify: false, sequential: true } });
  expect(r.status, r.text).toBe(200);
  return r.json as { envelope_id: string; documents: { document_id: string }[]; links: { token: string }[] };
}

const actions = async (html: string) => (await select(html, "form")).map((f) => f.attrs.action);
const signerStatuses = async (email: string, docs: { document_id: string }[]) => {
  const out: string[] = [];
  for (const d of docs)
    out.push(
      (await env.DB.prepare("SELECT status FROM signers WHERE document_id = ? AND email = ?").bind(d.document_id, email).first<{ status: string }>())!.status,
    );
  return out;
};

describe("the signer's page for an envelope's link (no JavaScript)", () => {
  it("shows every document, consents once, takes each document's answers in turn, then one signature signs both", async () => {
    const t = await makeTenant();
    const e = await envelope(t);
    const token = e.links[0]!.token;
    const base = `/s/${token}`;

    const first = await page("GET", `${base}?lang=en`);
    expect(first.status).toBe(200);
    expect(first.text).toContain("Onboarding");
    expect(first.text).toContain("Document 1 of 2");
    expect(first.text).toContain("Start terms");
    expect(first.text).toContain("Your consent covers every document of this envelope.");
    expect(await actions(first.text)).toEqual([`${base}/consent`, `${base}/decline`]);

    const consented = await page("POST", `${base}/consent`, { form: { lang: "en" } });
    expect(consented.status).toBe(303);
    // The first document's answers come first; no signature yet.
    const answers1 = await page("GET", consented.headers.get("location")!);
    expect(await actions(answers1.text)).toEqual([`${base}/answers`, `${base}/decline`]);
    expect(answers1.text).toContain("Your title");

    // A missing answer is shown in place.
    const blank = await page("POST", `${base}/answers`, { form: { lang: "en", doc: "0", "field.title_held": "" } });
    expect(blank.status).toBe(422);

    const saved = await page("POST", `${base}/answers`, { form: { lang: "en", doc: "0", "field.title_held": "Engineer" } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toContain("doc=1#answers");
    const answers2 = await page("GET", saved.headers.get("location")!);
    expect(answers2.text).toContain("Start date");
    const bad = await page("POST", `${base}/answers`, { form: { lang: "en", doc: "1", "field.start": "not a date" } });
    expect(bad.status).toBe(422);
    const saved2 = await page("POST", `${base}/answers`, { form: { lang: "en", doc: "1", "field.start": "2027-01-04" } });
    expect(saved2.status).toBe(303);
    expect(saved2.headers.get("location")).toMatch(/#sign$/);

    const ready = await page("GET", `${base}?lang=en`);
    expect(await actions(ready.text)).toEqual([`${base}/sign`, `${base}/decline`]);
    expect(ready.text).toContain("Your one signature signs every document of this envelope.");
    // Each answered document says so and offers to change its answers.
    expect(ready.text.match(/✓ answers saved · <a href="[^"]*doc=\d#answers">Change<\/a>/g)?.length).toBe(2);
    // Ana is first in order: the approver after her waits.
    const boss = await page("GET", `/s/${e.links[1]!.token}?lang=en`);
    expect(await actions(boss.text)).toEqual([`/s/${e.links[1]!.token}/decline`]);
    expect(boss.text).toContain("These documents are signed in order. Ana Ruiz comes before you.");

    const empty = await page("POST", `${base}/sign`, { form: { lang: "en", method: "typed", typed_name: "" } });
    expect(empty.status).toBe(422);
    expect(await signerStatuses("ana@example.com", e.documents)).toEqual(["pending", "pending"]);
    const signed = await page("POST", `${base}/sign`, { form: { lang: "en", method: "typed", typed_name: "Ana Ruiz" } });
    expect(signed.status).toBe(303);
    expect(await signerStatuses("ana@example.com", e.documents)).toEqual(["signed", "signed"]);
    const after = await page("GET", signed.headers.get("location")!);
    expect(after.text).toContain("You signed");
    // The envelope's words speak of its documents, not of one document.
    expect(after.text).toContain("You signed these documents");

    // The approver now approves every document from their page; the envelope completes.
    expect((await page("GET", `/s/${e.links[1]!.token}?lang=en`)).text).toContain("Read the documents above. Approving lets them go on");
    const approved = await page("POST", `/s/${e.links[1]!.token}/approve`, { form: { lang: "en", note: "Fine." } });
    expect(approved.status).toBe(303);
    expect((await api("GET", `/v1/envelopes/${e.envelope_id}`, { key: t.key })).json.status).toBe("completed");
    const done = await page("GET", `${base}?lang=en`);
    expect(done.text).toContain("Everyone has signed");
  });

  it("a decline from the page declines every document and the link then reads as dead", async () => {
    const t = await makeTenant();
    const e = await envelope(t);
    const base = `/s/${e.links[0]!.token}`;
    const empty = await page("POST", `${base}/decline`, { form: { lang: "en", reason: "" } });
    expect(empty.status).toBe(422);
    const r = await page("POST", `${base}/decline`, { form: { lang: "en", reason: "Wrong start date." } });
    expect(r.status).toBe(200);
    expect((await api("GET", `/v1/envelopes/${e.envelope_id}`, { key: t.key })).json.documents.map((d: { status: string }) => d.status)).toEqual([
      "declined",
      "declined",
    ]);
    expect((await page("GET", `${base}?lang=en`)).status).toBe(404);
    // A document's link has no answers step of its own.
    expect((await page("POST", `/s/${"cd".repeat(32)}/answers`, { form: { lang: "en" } })).status).toBe(404);
  });
});
