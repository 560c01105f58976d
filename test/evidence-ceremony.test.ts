import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { consentAndSign, sentDocument } from "./signing-helpers";
import { fromB64 } from "./evidence-pdf-helpers";
import { sha256Hex } from "../src/lib/crypto";

describe("evidence after a real signing ceremony", () => {
  it("the sequencer issues the certificate at completion; it verifies, seals and bundles", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, {
      signers: [
        { email: "ada@example.com", full_name: "Ada Lovelace" },
        { email: "ekaterina@example.ru", full_name: "Екатерина Смирнова" },
      ],
    });
    const before = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(before.status).toBe(422);
    await consentAndSign(links[0]!.token, "Ada Lovelace");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM certificates WHERE document_id = ?").bind(id).first("n")).toBe(0);
    await consentAndSign(links[1]!.token, "Екатерина Смирнова");
    // Issued inside the sequencer, before the signing call answered.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM certificates WHERE document_id = ?").bind(id).first("n")).toBe(1);

    const doc = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    const cert = (await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json;
    expect(cert.still_matches_record).toBe(true);
    expect(cert.document_sha256_hex).toBe(doc.body_sha256);
    expect(cert.payload.document).toMatchObject({ id, title: doc.title, sha256: doc.body_sha256, completed_at: doc.completed_at });
    expect(
      cert.payload.signers.map((s: { full_name: string; status: string; signature: { method: string } }) => [s.full_name, s.status, s.signature.method]),
    ).toEqual([
      ["Ada Lovelace", "signed", "typed"],
      ["Екатерина Смирнова", "signed", "typed"],
    ]);
    expect(cert.payload.events.map((e: { kind: string }) => e.kind)).toEqual(doc.events.map((e: { kind: string }) => e.kind));
    expect(cert.payload.events.at(-1).kind).toBe("completed");

    const pdf = await api("GET", `/v1/documents/${id}/pdf`, { key: t.key });
    expect(pdf.status).toBe(200);
    const bundle = await api("GET", `/v1/documents/${id}/bundle`, { key: t.key });
    expect(bundle.status).toBe(200);
    const v = await api("GET", `/v1/verify/${cert.verification_code}?sha256=${await sha256Hex(fromB64(pdf.json.bytes_base64))}`, { ip: "192.0.2.77" });
    expect(v.json).toMatchObject({ found: true, document_matches: true, still_matches_record: true, signer_count: 2 });
    expect(v.json.signers.map((s: { full_name: string }) => s.full_name)).toEqual(["Ada Lovelace", "Екатерина Смирнова"]);
  });
});
