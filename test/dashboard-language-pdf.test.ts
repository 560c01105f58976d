/**
 * PDF templates in the dashboard's languages: the templates page's PDF part and the placement
 * editor speak Italian and Hebrew (right to left), the browser script's words in the page's JSON
 * config are the language's, and no English of the area is left; the signer's view of the pages
 * speaks Portuguese and Arabic.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type DashKey, dashTranslator } from "../src/i18n";
import { DASHBOARD_CATALOGUES } from "./catalogues";

const { pdf } = DASHBOARD_CATALOGUES;
import { BASE, api, makeTenant } from "./helpers";
import { signedIn } from "./dashboard-helpers";
import { page, select, unescapeHtml } from "./pages-helpers";
import { makePdf, png } from "./pdf-template-fixtures";

/** A raw body to the API (the PDF upload and the page pictures are not JSON). */
async function send(method: string, path: string, key: string, bytes: Uint8Array, contentType: string) {
  const res = await exports.default.fetch(`${BASE}${path}`, {
    method,
    headers: { "cf-connecting-ip": "203.0.113.7", authorization: `Bearer ${key}`, "content-type": contentType },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text);
}

/** A 2-page PDF template (the second page turned), with the pictures of the pages given drawn. */
async function pdfTemplate(key: string, code: string, draw: number[]) {
  const up = await send(
    "POST",
    `/v1/templates/pdf?code=${code}&name=Bike%20lease&kind=contract&filename=lease.pdf`,
    key,
    await makePdf([{}, { rotate: 90 }]),
    "application/pdf",
  );
  const id = up.template_id as string;
  const info = await api("GET", `/v1/templates/${id}/pdf`, { key });
  for (const p of info.json.pages as { n: number; width: number; height: number }[]) {
    if (draw.includes(p.n)) await send("PUT", `/v1/templates/${id}/pages/${p.n}`, key, png(Math.round(p.width * 1.5), Math.round(p.height * 1.5)), "image/png");
  }
  return id;
}

const config = async (html: string) => JSON.parse((await select(html, "script#pdf-cfg"))[0]!.text) as { lang: string; words: Record<string, string> };

const jsKeys = (Object.keys(pdf.en) as (keyof typeof pdf.en)[]).filter((k) => k.startsWith("pdf_js_"));
/** The area's English sentences (long enough not to be a word other languages share, and with nothing filled in). */
const english = Object.values(pdf.en).filter((s) => s.length > 12 && !s.includes("{"));

describe("PDF templates in the dashboard's languages", () => {
  it("the templates page's PDF part and the placement editor speak Italian and Hebrew (right to left); the script's words are the language's", async () => {
    const tenant = await makeTenant({ mode: "test" });
    const code = `lease-${crypto.randomUUID().slice(0, 6)}`;
    const id = await pdfTemplate(tenant.key, code, [1]);
    const fields = [{ key: "full_name", label: "Full name", kind: "text", place: { page: 1, x: 0.2, y: 0.2, w: 0.4, h: 0.05 } }];
    expect((await api("PATCH", `/v1/templates/${id}`, { key: tenant.key, body: { fields } })).status).toBe(200);
    const { b } = await signedIn(tenant.tenantId, "owner");

    for (const lang of ["it", "he"] as const) {
      const t = dashTranslator(lang);
      const cat = pdf[lang];
      const dir = lang === "he" ? "rtl" : "ltr";

      const list = await b.fetch("GET", "/app/templates", undefined, { "accept-language": lang });
      expect(list.status).toBe(200);
      expect(list.text).toContain(`<html lang="${lang}" dir="${dir}">`);
      const listText = unescapeHtml(list.text);
      for (const k of ["pdf_heading", "pdf_upload", "pdf_upload_hint", "pdf_file_label", "pdf_upload_button", "pdf_open"] as const) {
        expect(listText, `${lang} ${k}`).toContain(cat[k]);
      }
      const [link] = await select(list.text, `a[href="/app/templates/${id}/place"]`);
      expect(unescapeHtml(link!.text).trim()).toBe(t("pdf_item_draft", { name: "Bike lease", code, version: t.num(1) }));
      expect((await select(list.text, "progress#pdf-bar"))[0]!.attrs["aria-label"]).toBe(cat.pdf_pages_drawn);
      let cfg = await config(list.text);
      expect(cfg.lang).toBe(lang);
      expect(cfg.words).toEqual(Object.fromEntries(jsKeys.map((k) => [k.slice("pdf_js_".length), cat[k]])));
      expect(cfg.words.drawing).not.toBe(pdf.en.pdf_js_drawing);

      const editor = await b.fetch("GET", `/app/templates/${id}/place`, undefined, { "accept-language": lang });
      expect(editor.status).toBe(200);
      expect(editor.text).toContain(`<html lang="${lang}" dir="${dir}">`);
      const text = unescapeHtml(editor.text);
      for (const k of [
        "pdf_fields_hint",
        "pdf_redraw",
        "pdf_place_kbd",
        "pdf_add",
        "pdf_add_button",
        "pdf_draw_field",
        "pdf_draw_hint",
        "pdf_kbd_help",
        "pdf_dirty",
        "pdf_save",
        "pdf_publish_hint",
        "pdf_all_templates",
      ] as const satisfies DashKey[]) {
        expect(text, `${lang} ${k}`).toContain(cat[k]);
      }
      expect(text).toContain(t("pdf_missing", { missing: 1, count: 2 }));
      expect(text).toContain(t("pdf_version_draft", { code, version: t.num(1) }));
      expect(text).toContain(t("pdf_page_of", { n: 2, count: 2 }));
      expect(text).toContain(t("pdf_turned", { degrees: 90 }));
      expect(text).toContain(t("pdf_page_missing", { n: 2 }));
      expect((await select(editor.text, ".pg-in img"))[0]!.attrs.alt).toBe(t("pdf_page_alt", { n: 1 }));
      expect(text).toContain(t("pdf_noscript", { id }));
      cfg = await config(editor.text);
      expect(cfg.lang).toBe(lang);
      expect(cfg.words.describe).toBe(cat.pdf_js_describe);
      expect(cfg.words.added).toBe(cat.pdf_js_added);

      for (const html of [list.text, editor.text]) {
        // What the page shows and the script's words in its config; the script's code (and its comments) aside.
        const shown = unescapeHtml(html.replace(/<script nonce[^>]*>[\s\S]*?<\/script>/g, ""));
        for (const e of english) expect(shown, `${lang}: "${e}"`).not.toContain(e);
        for (const e of [
          "Upload and draw the pages",
          "Place with the keyboard",
          "Save fields and placements",
          "Choose the field to draw first",
          "box removed",
        ]) {
          expect(shown, `${lang}: "${e}"`).not.toContain(e);
        }
      }
    }

    // English is unchanged: the words the browser test waits for.
    const en = await b.get(`/app/templates/${id}/place`);
    expect(en.text).toContain("1 of 2 pages have no picture yet");
    const enCfg = await config(en.text);
    expect(enCfg.words.added).toBe("Field {key} added: draw its box on a page, or place it with the keyboard, then save.");
    expect(enCfg.words.describe).toBe("{label} ({key}): page {page}, left {x}, top {y}, width {w}, height {h}");
  });
});

describe("the signer's view of a PDF template in the pages' languages", () => {
  it("speaks Portuguese and Arabic: the heading, the buttons and the words the script reads", async () => {
    const tenant = await makeTenant();
    const code = `lease-${crypto.randomUUID().slice(0, 6)}`;
    const id = await pdfTemplate(tenant.key, code, [1, 2]);
    const fields = [
      { key: "full_name", label: "Full name", kind: "text", place: { page: 1, x: 0.2, y: 0.2, w: 0.4, h: 0.05 } },
      { key: "sig", label: "Signature", kind: "signature", place: { page: 2, x: 0.5, y: 0.7, w: 0.3, h: 0.1 } },
    ];
    expect((await api("PATCH", `/v1/templates/${id}`, { key: tenant.key, body: { fields } })).status).toBe(200);
    expect((await api("POST", "/v1/templates/publish", { key: tenant.key, body: { code } })).status).toBe(200);
    const prep = await api("POST", "/v1/documents", { key: tenant.key, body: { template_code: code, title: "Lease" } });
    expect(prep.status, prep.text).toBe(200);
    const sent = await api("POST", `/v1/documents/${prep.json.document_id}/send`, {
      key: tenant.key,
      body: { signers: [{ email: "ana@example.com", full_name: "Ana Ruiz" }], notify: false },
    });
    expect(sent.status, sent.text).toBe(200);
    const token = sent.json.links[0].token as string;

    const words = {
      pt: {
        heading: "As páginas",
        start: "Começar",
        next: "Próxima",
        progress: "{n} de {count} preenchidas",
        sig: "Sua assinatura",
        zoomIn: "Ampliar",
        boxOf: "Caixa {n} de {count}: {label} (página {page}).",
        dir: "ltr",
      },
      ar: {
        heading: "الصفحات",
        start: "ابدأ",
        next: "التالي",
        progress: "تم ملء {n} من {count}",
        sig: "توقيعك",
        zoomIn: "تكبير",
        boxOf: "المربع {n} من {count}: {label} (الصفحة {page}).",
        dir: "rtl",
      },
    };
    for (const [lang, w] of Object.entries(words)) {
      const r = await page("GET", `/s/${token}?lang=${lang}`);
      expect(r.status).toBe(200);
      expect(r.text).toContain(`lang="${lang}" dir="${w.dir}"`);
      const [view] = await select(r.text, "#pdf-view");
      expect(view!.attrs["data-box-of"]).toBe(w.boxOf);
      expect((await select(r.text, "#pv-heading"))[0]!.text).toBe(w.heading);
      expect((await select(r.text, "#pv-next"))[0]!.text.trim()).toBe(w.start);
      expect(view!.attrs["data-next"]).toBe(w.next);
      expect(view!.attrs["data-progress"]).toBe(w.progress);
      expect((await select(r.text, "#pv-sig-h"))[0]!.text).toBe(w.sig);
      expect((await select(r.text, "#pv-in"))[0]!.text.trim()).toBe(w.zoomIn);
      for (const e of ["The pages", "Next box", "Zoom in", "Every box is filled", "Your signature"]) expect(r.text, `${lang}: "${e}"`).not.toContain(e);
    }
  });
});
