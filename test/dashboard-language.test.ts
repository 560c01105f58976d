/** The dashboard's language: Accept-Language, the switcher (remembered in a cookie), right to left for Arabic and Hebrew. */
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../src/domain/vocabulary";
import { dashTranslator, placeholdersOf } from "../src/i18n";
import { DASHBOARD_CATALOGUES } from "./catalogues";
import { Browser, makeAccount, signedIn } from "./dashboard-helpers";
import { select } from "./pages-helpers";

const placeholders = placeholdersOf;

describe("the dashboard's catalogue", () => {
  it("every area has every key in every language, with the same placeholders, and no key is in two areas", () => {
    const seen = new Map<string, string>();
    for (const [area, cat] of Object.entries(DASHBOARD_CATALOGUES) as [string, Record<string, Record<string, string>>][]) {
      expect(Object.keys(cat).sort(), area).toEqual([...LANGUAGES].sort());
      const keys = Object.keys(cat.en!);
      for (const k of keys) {
        expect(seen.get(k), `${k} in ${area} and ${seen.get(k)}`).toBeUndefined();
        seen.set(k, area);
      }
      for (const lang of LANGUAGES) {
        expect(Object.keys(cat[lang]!).sort(), `${area}.${lang}`).toEqual([...keys].sort());
        for (const k of keys) {
          const text = cat[lang]![k]!;
          expect(text.trim().length, `${area}.${lang}.${k}`).toBeGreaterThan(0);
          expect(placeholders(text), `${area}.${lang}.${k}`).toEqual(placeholders(cat.en![k]!));
        }
      }
    }
  });

  it("dates are the language's, in UTC, marked UTC; numbers are grouped the language's way", () => {
    const iso = "2026-11-23T14:05:09.000Z";
    expect(dashTranslator("en").when(iso)).toBe("Nov 23, 2026, 2:05 PM UTC");
    expect(dashTranslator("de").when(iso)).toBe("23.11.2026, 14:05 UTC");
    expect(dashTranslator("fr").when(null)).toBe("—");
    expect(dashTranslator("de").num(12345)).toBe("12.345");
    expect(dashTranslator("ar").dir).toBe("rtl");
    expect(dashTranslator("it").dir).toBe("ltr");
  });
});

describe("choosing the dashboard's language", () => {
  it("follows Accept-Language before sign-in, right to left in Arabic", async () => {
    const b = new Browser();
    const r = await b.fetch("GET", "/app/sign-in", undefined, { "accept-language": "ar-EG, en;q=0.5" });
    expect(r.status).toBe(200);
    expect(r.text).toContain('<html lang="ar" dir="rtl">');
    expect(r.text).toContain("تسجيل الدخول إلى لوحة التحكم");
    const plain = await new Browser().get("/app/sign-in");
    expect(plain.text).toContain('<html lang="en" dir="ltr">');
    expect(plain.text).toContain("Sign in to the dashboard");
  });

  it("the switcher remembers the choice and comes back to the same page; a foreign back address is not followed", async () => {
    const t = await makeAccount();
    const { b } = await signedIn(t, "admin");
    const page = await b.fetch("GET", "/app/documents?status=completed", undefined, { "accept-language": "fr" });
    expect(page.text).toContain('<html lang="fr" dir="ltr">');
    const links = await select(page.text, 'a[hreflang="he"]');
    expect(links).toHaveLength(1);
    const href = links[0]!.attrs.href!;
    expect(href).toBe(`/app/language?to=he&back=${encodeURIComponent("/app/documents?status=completed")}`);
    const sw = await b.get(href.replaceAll("&amp;", "&"));
    expect(sw.status).toBe(303);
    expect(sw.location).toBe("/app/documents?status=completed");
    expect(sw.headers.getSetCookie().find((c) => c.startsWith("__Host-es_lang=he"))).toMatch(/Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    // The cookie wins over Accept-Language from now on.
    const after = await b.fetch("GET", "/app/documents", undefined, { "accept-language": "fr" });
    expect(after.text).toContain('<html lang="he" dir="rtl">');
    expect(after.text).toContain("מסמכים");
    // ?lang= on a page speaks it and is remembered too.
    const de = await b.get("/app/documents?lang=de");
    expect(de.text).toContain('<html lang="de" dir="ltr">');
    expect((await b.get("/app/documents")).text).toContain('<html lang="de" dir="ltr">');
    for (const back of ["https://evil.example/app", "//evil.example/app", "/oauth/../x", "/app//x"]) {
      const r = await b.get(`/app/language?to=it&back=${encodeURIComponent(back)}`);
      expect(r.status).toBe(303);
      expect(r.location, back).toBe("/app/documents");
    }
    // An unknown language changes nothing.
    await b.get("/app/language?to=xx&back=/app/documents");
    expect((await b.get("/app/documents")).text).toContain('<html lang="it" dir="ltr">');
  });
});

describe("the documents pages in every language", () => {
  it("the list and a document speak Arabic (right to left) and German; no English of their catalogue is left", async () => {
    const { env } = await import("cloudflare:workers");
    const { issueKey } = await import("../src/domain/accounts");
    const { sentDocument } = await import("./signing-helpers");
    const { DASHBOARD_CATALOGUES } = await import("./catalogues");
    const t = await makeAccount();
    const { key } = await issueKey(env, t, { label: "k", mode: "test", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
    const doc = await sentDocument(key, { signers: [{ email: "ana@example.com", full_name: "Ana Ruiz" }], doc: { title: "Boat lease" } });
    const { b } = await signedIn(t, "owner");
    const english = Object.values(DASHBOARD_CATALOGUES.documents.en).filter((s) => s.length > 12 && !s.includes("{"));
    for (const lang of ["ar", "de"] as const) {
      const cat = DASHBOARD_CATALOGUES.documents[lang];
      const list = await b.get(`/app/documents?lang=${lang}`);
      expect(list.text).toContain(`<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">`);
      expect(list.text).toContain(cat.doc_q);
      expect(list.text).toContain(`<title>${DASHBOARD_CATALOGUES.frame[lang].nav_documents} ·`);
      expect(list.text).toContain("Boat lease");
      const one = await b.get(`/app/documents/${doc.id}?lang=${lang}`);
      expect(one.status).toBe(200);
      for (const k of ["doc_fingerprint", "doc_unchanged", "doc_void_button", "doc_remind", "doc_no_events"] as const) {
        if (k === "doc_no_events") continue; // a sent document has a trail
        expect(one.text, `${lang} ${k}`).toContain(cat[k]);
      }
      for (const page of [list.text, one.text]) for (const e of english) expect(page, `${lang}: "${e}"`).not.toContain(e);
    }
  });

  it("a completed document speaks German: its status, signers and trail, and its verification code links to /verify", async () => {
    const { env } = await import("cloudflare:workers");
    const { issueKey } = await import("../src/domain/accounts");
    const { api } = await import("./helpers");
    const { consentAndSign, sentDocument } = await import("./signing-helpers");
    const { DASHBOARD_CATALOGUES } = await import("./catalogues");
    const de = DASHBOARD_CATALOGUES.documents.de;
    const t = await makeAccount();
    const { key } = await issueKey(env, t, { label: "k", mode: "test", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
    const doc = await sentDocument(key, { signers: [{ email: "ana@example.com", full_name: "Ana Ruiz" }], doc: { title: "Boat lease" } });
    await consentAndSign(doc.links[0]!.token);
    const code = (await api("GET", `/v1/documents/${doc.id}/certificate`, { key })).json.verification_code as string;
    expect(code).toBeTruthy();
    const { b } = await signedIn(t, "owner");
    const one = await b.get(`/app/documents/${doc.id}?lang=de`);
    expect(one.status).toBe(200);
    const bare = (s: string) => s.replace(/\s+/g, " ").trim();
    // The status in German, the raw value kept for styles and tests.
    const status = await select(one.text, "dd.status");
    expect(status.map((e) => [e.attrs["data-status"], bare(e.text)])).toEqual([["completed", de.doc_st_completed]]);
    expect(de.doc_st_completed).toBe("Abgeschlossen");
    // The signer's status and the trail's kinds (with the signature method) in German.
    const signers = await select(one.text, `section[aria-label="${de.doc_signers}"] tbody td span[data-status]`);
    expect(signers.map((e) => [e.attrs["data-status"], bare(e.text)])).toEqual([["signed", de.doc_signer_st_signed]]);
    const trail = (await select(one.text, `section[aria-label="${de.doc_trail}"] tbody tr td:nth-child(2) span[data-kind]`)).filter(
      (e) => e.attrs["data-kind"] !== "delivered",
    );
    expect(trail.map((e) => bare(e.text))).toEqual([
      de.doc_ev_created,
      de.doc_ev_sent,
      de.doc_ev_consented,
      `${de.doc_ev_signed} (${de.doc_method_typed})`,
      de.doc_ev_completed,
    ]);
    expect(trail.map((e) => bare(e.text))).toContain("Unterschrieben (eingetippter Name)");
    // The verification code, with a link to its public page.
    expect(one.text).toContain(de.doc_verification_code);
    expect(one.text).toContain(code);
    const verify = await select(one.text, `a[href="/verify/${encodeURIComponent(code)}"]`);
    expect(verify.map((e) => bare(e.text))).toEqual([de.doc_verify_link]);
    // The list shows the German status too, and the filter offers the statuses in German.
    const list = await b.get("/app/documents?lang=de");
    expect((await select(list.text, "tbody span.status")).map((e) => [e.attrs["data-status"], bare(e.text)])).toEqual([["completed", de.doc_st_completed]]);
    expect((await select(list.text, "select#f-status option")).map((e) => bare(e.text))).toContain(de.doc_st_voided);
  });
});

describe("the account pages in every language", () => {
  it("keys, members, usage and my sign-in speak Hebrew (right to left) and Italian; no English of their catalogue is left", async () => {
    const { DASHBOARD_CATALOGUES } = await import("./catalogues");
    const t = await makeAccount();
    const { b } = await signedIn(t, "owner");
    const english = Object.values(DASHBOARD_CATALOGUES.settings.en).filter((s) => s.length > 12 && !s.includes("{"));
    const pages = {
      "/app/keys": ["st_issue", "st_mode_test", "st_expires_on"],
      "/app/members": ["st_add_member", "st_add_hint", "st_password_or_link"],
      "/app/usage": ["st_sent_live", "st_plan"],
      "/app/account": ["st_password_hint", "st_everywhere_note", "st_everywhere"],
    } as const;
    for (const lang of ["he", "it"] as const) {
      const cat = DASHBOARD_CATALOGUES.settings[lang];
      for (const [path, keys] of Object.entries(pages)) {
        const r = await b.get(`${path}?lang=${lang}`);
        expect(r.status, path).toBe(200);
        expect(r.text).toContain(`<html lang="${lang}" dir="${lang === "he" ? "rtl" : "ltr"}">`);
        for (const k of keys) expect(r.text, `${lang} ${path} ${k}`).toContain(cat[k]);
        for (const e of english) expect(r.text, `${lang} ${path}: "${e}"`).not.toContain(e);
      }
    }
  });
});

describe("the webhooks pages in every language", () => {
  it("the endpoints list and an endpoint's page speak Portuguese and Arabic; no English of their catalogue is left", async () => {
    const { DASHBOARD_CATALOGUES } = await import("./catalogues");
    const t = await makeAccount();
    const { b } = await signedIn(t, "owner");
    const added = await b.submit("/app/webhooks", { url: "https://hooks.example.com/in", events: "*" }, "/app/webhooks");
    expect(added.status).toBe(200);
    const id = /href="\/app\/webhooks\/([^"/]+)"/.exec((await b.get("/app/webhooks")).text)?.[1];
    expect(id).toBeTruthy();
    const english = Object.values(DASHBOARD_CATALOGUES.webhooks.en).filter((s) => s.length > 12 && !s.includes("{"));
    for (const lang of ["pt", "ar"] as const) {
      const cat = DASHBOARD_CATALOGUES.webhooks[lang];
      const list = await b.get(`/app/webhooks?lang=${lang}`);
      const one = await b.get(`/app/webhooks/${id}?lang=${lang}`);
      expect(one.status).toBe(200);
      for (const k of ["wh_add", "wh_every", "wh_endpoints"] as const) expect(list.text, `${lang} ${k}`).toContain(cat[k]);
      for (const k of ["wh_ping", "wh_rotate", "wh_last50", "wh_no_deliveries"] as const) expect(one.text, `${lang} ${k}`).toContain(cat[k]);
      for (const page of [list.text, one.text]) for (const e of english) expect(page, `${lang}: "${e}"`).not.toContain(e);
    }
  });
});

describe("the templates page in every language", () => {
  it("speaks Spanish and Hebrew; no English of its catalogue is left", async () => {
    const { DASHBOARD_CATALOGUES } = await import("./catalogues");
    const t = await makeAccount();
    const { b } = await signedIn(t, "owner");
    const english = Object.values(DASHBOARD_CATALOGUES.templates.en).filter((s) => s.length > 12 && !s.includes("{"));
    for (const lang of ["es", "he"] as const) {
      const cat = DASHBOARD_CATALOGUES.templates[lang];
      const r = await b.get(`/app/templates?lang=${lang}`);
      expect(r.status).toBe(200);
      for (const k of ["tp_new", "tp_new_hint", "tp_code_hint", "tp_variables_hint", "tp_save"] as const) expect(r.text, `${lang} ${k}`).toContain(cat[k]);
      expect(r.text).toContain(cat.tp_text_hint);
      for (const e of english) expect(r.text, `${lang}: "${e}"`).not.toContain(e);
    }
  });
});

describe("sending from the dashboard in every language", () => {
  it("choosing a template, the form and the links shown once speak French", async () => {
    const { env } = await import("cloudflare:workers");
    const { issueKey } = await import("../src/domain/accounts");
    const { publishedTemplate } = await import("./signing-helpers");
    const { DASHBOARD_CATALOGUES } = await import("./catalogues");
    const fr = DASHBOARD_CATALOGUES.sending.fr;
    const t = await makeAccount();
    const { key } = await issueKey(env, t, { label: "k", mode: "test", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
    const { code } = await publishedTemplate(key);
    const { b } = await signedIn(t, "owner");
    expect((await b.get("/app/documents/new?lang=fr")).text).toContain(fr.sd_continue);
    const form = await b.get(`/app/documents/new?template=${code}`);
    expect(form.text).toContain(fr.sd_values);
    expect(form.text).toContain(fr.sd_sequential);
    const sent = await b.submit("/app/documents", {
      template_code: code,
      "value.company": "Acme",
      "value.name": "Ada",
      "signer.0.full_name": "Ada Lovelace",
      "signer.0.email": "ada@example.com",
    });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('<html lang="fr" dir="ltr">');
    expect(sent.text).toContain(fr.sd_links_once);
    expect(sent.text).toContain(`<title>${fr.sd_doc_sent} ·`);
    for (const e of Object.values(DASHBOARD_CATALOGUES.sending.en).filter((x) => x.length > 12 && !x.includes("{"))) expect(sent.text).not.toContain(e);
  });
});

describe("the workflows pages in every language", () => {
  it("the list and a public workflow with its QR code speak German and Arabic; no English of their catalogue is left", async () => {
    const { env } = await import("cloudflare:workers");
    const { issueKey } = await import("../src/domain/accounts");
    const { makeWorkflow } = await import("./workflow-helpers");
    const { DASHBOARD_CATALOGUES } = await import("./catalogues");
    const t = await makeAccount();
    const { key } = await issueKey(env, t, { label: "k", mode: "test", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
    const wf = await makeWorkflow(key, { public: true });
    const { b } = await signedIn(t, "owner");
    const english = Object.values(DASHBOARD_CATALOGUES.workflows.en).filter((s) => s.length > 12 && !s.includes("{"));
    for (const lang of ["de", "ar"] as const) {
      const cat = DASHBOARD_CATALOGUES.workflows[lang];
      const list = await b.get(`/app/workflows?lang=${lang}`);
      const one = await b.get(`/app/workflows/${wf.id}?lang=${lang}`);
      expect(one.status).toBe(200);
      expect(list.text).toContain(cat.wf_new);
      for (const k of ["wf_roles", "wf_expiry", "wf_qr_png", "wf_qr_svg", "wf_started_completed"] as const) expect(one.text, `${lang} ${k}`).toContain(cat[k]);
      for (const page of [list.text, one.text]) for (const e of english) expect(page, `${lang}: "${e}"`).not.toContain(e);
    }
  });
});
