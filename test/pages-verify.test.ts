import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, freshMinute, makeTenant } from "./helpers";
import { DEFAULT_SIGNERS, insertDocument } from "./evidence-fixtures";
import { fromB64 } from "./evidence-pdf-helpers";
import { nonceOf, page, pageWeight, select, unescapeHtml } from "./pages-helpers";
import { certificateRow } from "../src/domain/certificates";
import { formatVerificationCode } from "../src/lib/verification-code";
import { sha256Hex } from "../src/lib/crypto";
import { LANGUAGES } from "../src/domain/vocabulary";

// Each test gets its own address: pages and API share 60 a minute per address.
let n = 0;
const ip = () => `192.0.2.${++n}`;
const get = (path: string, lang?: string, from = ip()) => page("GET", path, { ip: from, lang });

async function completed(opts: Parameters<typeof insertDocument>[1] = {}) {
  const t = await makeTenant();
  const f = await insertDocument(t, opts);
  const cert = (await certificateRow(env, f.documentId))!;
  return { t, f, cert, code: formatVerificationCode(cert.verificationCode) };
}

const EMAILS = DEFAULT_SIGNERS.map((s) => s.email);

describe("GET /verify", () => {
  it("asks for a code, offers the file check, and carries the page headers", async () => {
    const r = await get("/verify");
    expect(r.status).toBe(200);
    const nonce = nonceOf(r.headers)!;
    expect(r.headers.get("content-security-policy")).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(await select(r.text, "form[action='/verify'] input[name=code]")).toHaveLength(1);
    // The file input has no name: a browser never sends the file, only the fingerprint field.
    const file = (await select(r.text, "input[type=file]"))[0]!;
    expect(file.attrs.name).toBeUndefined();
    expect((await select(r.text, "#file-form"))[0]!.attrs.method).toBe("get");
    expect(await select(r.text, "#file-form input[name=sha256]")).toHaveLength(1);
  });

  it("has exactly one drop zone and one file input on every verification page, and says only the hash is sent", async () => {
    const { code, f } = await completed();
    const pages = [
      "/verify",
      `/verify?sha256=${"0".repeat(64)}`,
      "/verify?sha256=xyz",
      `/verify/${code}`,
      `/verify/${code}?sha256=${f.bodySha256}`,
      "/verify/0000-0000-0000-0000",
    ];
    for (const path of pages) {
      const r = await get(path);
      expect(await select(r.text, ".drop"), path).toHaveLength(1);
      expect(await select(r.text, "input[type=file]"), path).toHaveLength(1);
      // The zone is the fingerprint form's; the in-page check has one place for its report, no zone of its own.
      expect(await select(r.text, "#file-form #drop input#file[type=file]"), path).toHaveLength(1);
      expect(await select(r.text, "#in-page[hidden] #in-page-result[role=status]"), path).toHaveLength(1);
      expect(await select(r.text, "#offline-drop, #offline-file"), path).toHaveLength(0);
      expect(unescapeHtml(r.text), path).toContain("Only the file's SHA-256 fingerprint is sent to the service, never the file itself.");
    }
  });

  it("sends a typed code, in any case and with or without dashes, to its page", async () => {
    const { code, cert } = await completed();
    const r = await get(`/verify?code=${encodeURIComponent(` ${cert.verificationCode.toLowerCase()} `)}&lang=fr`);
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`/verify/${code}?lang=fr`);
  });

  it("finds the certificate of a sealed file from its SHA-256 alone, but not from the document text's hash", async () => {
    const { t, f, code } = await completed();
    const pdf = await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: t.key });
    const hash = await sha256Hex(fromB64(pdf.json.bytes_base64));
    const r = await get(`/verify?sha256=${hash.toUpperCase()}&lang=de`);
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`/verify/${code}?sha256=${hash}&lang=de`);
    const shown = await get(r.headers.get("location")!);
    expect(shown.text).toContain("Diese Datei passt zum Zertifikat.");
    // Two documents may share their text; only a sealed file is unique to one document.
    const text = await get(`/verify?sha256=${f.bodySha256}`);
    expect(text.status).toBe(404);
    expect(text.text).toContain("No certificate was issued for this file.");
    const bad = await get(`/verify?sha256=xyz`);
    expect(bad.status).toBe(422);
    expect((await select(bad.text, "#sha256"))[0]!.attrs["aria-invalid"]).toBe("true");
  });
});

describe("GET /verify/{code}", () => {
  it("says what the certificate says and withholds the signers and the trail", async () => {
    const { f, code } = await completed();
    const r = await get(`/verify/${code}`);
    expect(r.status).toBe(200);
    const facts = (await select(r.text, "dl.facts dd")).map((d) => unescapeHtml(d.text));
    // The document's hash is not printed before a match: it is what unlocks the holder's view.
    expect(facts).toEqual(["NDA with Ada", expect.stringMatching(/^Acme /), "January 15, 2026 at 9:30 AM UTC", expect.stringMatching(/UTC$/), "2", code]);
    expect(r.text).not.toContain(f.bodySha256);
    expect(r.text).toContain("The service&#39;s record still matches this certificate.");
    expect(r.text).toContain("Signers and the audit trail are shown once you check the file.");
    for (const s of DEFAULT_SIGNERS) expect(r.text).not.toContain(s.full_name);
    for (const e of EMAILS) expect(r.text).not.toContain(e);
    expect((await select(r.text, "#file-form"))[0]!.attrs.action).toBe(`/verify/${code}`);
  });

  it("reveals signers and trail for the document's hash or a sealed file's, never an email address", async () => {
    const { t, f, code } = await completed();
    const pdf = await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: t.key });
    const sealedHash = await sha256Hex(fromB64(pdf.json.bytes_base64));
    for (const hash of [f.bodySha256, sealedHash]) {
      const r = await get(`/verify/${code}?sha256=${hash}`);
      expect(r.status).toBe(200);
      expect(r.text).toContain("This file matches the certificate.");
      expect((await select(r.text, "dl.facts dd.mono")).map((d) => d.text)).toContain(f.bodySha256);
      const names = (await select(r.text, "section[aria-labelledby=signers-heading] li strong")).map((s) => unescapeHtml(s.text));
      expect(names).toEqual(DEFAULT_SIGNERS.map((s) => s.full_name));
      const trail = (await select(r.text, "section[aria-labelledby=trail-heading] li strong")).map((s) => s.text);
      expect(trail).toEqual([
        "Prepared",
        "Sent",
        "Opened",
        "Agreed to sign electronically",
        "Signed",
        "Opened",
        "Agreed to sign electronically",
        "Signed",
        "Completed",
      ]);
      expect(r.text).toContain("— Ada Lovelace");
      expect(r.text).toContain("2001:db8::42");
      expect(r.text).toContain("typed name");
      for (const e of EMAILS) expect(r.text).not.toContain(e);
    }
  });

  it("says plainly when the file does not match, and shows nobody", async () => {
    const { code, f } = await completed();
    const r = await get(`/verify/${code}?sha256=${"0".repeat(64)}`);
    expect(r.status).toBe(200);
    expect(r.text).toContain("This file does not match this certificate.");
    expect((await select(r.text, ".box.bad"))[0]!.attrs.role).toBe("status");
    expect(await select(r.text, "section[aria-labelledby=signers-heading]")).toEqual([]);
    for (const s of DEFAULT_SIGNERS) expect(r.text).not.toContain(s.full_name);
    expect(r.text).not.toContain(f.bodySha256);
    const bad = await get(`/verify/${code}?sha256=not-a-hash`);
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("A SHA-256 fingerprint is 64 characters, 0-9 and a-f.");
    expect(bad.text).toContain("NDA with Ada");
  });

  it("answers an unknown or malformed code with a 404 page that offers to try again", async () => {
    for (const code of ["7K2M-9QXD-A4B8-C1EF", "nonsense", "<script>x</script>"]) {
      const r = await get(`/verify/${encodeURIComponent(code)}`);
      expect(r.status).toBe(404);
      expect(r.text).toContain("No certificate has this code");
      expect((await select(r.text, "input[name=code]"))[0]!.attrs.value).toBe(code);
      expect(await select(r.text, "script")).toHaveLength(1);
    }
  });

  it("renders a hostile title and account name as text", async () => {
    const { code, t } = await completed({ title: `"><img src=x onerror=alert(1)><script>alert(2)</script>` });
    await env.DB.prepare("UPDATE tenants SET name = ? WHERE id = ?").bind("<svg onload=alert(3)>", t.tenantId).run();
    const r = await get(`/verify/${code}`);
    expect(await select(r.text, "img, svg")).toEqual([]);
    expect(await select(r.text, "script")).toHaveLength(1);
    expect(unescapeHtml((await select(r.text, "dl.facts dd"))[0]!.text)).toBe(`"><img src=x onerror=alert(1)><script>alert(2)</script>`);
  });

  it("speaks the visitor's language and keeps the fingerprint in the switcher's links", async () => {
    const { code, f } = await completed();
    const r = await get(`/verify/${code}?sha256=${f.bodySha256}`, "es-AR,es;q=0.9");
    expect((await select(r.text, "html"))[0]!.attrs.lang).toBe("es");
    expect(r.text).toContain("Este archivo coincide con el certificado.");
    expect(r.text).toContain("Registro de auditoría");
    const hrefs = (await select(r.text, "nav a")).map((a) => a.attrs.href);
    expect(hrefs).toEqual(LANGUAGES.map((l) => `/verify/${code}?sha256=${f.bodySha256}&lang=${l}`));
    const de = await get(`/verify/${code}?lang=de`);
    expect(de.text).toContain("Abschlusszertifikat");
  });

  it("shares the anonymous budget with /v1/verify: 60 a minute per address, then a 429 page", async () => {
    const from = ip();
    await freshMinute();
    await Promise.all(Array.from({ length: 30 }, () => api("GET", "/v1/verify/0000000000000000", { ip: from })));
    await Promise.all(Array.from({ length: 30 }, () => get("/verify", undefined, from)));
    const r = await get("/verify", "de", from);
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(r.text).toContain("Zu viele Anfragen");
  }, 60_000);

  it("stays small: under 14 KB besides its language switcher, under 5.5 KB gzipped, with signers and trail shown", async () => {
    const { code, f } = await completed();
    const r = await get(`/verify/${code}?sha256=${f.bodySha256}`);
    const { bytes, gzip: gz, switcher } = await pageWeight(r.text);
    console.log(JSON.stringify({ page: "/verify/{code}?sha256 (2 signers, 8 events)", bytes, gzip: gz, switcher, languages: LANGUAGES.length }));
    expect(bytes - switcher).toBeLessThan(14 * 1024);
    // Each link keeps the page's ?sha256= (64 hex) beside its ?lang=.
    expect(switcher / LANGUAGES.length).toBeLessThan(200);
    expect(gz).toBeLessThan(5.5 * 1024);
  });
});
