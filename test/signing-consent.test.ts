import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { page } from "./pages-helpers";
import { people, sentDocument } from "./signing-helpers";
import { sha256Hex } from "../src/lib/crypto";
import { DEFAULT_CONSENT_TEXT, legalWording } from "../src/domain/wording";
import { CATALOGUES } from "./catalogues";
import { LANGUAGES } from "../src/domain/vocabulary";

async function consentRecord(documentId: string, signerId: string) {
  const signer = await env.DB.prepare("SELECT consent_version FROM signers WHERE id = ?").bind(signerId).first<{ consent_version: string }>();
  const event = await env.DB.prepare("SELECT detail FROM events WHERE document_id = ? AND kind = 'consented' AND signer_id = ?")
    .bind(documentId, signerId)
    .first<{ detail: string }>();
  return { row: signer!.consent_version, trail: event!.detail };
}

describe("the consent version names the wording shown", () => {
  it("a template's own consent text is recorded as consent/custom-<12 hex of its SHA-256> in the read, the signer row and the trail", async () => {
    const t = await makeTenant();
    const wording = "Wir unterschreiben elektronisch. We sign electronically.";
    const label = `consent/custom-${(await sha256Hex(wording)).slice(0, 12)}`;
    const { id, links } = await sentDocument(t.key, { tpl: { consent_text: wording } });
    const read = await api("GET", `/v1/sign/${links[0]!.token}`);
    expect(read.json).toMatchObject({ consent_text: wording, consent_version: label });
    expect((await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: { captured: { at: new Date().toISOString() } } })).status).toBe(200);
    const r0 = await consentRecord(id, links[0]!.signer_id);
    expect(r0.row).toBe(label);
    expect(r0.trail.startsWith(`${label}; captured offline`)).toBe(true);
    // The page's consent step names the same version, and its form records it.
    expect((await page("GET", `/s/${links[1]!.token}`)).text).toContain(label);
    const p = await page("POST", `/s/${links[1]!.token}/consent`, { form: { lang: "en" } });
    expect(p.status).toBe(303);
    expect(await consentRecord(id, links[1]!.signer_id)).toEqual({ row: label, trail: label });
  });

  it("the service's own wording stays consent/1, also when a template repeats it word for word", async () => {
    const t = await makeTenant();
    for (const tpl of [{}, { consent_text: DEFAULT_CONSENT_TEXT }]) {
      const { id, links } = await sentDocument(t.key, { tpl });
      expect((await api("GET", `/v1/sign/${links[0]!.token}`)).json.consent_version).toBe("consent/1");
      expect((await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {} })).status).toBe(200);
      expect(await consentRecord(id, links[0]!.signer_id)).toEqual({ row: "consent/1", trail: "consent/1" });
    }
  });

  it("a translation read is recorded with its language and the SHA-256 of its words; the label stays consent/1; a template's own words ignore the language", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(3) });
    // The API: the caller says which translation it showed (matched as BCP 47).
    expect((await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: { lang: "de-AT" } })).status).toBe(200);
    expect(await consentRecord(id, links[0]!.signer_id)).toEqual({
      row: "consent/1",
      trail: `consent/1; de; text SHA-256 ${await sha256Hex(CATALOGUES.de.consent.consent)}`,
    });
    // The page: the language it was shown in.
    expect((await page("POST", `/s/${links[1]!.token}/consent`, { form: { lang: "ar" } })).status).toBe(303);
    expect((await consentRecord(id, links[1]!.signer_id)).trail).toBe(`consent/1; ar; text SHA-256 ${await sha256Hex(CATALOGUES.ar.consent.consent)}`);
    // A language outside the list is refused and records nothing.
    const bad = await api("POST", `/v1/sign/${links[2]!.token}/consent`, { body: { lang: "xx" } });
    expect(bad.status).toBe(422);
    const none = await env.DB.prepare("SELECT consented_at FROM signers WHERE id = ?").bind(links[2]!.signer_id).first<{ consented_at: string | null }>();
    expect(none!.consented_at).toBeNull();
    const own = await sentDocument(t.key, { tpl: { consent_text: "Our own words." } });
    expect((await api("POST", `/v1/sign/${own.links[0]!.token}/consent`, { body: { lang: "fr" } })).status).toBe(200);
    expect((await consentRecord(own.id, own.links[0]!.signer_id)).trail).toBe(`consent/custom-${(await sha256Hex("Our own words.")).slice(0, 12)}`);
  });
});

describe("the legal wording listed for review (scripts/legal-wording.mjs)", () => {
  it("lists every language's consent, intent and STOP-carrying texts with the SHA-256 a trail records", async () => {
    const rows = await legalWording(env.ASSETS);
    for (const lang of LANGUAGES) {
      const consent = rows.find((w) => w.lang === lang && w.text === "consent")!;
      expect(consent).toEqual({
        lang,
        text: "consent",
        purpose: null,
        version: "consent/1",
        words: CATALOGUES[lang].consent.consent,
        sha256: await sha256Hex(CATALOGUES[lang].consent.consent),
      });
      expect(rows.find((w) => w.lang === lang && w.text === "intent")).toMatchObject({ version: "intent/1", words: CATALOGUES[lang].consent.intent });
      const sms = rows.filter((w) => w.lang === lang && w.text === "sms");
      expect(sms.map((w) => w.purpose)).toContain("signing.link");
      for (const w of sms) expect(w.version).toBeNull();
    }
    // The hash the page's consent records for a translation is the one listed.
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key);
    await page("POST", `/s/${links[0]!.token}/consent`, { form: { lang: "es" } });
    const listed = rows.find((w) => w.lang === "es" && w.text === "consent")!.sha256;
    expect((await consentRecord(id, links[0]!.signer_id)).trail).toBe(`consent/1; es; text SHA-256 ${listed}`);
  });
});
