import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { consentAndSign, sentDocument } from "./signing-helpers";
import { insertDocument } from "./evidence-fixtures";
import { certificateRow } from "../src/domain/certificates";
import { DEFAULT_CONSENT_TEXT } from "../src/domain/wording";
import { canonicalJson } from "../src/lib/canonical-json";
import { sha256Hex } from "../src/lib/crypto";

const CUSTOM = "Wir vereinbaren die elektronische Unterschrift. Sie können jederzeit eine Papierkopie verlangen.";

async function completedWith(tpl: Record<string, unknown>) {
  const t = await makeTenant();
  const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }], tpl });
  await consentAndSign(links[0]!.token, "Ada Lovelace");
  const cert = (await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json;
  return { t, id, cert };
}

describe("the consent wording in the certificate", () => {
  it("records a template's own consent text as consent/custom-<12 hex> with the text's SHA-256", async () => {
    const { cert } = await completedWith({ consent_text: CUSTOM });
    const h = await sha256Hex(CUSTOM);
    expect(cert.payload.document.consent).toEqual({ version: `consent/custom-${h.slice(0, 12)}`, text_sha256: h });
    expect(cert.still_matches_record).toBe(true);
    expect(cert.certificate_sha256_hex).toBe(await sha256Hex(canonicalJson(cert.payload)));
  });

  it("records the service's wording as consent/1 with the SHA-256 of its English text, also when a template repeats it", async () => {
    const expected = { version: "consent/1", text_sha256: await sha256Hex(DEFAULT_CONSENT_TEXT) };
    expect((await completedWith({})).cert.payload.document.consent).toEqual(expected);
    expect((await completedWith({ consent_text: DEFAULT_CONSENT_TEXT })).cert.payload.document.consent).toEqual(expected);
  });

  it("notices a consent text changed behind the certificate", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    await env.DB.prepare("UPDATE documents SET consent_text = 'Something else entirely.' WHERE id = ?").bind(f.documentId).run();
    const c = (await api("GET", `/v1/documents/${f.documentId}/certificate`, { key: t.key })).json;
    expect(c.still_matches_record).toBe(false);
    expect(c.divergence).toBe("The record differs from the certificate at: document.consent.text_sha256; document.consent.version.");
  });

  it("a certificate issued before the field existed still matches its record", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const cert = (await certificateRow(env, f.documentId))!;
    const old = JSON.parse(cert.payload);
    delete old.document.consent;
    delete old.test;
    const text = canonicalJson(old);
    await env.DB.prepare("UPDATE certificates SET payload = ?, certificate_sha256 = ? WHERE id = ?")
      .bind(text, await sha256Hex(text), cert.id)
      .run();
    const c = (await api("GET", `/v1/documents/${f.documentId}/certificate`, { key: t.key })).json;
    expect(c).toMatchObject({ still_matches_record: true, divergence: null });
    expect(c.payload.document.consent).toBeUndefined();
  });
});
