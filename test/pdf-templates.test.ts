import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Principal } from "../src/env";
import { makeTenant } from "./helpers";
import { makeEncryptedPdf, makePdf, png } from "./pdf-template-fixtures";
import { fixedBody, pagePicture, pdfTemplateInfo, placeFields, putPagePicture, uploadPdfTemplate } from "../src/domain/pdf-templates";
import { publishTemplate } from "../src/domain/templates";
import { sha256Hex } from "../src/lib/crypto";
import { ApiError } from "../src/lib/errors";

async function principal(): Promise<Principal> {
  const t = await makeTenant();
  return { tenantId: t.tenantId, mode: "live", keyId: t.keyId, keyLabel: "test", scopes: [] };
}

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("PDF templates: the domain functions", () => {
  it("uploads, reads page boxes as shown (rotation, crop box), takes pictures, places fields, publishes", async () => {
    const p = await principal();
    const bytes = await makePdf([{}, { size: [612, 792], rotate: 90 }, { size: [600, 800], crop: [50, 100, 300, 400], rotate: 270 }]);
    const { template_id } = await uploadPdfTemplate(env, p, { code: "lease", name: "Lease", kind: "contract" }, bytes, "Lease 2026.pdf");
    const info = await pdfTemplateInfo(env, p, template_id);
    expect(info).toEqual({
      has_pdf: true,
      page_count: 3,
      drawn: 0,
      ready: false,
      pages: [
        { n: 1, width: 595.28, height: 841.89, rotation: 0 },
        { n: 2, width: 792, height: 612, rotation: 90 },
        { n: 3, width: 400, height: 300, rotation: 270 },
      ],
      bytes: bytes.length,
      sha256: await sha256Hex(bytes),
      original_name: "Lease 2026.pdf",
      uploaded_at: expect.any(String),
    });
    // Byte for byte in R2.
    const row = await env.DB.prepare("SELECT r2_key FROM pdf_templates WHERE template_id = ?").bind(template_id).first<{ r2_key: string }>();
    const stored = new Uint8Array(await (await env.FILES.get(row!.r2_key))!.arrayBuffer());
    expect(stored).toEqual(bytes);
    const tpl = await env.DB.prepare("SELECT body, variables FROM templates WHERE id = ?").bind(template_id).first<{ body: string; variables: string }>();
    expect(tpl!.body).toBe(fixedBody("Lease 2026.pdf", await sha256Hex(bytes)));

    // Publish refused until every page is drawn.
    const early = await refusal(publishTemplate(env, p, "lease"));
    expect(early.status).toBe(422);
    expect(early.message).toContain("pages 1, 2, 3");

    await putPagePicture(env, p, template_id, 1, png(893, 1263), "image/png");
    // Aspect ratio against the page as shown (page 2 is turned: 792 × 612).
    const wrong = await refusal(putPagePicture(env, p, template_id, 2, png(918, 1188), "image/png"));
    expect(wrong.status).toBe(422);
    expect(wrong.message).toMatch(/0\.773.*1\.294/);
    await putPagePicture(env, p, template_id, 2, png(1188, 918), "image/png");
    const after = await putPagePicture(env, p, template_id, 3, png(600, 450), "image/png");
    expect(after).toMatchObject({ drawn: 3, ready: true });

    const pic = await pagePicture(env, { tenantId: p.tenantId }, template_id, 2);
    expect(pic?.contentType).toBe("image/png");
    expect(await pagePicture(env, { tenantId: p.tenantId }, template_id, 4)).toBeNull();
    expect(await pagePicture(env, { tenantId: "ten_other" }, template_id, 2)).toBeNull();

    const beyond = await refusal(
      placeFields(env, p, template_id, [{ key: "sig", label: "Sign", kind: "signature", place: { page: 4, x: 0.1, y: 0.1, w: 0.2, h: 0.05 } }]),
    );
    expect(beyond.message).toContain("page 4 does not exist");
    await placeFields(env, p, template_id, [{ key: "sig", label: "Sign", kind: "signature", place: { page: 3, x: 0.1, y: 0.8, w: 0.3, h: 0.1 } }]);
    await publishTemplate(env, p, "lease");
    const frozen = await refusal(placeFields(env, p, template_id, []));
    expect(frozen.message).toContain("published");
  });

  it("refuses non-PDF, encrypted and truncated uploads with a message naming which; nothing is stored", async () => {
    const p = await principal();
    const meta = { code: "bad", name: "Bad", kind: "other" as const };
    const notPdf = await refusal(uploadPdfTemplate(env, p, meta, new TextEncoder().encode("hello, not a pdf"), "x.pdf"));
    expect(notPdf.message).toContain("not a PDF");
    const enc = await refusal(uploadPdfTemplate(env, p, meta, await makeEncryptedPdf(), "x.pdf"));
    expect(enc.message).toContain("encrypted");
    const whole = await makePdf([{}, {}]);
    const cut = await refusal(uploadPdfTemplate(env, p, meta, whole.subarray(0, Math.floor(whole.length * 0.6)), "x.pdf"));
    expect(cut.message).toContain("damaged");
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM templates WHERE tenant_id = ?").bind(p.tenantId).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });
});
