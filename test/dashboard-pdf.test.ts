/**
 * The dashboard's PDF templates: upload, page pictures, placements and publish through the same
 * domain functions as the API (read back through the API), refusals shown, roles and CSRF, another
 * account's template, and pdf.js served from this origin with its headers.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueKey } from "../src/domain/accounts";
import { PDFJS_BASE, PDFJS_WORKER, PDFJS_WORKER_POLICY } from "../src/routes/pdfjs-assets";
import { BASE, api } from "./helpers";
import { type Browser, makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { select, unescapeHtml } from "./pages-helpers";
import { makePdf, png } from "./pdf-template-fixtures";

async function account(role: "owner" | "member" | "viewer" = "owner", tenant?: string) {
  const t = tenant ?? (await makeAccount());
  const { key } = await issueKey(env, t, { label: "k", mode: "live", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
  const m = await makeMember(t, role);
  const b = await sessionFor(m);
  expect((await b.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
  return { t, key, b };
}

/** A multipart POST with the session's CSRF token (or the one given), asking for JSON like the page script. */
async function post(b: Browser, path: string, fields: Record<string, string | File>, opts: { csrf?: string; json?: boolean } = {}) {
  const fd = new FormData();
  fd.append("csrf", opts.csrf ?? (await b.csrf("/app/templates")));
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const res = await exports.default.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { cookie: b.cookieHeader(), "cf-connecting-ip": b.ip, ...(opts.json === false ? {} : { accept: "application/json" }) },
    body: fd,
    redirect: "manual",
  });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, text, json: json as Record<string, any> | null, location: res.headers.get("location"), headers: res.headers };
}

const pdfFile = async (pages = [{}, { rotate: 90 as const }]) =>
  new File([(await makePdf(pages)) as Uint8Array<ArrayBuffer>], "lease.pdf", { type: "application/pdf" });
const picture = (w: number, h: number) => new File([png(w, h) as Uint8Array<ArrayBuffer>], "p.png", { type: "image/png" });

async function uploaded(b: Browser, code = `lease-${crypto.randomUUID().slice(0, 6)}`) {
  const r = await post(b, "/app/templates/pdf", { code, name: "Lease", kind: "contract", file: await pdfFile(), filename: "lease 2026.pdf" });
  expect(r.status, r.text).toBe(200);
  return { id: r.json!.template_id as string, info: r.json!.info as Record<string, any>, code };
}

/** A template version as GET /v1/templates lists it (the parts read here). */
type Version = { template_id: string; code: string; version: number; name: string; is_published: boolean; fields: { key: string; place: unknown }[] };

describe("dashboard: PDF templates", () => {
  it("upload, pictures, placements and publish, read back through the API", async () => {
    const { key, b } = await account();
    const { id, info, code } = await uploaded(b);
    expect(info).toMatchObject({ has_pdf: true, page_count: 2, drawn: 0, ready: false, original_name: "lease 2026.pdf" });
    expect(info.pages[1]).toMatchObject({ rotation: 90 });

    // The editor says what is missing; publishing is refused with the API's message.
    let page = await b.get(`/app/templates/${id}/place`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("2 of 2 pages have no picture yet");
    expect(page.headers.get("content-security-policy")).toContain("worker-src 'self'; connect-src 'self'; font-src 'self'");
    let r = await post(b, `/app/templates/${id}/publish`, {}, { json: false });
    expect(r.status).toBe(422);
    expect(r.text).toContain("every page is drawn");

    // Pictures: aspect-checked like the API (page 2 is turned, so landscape).
    r = await post(b, `/app/templates/${id}/pages/2`, { file: picture(893, 1263) });
    expect(r.status).toBe(422);
    expect(r.json!.error).toContain("aspect ratio");
    r = await post(b, `/app/templates/${id}/pages/1`, { file: picture(893, 1263) });
    expect(r.status, r.text).toBe(200);
    expect(r.json!.info).toMatchObject({ drawn: 1, ready: false });
    r = await post(b, `/app/templates/${id}/pages/2`, { file: picture(1263, 893) });
    expect(r.json!.info).toMatchObject({ drawn: 2, ready: true });
    const pic = await b.get(`/app/templates/${id}/pages/2`);
    expect(pic.status).toBe(200);
    expect(pic.headers.get("content-type")).toBe("image/png");
    expect(pic.headers.get("cache-control")).toBe("private, no-store");
    const file = await exports.default.fetch(`${BASE}/app/templates/${id}/file.pdf`, { headers: { cookie: b.cookieHeader() } });
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await file.arrayBuffer()));
    expect([...digest].map((x) => x.toString(16).padStart(2, "0")).join("")).toBe(info.sha256);

    // Placements: saved as given, then a staff-only field's box refused with nothing changed.
    const fields = [
      { key: "full_name", label: "Full name", kind: "text", required: true, place: { page: 1, x: 0.2, y: 0.2, w: 0.4, h: 0.05 } },
      { key: "sig", label: "Signature", kind: "signature", required: true, place: { page: 2, x: 0.5, y: 0.7, w: 0.3, h: 0.1 } },
    ];
    r = await post(b, `/app/templates/${id}/fields`, { fields: JSON.stringify(fields) }, { json: false });
    expect(r.status).toBe(200);
    expect(r.text).toContain("Saved: 2 fields, 2 placed.");
    const read = async () =>
      ((await api("GET", "/v1/templates", { key })).json as { templates: { template_id: string; fields: any[] }[] }).templates.find(
        (t) => t.template_id === id,
      )!;
    expect((await read()).fields.map((f) => [f.key, f.place])).toEqual(fields.map((f) => [f.key, f.place]));
    const refused = [...fields, { key: "note", label: "Desk note", kind: "text", staff_only: true, place: { page: 1, x: 0, y: 0, w: 0.1, h: 0.1 } }];
    r = await post(b, `/app/templates/${id}/fields`, { fields: JSON.stringify(refused) }, { json: false });
    expect(r.status).toBe(422);
    const alert = (await select(r.text, "[role=alert] p")).map((e) => e.text).join(" ");
    expect(alert).toContain("a staff-only field cannot be placed");
    // The editor keeps what was posted, so nothing placed is lost.
    expect(r.text).toContain("Desk note");
    expect((await read()).fields).toHaveLength(2);
    r = await post(b, `/app/templates/${id}/fields`, { fields: "not json" }, { json: false });
    expect(r.status).toBe(422);

    r = await post(b, `/app/templates/${id}/publish`, {}, { json: false });
    expect(r.status).toBe(200);
    expect(r.text).toContain(`Published ${code} version 1`);
    expect(((await api("GET", `/v1/templates/${id}/pdf`, { key })).json as { ready: boolean }).ready).toBe(true);
    page = await b.get(`/app/templates/${id}/place`);
    expect(page.text).not.toContain('id="save-fields"');
    r = await post(b, `/app/templates/${id}/pages/1`, { file: picture(893, 1263) });
    expect(r.status).toBe(422);

    // The templates page links to the editor, and offers to revise the published version.
    page = await b.get("/app/templates");
    expect((await select(page.text, `a[href="/app/templates/${id}/place"]`)).length).toBe(1);
    const revise = await select(page.text, `a[href="/app/templates/revise?code=${code}"]`);
    expect(revise.map((a) => a.attrs["aria-label"])).toEqual([`Revise ${code} version 1`]);

    // Revising: the form has no text for a PDF template; the next version keeps the file, the
    // pictures and the placed fields, and opens in the editor, where its boxes can be moved again.
    page = await b.get(`/app/templates/revise?code=${code}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Makes version 2 of ${code} as a draft from version 1: the same file and page pictures`);
    expect(await select(page.text, "#r-body")).toEqual([]);
    const made = await b.submit("/app/templates/revise", { code, name: "Lease 2027", kind: "contract" }, `/app/templates/revise?code=${code}`);
    expect(made.status).toBe(303);
    const next = /^\/app\/templates\/(tpl_[a-z0-9]+)\/place$/.exec(made.location ?? "")?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(id);
    page = await b.get(made.location!);
    expect(page.text).toContain('id="save-fields"');
    expect(page.text).toContain("2/2");
    const versionsOf = async () => ((await api("GET", "/v1/templates", { key })).json as { templates: Version[] }).templates.filter((t) => t.code === code);
    const versions = await versionsOf();
    const v2 = versions.find((t) => t.template_id === next)!;
    expect(v2).toMatchObject({ version: 2, name: "Lease 2027", is_published: false });
    expect(v2.fields.map((f) => [f.key, f.place])).toEqual(fields.map((f) => [f.key, f.place]));
    expect(versions.find((t) => t.template_id === id)).toMatchObject({ version: 1, name: "Lease", is_published: true });
    expect((await api("GET", `/v1/templates/${next}/pdf`, { key })).json as { sha256: string; ready: boolean }).toMatchObject({
      sha256: info.sha256,
      ready: true,
    });
    // A second revision waits for this draft to be published: refused on the list, nothing made.
    r = await post(b, "/app/templates/revise", { code, name: "Lease 2028", kind: "contract" }, { json: false });
    expect(r.status).toBe(422);
    expect((await select(r.text, "[role=alert] p")).map((e) => unescapeHtml(e.text)).join(" ")).toContain(`version 2 of "${code}" is still a draft`);
    expect(await versionsOf()).toHaveLength(2);
  });

  it("refusals of the upload: not a PDF (page and JSON), no file; a plain form post opens the editor", async () => {
    const { b } = await account();
    let r = await post(b, "/app/templates/pdf", { code: "junk", name: "Junk", kind: "other", file: new File(["hello"], "x.pdf", { type: "application/pdf" }) });
    expect(r.status).toBe(422);
    expect(r.json!.error).toContain("PDF");
    r = await post(b, "/app/templates/pdf", { code: "junk", name: "Junk", kind: "other" }, { json: false });
    expect(r.status).toBe(422);
    expect(r.text).toContain("choose a PDF file");
    r = await post(b, "/app/templates/pdf", { code: "Bad Code", name: "x", kind: "other", file: await pdfFile() });
    expect(r.status).toBe(422);
    r = await post(b, "/app/templates/pdf", { code: "plain-form", name: "Plain", kind: "other", file: await pdfFile() }, { json: false });
    expect(r.status).toBe(303);
    expect(r.location).toMatch(/^\/app\/templates\/[^/]+\/place$/);
  });

  it("roles, CSRF and another account's template", async () => {
    const owner = await account();
    const { id } = await uploaded(owner.b);
    const viewer = await account("viewer", owner.t);
    expect((await viewer.b.get(`/app/templates/${id}/place`)).status).toBe(200);
    expect((await viewer.b.get(`/app/templates/${id}/place`)).text).not.toContain('id="save-fields"');
    const csrf = await viewer.b.csrf("/app/templates");
    expect((await post(viewer.b, `/app/templates/${id}/pages/1`, { file: picture(893, 1263) }, { csrf })).status).toBe(403);
    expect((await post(viewer.b, "/app/templates/pdf", { code: "v", name: "v", kind: "other", file: await pdfFile() }, { csrf })).status).toBe(403);
    // Without the token nothing is stored.
    expect((await post(owner.b, `/app/templates/${id}/pages/1`, { file: picture(893, 1263) }, { csrf: "wrong" })).status).toBe(403);
    expect(((await api("GET", `/v1/templates/${id}/pdf`, { key: owner.key })).json as { drawn: number }).drawn).toBe(0);
    // Another account sees nothing of it.
    const other = await account();
    expect((await other.b.get(`/app/templates/${id}/place`)).status).toBe(404);
    expect((await other.b.get(`/app/templates/${id}/pages/1`)).status).toBe(404);
    expect((await other.b.get(`/app/templates/${id}/file.pdf`)).status).toBe(404);
    expect((await post(other.b, `/app/templates/${id}/pages/1`, { file: picture(893, 1263) })).status).toBe(404);
    expect((await post(other.b, `/app/templates/${id}/fields`, { fields: "[]" }, { json: false })).status).toBe(404);
  });

  it("pdf.js is served from this origin: the pinned version, year-long cache, the worker's own policy, nothing else", async () => {
    const get = (p: string) => exports.default.fetch(`${BASE}${p}`);
    const lib = await get(`${PDFJS_BASE}/pdf.min.mjs`);
    expect(lib.status).toBe(200);
    expect(lib.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(lib.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await lib.text()).toContain("pdfjsLib");
    const worker = await get(PDFJS_WORKER);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-security-policy")).toBe(PDFJS_WORKER_POLICY);
    await worker.arrayBuffer();
    for (const p of ["/cmaps/UniJIS-UCS2-H.bcmap", "/standard_fonts/FoxitSerif.pfb", "/wasm/openjpeg.wasm"]) {
      const r = await get(`${PDFJS_BASE}${p}`);
      expect(r.status, p).toBe(200);
      await r.arrayBuffer();
    }
    for (const p of [
      `${PDFJS_BASE}/pdf.mjs.map`,
      `${PDFJS_BASE}/../redoc/redoc.standalone.js`,
      "/app/pdfjs/1.0.0/pdf.min.mjs",
      `${PDFJS_BASE}/cmaps/nope.bcmap`,
    ]) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      await r.arrayBuffer();
    }
  });
});
