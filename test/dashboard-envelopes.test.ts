/**
 * The dashboard's envelopes: the send form builds an envelope of templates with their values and
 * the people of a document's send form, through `createEnvelope` (the API's function); refusals
 * are shown beside the part they name and make nothing; "Add a document" keeps what was typed; a
 * double submit answers the first envelope; the envelope's page shows its documents and people and
 * voids it all; another account's envelope is a 404 and a viewer member is refused.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueKey } from "../src/domain/accounts";
import { api } from "./helpers";
import { publishedTemplate } from "./signing-helpers";
import { makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { select, unescapeHtml } from "./pages-helpers";

async function ownerWithKey() {
  const t = await makeAccount();
  const { key } = await issueKey(env, t, { label: "k", mode: "live", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
  const b = await sessionFor(await makeMember(t, "owner"));
  expect((await b.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
  const nda = (await publishedTemplate(key)).code;
  const letter = (await publishedTemplate(key, { name: "Offer letter", body: "Offer to {{person}}.", variables: ["person"] })).code;
  return { t, key, b, nda, letter };
}

const texts = async (html: string, sel: string) => (await select(html, sel)).map((e) => unescapeHtml(e.text.replace(/\s+/g, " ").trim()));
const ATTEMPT = "0123456789abcdef0123456789abcdef";

/** The form as a member fills it: two documents with their values, two people who sign and a cc. */
const filled = (nda: string, letter: string, attempt = ATTEMPT) => ({
  attempt,
  title: "Onboarding pack",
  documents: "2",
  "documents.0.template_code": nda,
  "documents.0.values.company": "Acme",
  "documents.0.values.name": "Ada",
  "documents.1.template_code": letter,
  "documents.1.values.person": "Ada Lovelace",
  rows: "3",
  "signer.0.full_name": "Ada Lovelace",
  "signer.0.email": "ada@example.com",
  "signer.0.role": "signer",
  "signer.1.full_name": "Bob Boss",
  "signer.1.email": "bob@example.com",
  "signer.1.role": "signer",
  "signer.2.full_name": "Cora Copy",
  "signer.2.email": "cora@example.com",
  "signer.2.role": "cc",
  sequential: "true",
});

type Envelope = {
  envelope_id: string;
  title: string;
  status: string;
  documents: { document_id: string; status: string }[];
  signers: { role: string; email: string }[];
};
const documentsMade = async (key: string) => ((await api("GET", "/v1/documents", { key })).json.documents as { document_id: string }[]).length;

describe("the envelope send form", () => {
  it("is offered beside 'Send a document' and asks each chosen template's values, with roles but no groups or delegation", async () => {
    const { b, nda } = await ownerWithKey();
    const list = await b.get("/app/documents");
    expect((await select(list.text, 'a[href="/app/envelopes/new"]')).length).toBe(1);
    const form = await b.get("/app/envelopes/new");
    expect(form.status).toBe(200);
    expect(await select(form.text, 'select[name^="documents."]')).toHaveLength(2);
    expect(await select(form.text, "select#s0-role")).toHaveLength(1);
    expect(await select(form.text, 'input[name="allow_delegation"]')).toHaveLength(0);
    expect(await select(form.text, 'button[name="add_group"]')).toHaveLength(0);
    expect(unescapeHtml(form.text)).toContain("not available in an envelope");
    // "Show the values to fill in" after choosing a template: its variables as inputs.
    const shown = await b.submit("/app/envelopes", { documents: "2", "documents.0.template_code": nda, show_values: "1" }, "/app/envelopes/new");
    expect(shown.status).toBe(200);
    expect((await select(shown.text, 'input[name^="documents.0.values."]')).map((i) => i.attrs.name)).toEqual([
      "documents.0.values.company",
      "documents.0.values.name",
    ]);
  });

  it("sends two templates to two people and a cc, redirects to the envelope, lists it, and a double submit answers the same envelope", async () => {
    const { key, b, nda, letter } = await ownerWithKey();
    const sent = await b.submit("/app/envelopes", filled(nda, letter), "/app/envelopes/new");
    expect(sent.status, sent.text.slice(0, 2000)).toBe(303);
    const id = /^\/app\/envelopes\/(env_[a-z0-9]+)\?done=sent$/.exec(sent.location ?? "")![1]!;
    const e = (await api("GET", `/v1/envelopes/${id}`, { key })).json as Envelope;
    expect(e.title).toBe("Onboarding pack");
    expect(e.status).toBe("sent");
    expect(e.documents.map((d) => d.status)).toEqual(["sent", "sent"]);
    expect(e.signers.map((s) => [s.email, s.role])).toEqual([
      ["ada@example.com", "signer"],
      ["bob@example.com", "signer"],
      ["cora@example.com", "cc"],
    ]);
    for (const d of e.documents) {
      const doc = (await api("GET", `/v1/documents/${d.document_id}`, { key })).json as { envelope_id: string; sequential: boolean };
      expect(doc.envelope_id).toBe(id);
      expect(doc.sequential).toBe(true);
    }
    // The same form posted again (a double click): the first envelope, nothing more made.
    const again = await b.submit("/app/envelopes", filled(nda, letter), "/app/envelopes/new");
    expect(again.location).toBe(sent.location);
    expect(await documentsMade(key)).toBe(2);
    // Two at once (a double click on a fresh form): one envelope; the other answer is the same envelope or says the first is still running.
    const form = filled(nda, letter, "11111111111111112222222222222222");
    const both = await Promise.all([b.submit("/app/envelopes", form, "/app/envelopes/new"), b.submit("/app/envelopes", form, "/app/envelopes/new")]);
    expect(await documentsMade(key)).toBe(4);
    const landed = both.filter((r) => r.status === 303).map((r) => r.location);
    expect(landed.length).toBeGreaterThan(0);
    expect(new Set(landed).size).toBe(1);
    for (const r of both.filter((x) => x.status !== 303)) {
      expect(r.status).toBe(409);
      expect(unescapeHtml(r.text)).toContain("still running");
    }
    // The envelope's page: its documents (linked, with their status) and its people.
    const shown = await b.get(sent.location!);
    expect(shown.status).toBe(200);
    expect(unescapeHtml(shown.text)).toContain("Envelope sent.");
    const links = (await select(shown.text, 'section[aria-label="Documents"] a')).map((a) => a.attrs.href);
    expect(links).toEqual(e.documents.map((d) => `/app/documents/${d.document_id}`));
    expect(await texts(shown.text, 'section[aria-label="Documents"] td:nth-child(3)')).toEqual(["Sent", "Sent"]);
    expect(await texts(shown.text, 'section[aria-label="People"] td:nth-child(2)')).toEqual(["ada@example.com", "bob@example.com", "cora@example.com"]);
    expect(await texts(shown.text, 'section[aria-label="People"] td:nth-child(3)')).toEqual(["Signer", "Signer", "Copy (cc)"]);
    // The list of envelopes, linked from the documents page.
    expect((await select((await b.get("/app/documents")).text, 'a[href="/app/envelopes"]')).length).toBe(1);
    const listed = await b.get("/app/envelopes");
    expect(await texts(listed.text, 'section[aria-label="Envelopes"] td:nth-child(1)')).toEqual(["Onboarding pack", "Onboarding pack"]);
    expect(await texts(listed.text, 'section[aria-label="Envelopes"] td:nth-child(2)')).toEqual(["Sent", "Sent"]);
    expect(await texts(listed.text, 'section[aria-label="Envelopes"] td:nth-child(3)')).toEqual(["2", "2"]);
    expect(await select(listed.text, `section[aria-label="Envelopes"] a[href="/app/envelopes/${id}"]`)).toHaveLength(1);
    // A document of the envelope links back to it, and offers no void of its own.
    const doc = await b.get(links[0]!);
    expect((await select(doc.text, `a[href="/app/envelopes/${id}"]`)).length).toBe(1);
    expect(await select(doc.text, 'form[action$="/void"]')).toHaveLength(0);
  });

  it("refuses one document alone and a missing value beside the part named, keeping what was typed and making nothing", async () => {
    const { key, b, nda, letter } = await ownerWithKey();
    const one = await b.submit("/app/envelopes", { ...filled(nda, letter), "documents.1.template_code": "" }, "/app/envelopes/new");
    expect(one.status).toBe(422);
    expect(unescapeHtml((await texts(one.text, "#e-documents-problem"))[0] ?? "")).toMatch(/^documents: /);
    expect((await select(one.text, "input#e-title"))[0]!.attrs.value).toBe("Onboarding pack");
    expect((await select(one.text, "input#s1-email"))[0]!.attrs.value).toBe("bob@example.com");

    const missing = await b.submit("/app/envelopes", { ...filled(nda, letter), "documents.1.values.person": "" }, "/app/envelopes/new");
    expect(missing.status).toBe(422);
    expect((await texts(missing.text, "#e1-problem"))[0]).toContain("documents.1.values: every declared variable needs a value; missing: person.");
    expect((await select(missing.text, "select#e1-template"))[0]!.attrs["aria-invalid"]).toBe("true");
    expect((await select(missing.text, "input#e0-var-company"))[0]!.attrs.value).toBe("Acme");
    expect((await select(missing.text, 'input[name="attempt"]'))[0]!.attrs.value).toBe(ATTEMPT);
    expect(await documentsMade(key)).toBe(0);
  });

  it("adds a document with the 'Add a document' button, keeping what was typed", async () => {
    const { key, b, nda, letter } = await ownerWithKey();
    const more = await b.submit("/app/envelopes", { ...filled(nda, letter), add_document: "1" }, "/app/envelopes/new");
    expect(more.status).toBe(200);
    expect(await select(more.text, 'select[name^="documents."]')).toHaveLength(3);
    expect((await select(more.text, "select#e2-template"))[0]!.attrs).toHaveProperty("autofocus");
    expect((await select(more.text, "select#e1-template option[selected]"))[0]!.attrs.value).toBe(letter);
    expect((await select(more.text, "input#e1-var-person"))[0]!.attrs.value).toBe("Ada Lovelace");
    expect((await select(more.text, "select#s2-role option[selected]"))[0]!.attrs.value).toBe("cc");
    expect((await select(more.text, "input#sequential"))[0]!.attrs).toHaveProperty("checked");
    expect(await documentsMade(key)).toBe(0);
  });

  it("voids the envelope and every document from its page", async () => {
    const { key, b, nda, letter } = await ownerWithKey();
    const sent = await b.submit("/app/envelopes", filled(nda, letter, "fedcba9876543210fedcba9876543210"), "/app/envelopes/new");
    const path = sent.location!.split("?")[0]!;
    const voided = await b.submit(`${path}/void`, { reason: "Wrong people" }, path);
    expect(voided.status).toBe(303);
    expect(voided.location).toBe(`${path}?done=voided`);
    const e = (await api("GET", `/v1/envelopes/${path.split("/").pop()}`, { key })).json as Envelope;
    expect(e.status).toBe("voided");
    expect(e.documents.map((d) => d.status)).toEqual(["voided", "voided"]);
    const page = await b.get(voided.location!);
    expect(unescapeHtml(page.text)).toContain("Wrong people");
    expect(await select(page.text, `form[action="${path}/void"]`)).toHaveLength(0);
    // Voided already: the rule's refusal on the page.
    const twice = await b.submit(`${path}/void`, { reason: "Again" }, path);
    expect(twice.status).toBe(422);
    expect(unescapeHtml(twice.text)).toContain("This envelope is already voided.");
  });

  it("speaks Hebrew (right to left) and German with none of its English left, under 100 KB with the page headers", async () => {
    const { DASHBOARD_CATALOGUES } = await import("./catalogues");
    const { b } = await ownerWithKey();
    const english = Object.values(DASHBOARD_CATALOGUES.envelopes.en).filter((s) => s.length > 12 && !s.includes("{"));
    for (const lang of ["he", "de"] as const) {
      const r = await b.get(`/app/envelopes/new?lang=${lang}`);
      expect(r.status).toBe(200);
      expect(r.text).toContain(`<html lang="${lang}" dir="${lang === "he" ? "rtl" : "ltr"}">`);
      expect(unescapeHtml(r.text)).toContain(DASHBOARD_CATALOGUES.envelopes[lang].env_send);
      for (const e of english) expect(unescapeHtml(r.text), `${lang}: "${e}"`).not.toContain(e);
    }
    for (const path of ["/app/envelopes/new", "/app/envelopes"]) {
      const r = await b.get(path);
      expect(r.text.length, path).toBeLessThan(100 * 1024);
      expect(r.headers.get("content-security-policy"), path).toMatch(/default-src 'none'; script-src 'nonce-[^']+'; style-src 'nonce-/);
      expect(r.headers.get("cache-control"), path).toBe("no-store");
      expect(r.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("answers 404 for another account's envelope, and refuses a viewer member as the document form does", async () => {
    const { t, b, nda, letter } = await ownerWithKey();
    const sent = await b.submit("/app/envelopes", filled(nda, letter, "aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb"), "/app/envelopes/new");
    const path = sent.location!.split("?")[0]!;
    const other = await sessionFor(await makeMember(await makeAccount(), "owner"));
    expect((await other.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
    expect((await other.get(path)).status).toBe(404);
    expect(await select((await other.get("/app/envelopes")).text, `a[href="${path}"]`)).toHaveLength(0);
    expect((await other.submit(`${path}/void`, { reason: "Not mine" })).status).toBe(404);

    const viewer = await sessionFor(await makeMember(t, "viewer"));
    for (const res of [
      await viewer.get("/app/documents/new"),
      await viewer.get("/app/envelopes/new"),
      await viewer.submit("/app/envelopes", filled(nda, letter)),
    ]) {
      expect(res.status).toBe(403);
      expect(res.text).toContain("Your role (viewer) may not do this.");
    }
    expect((await select((await viewer.get("/app/documents")).text, 'a[href="/app/envelopes/new"]')).length).toBe(0);
  });
});
