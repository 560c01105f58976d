import { concatBytes } from "../src/lib/bytes";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, addKey, api, makeTenant } from "./helpers";
import { GOOD_BRAND, OPERATOR, PNG_SIGNATURE, brandedTenant, chunk, ihdr, logoPng, openingJpeg, putBrand, putPicture, whiteLabel } from "./branding-helpers";
import { makeMember, sessionFor } from "./dashboard-helpers";
import { contrastRatio, contrastProblems, relativeLuminance, signingHostProblem } from "../src/domain/branding";

const FIELDS = [
  "businessName",
  "whiteLabelEnabled",
  "primaryColor",
  "accentColor",
  "backgroundColor",
  "textColor",
  "buttonTextColor",
  "hasLogo",
  "hasDarkLogo",
  "hasOpening",
  "openingType",
  "openingUpdatedAt",
  "signingHost",
  "footerText",
  "tenantId",
  "logoUrl",
  "logoDarkUrl",
  "openingUrl",
];

describe("contrast (WCAG 2 relative luminance)", () => {
  it("computes the known ratios", () => {
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 5);
    expect(relativeLuminance("#000000")).toBe(0);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    // #767676 on white is the classic 4.54:1, #777777 the classic 4.48:1.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#0b57d0", "#ffffff")).toBeGreaterThan(4.5);
  });

  it("names each pair below 4.5:1, and only those", () => {
    const ok = { primaryColor: "#0b57d0", accentColor: "#ff0", backgroundColor: "#ffffff", textColor: "#767676", buttonTextColor: "#ffffff" };
    expect(contrastProblems(ok)).toEqual([]);
    const both = contrastProblems({ ...ok, textColor: "#777777", buttonTextColor: "#0b57d1" });
    expect(both).toHaveLength(2);
    expect(both[0]).toMatch(/^textColor: #777777 on backgroundColor #ffffff has a contrast of 4\.47?:1/);
    expect(both[1]).toMatch(/^buttonTextColor: #0b57d1 on primaryColor #0b57d0/);
  });
});

describe("GET /v1/branding", () => {
  it("is the service's own brand without white-label, with every field of the spec", async () => {
    const t = await makeTenant();
    const r = await api("GET", "/v1/branding", { key: t.key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual([...FIELDS].sort());
    expect(r.json).toEqual({
      businessName: "Edge Sign",
      whiteLabelEnabled: false,
      primaryColor: "#0b57d0",
      accentColor: "#0b57d0",
      backgroundColor: "#ffffff",
      textColor: "#1b1b1f",
      buttonTextColor: "#ffffff",
      hasLogo: false,
      hasDarkLogo: false,
      hasOpening: false,
      openingType: "image/jpeg",
      openingUpdatedAt: null,
      signingHost: "sign.example.test",
      footerText: "Electronic signatures by Edge Sign.",
      tenantId: t.tenantId,
      logoUrl: `${BASE}/brand/${t.tenantId}/logo.png`,
      logoDarkUrl: `${BASE}/brand/${t.tenantId}/logo-dark.png`,
      openingUrl: `${BASE}/brand/${t.tenantId}/opening.jpg?v=0`,
    });
  });

  it("stays the service's brand with white-label on until a brand is saved; then it is the account's", async () => {
    const t = await makeTenant();
    await whiteLabel(t.tenantId);
    const before = await api("GET", "/v1/branding", { key: t.key });
    expect(before.json).toMatchObject({ businessName: "Edge Sign", whiteLabelEnabled: true, primaryColor: "#0b57d0" });
    await brandedTenant(t.tenantId, { signingHost: `sign-${t.tenantId.slice(-8)}.acme.test`.toLowerCase() });
    const after = await api("GET", "/v1/branding", { key: t.key });
    expect(after.json).toMatchObject({
      ...GOOD_BRAND,
      whiteLabelEnabled: true,
      signingHost: `sign-${t.tenantId.slice(-8)}.acme.test`.toLowerCase(),
      hasLogo: false,
    });
  });

  it("needs signing:read", async () => {
    const t = await makeTenant();
    const { key } = await addKey(t.tenantId, { scopes: ["signing:write"] });
    const r = await api("GET", "/v1/branding", { key });
    expect(r.status).toBe(403);
    expect((await api("GET", "/v1/branding")).status).toBe(401);
  });

  it("goes back to the service's brand when the operator turns white-label off, and returns with it", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    expect((await putPicture(t.tenantId, "logo", await logoPng())).status).toBe(200);
    await whiteLabel(t.tenantId, false);
    const off = await api("GET", "/v1/branding", { key: t.key });
    expect(off.json).toMatchObject({ businessName: "Edge Sign", whiteLabelEnabled: false, hasLogo: false });
    expect((await api("GET", `/brand/${t.tenantId}/logo.png`)).status).toBe(404);
    await whiteLabel(t.tenantId, true);
    const on = await api("GET", "/v1/branding", { key: t.key });
    expect(on.json).toMatchObject({ businessName: GOOD_BRAND.businessName, hasLogo: true });
  });
});

describe("PUT /v1/branding: who may", () => {
  it("refuses no credential (401), an API key even with every scope (403), and the operator without tenant_id (422)", async () => {
    const t = await makeTenant();
    await whiteLabel(t.tenantId);
    expect((await api("PUT", "/v1/branding", { body: GOOD_BRAND })).status).toBe(401);
    const keyed = await api("PUT", "/v1/branding", { key: t.key, body: GOOD_BRAND });
    expect(keyed.status).toBe(403);
    expect(keyed.json.error.message).toContain("API key cannot set the brand");
    const wrongOperator = await api("PUT", `/v1/branding?tenant_id=${t.tenantId}`, {
      body: GOOD_BRAND,
      headers: { authorization: "Bearer not-the-operator-token-at-all" },
    });
    expect(wrongOperator.status).toBe(401);
    const noTenant = await api("PUT", "/v1/branding", { body: GOOD_BRAND, headers: OPERATOR });
    expect(noTenant.status).toBe(422);
    expect(noTenant.json.error.message).toMatch(/^tenant_id: /);
    expect((await putBrand("tn_does_not_exist", GOOD_BRAND)).status).toBe(404);
    expect((await putPicture(t.tenantId, "logo", await logoPng(), { authorization: `Bearer ${t.key}` })).status).toBe(403);
    const still = await api("GET", "/v1/branding", { key: t.key });
    expect(still.json.businessName).toBe("Edge Sign");
  });

  it("refuses an account without the white-label add-on (403 naming it), before reading the body; nothing is saved", async () => {
    const t = await makeTenant();
    const r = await putBrand(t.tenantId, GOOD_BRAND);
    expect(r.status).toBe(403);
    expect(r.json.error).toMatchObject({ code: "forbidden", message: expect.stringContaining("white-label add-on") });
    expect((await putBrand(t.tenantId, { businessName: "" })).status).toBe(403);
    expect((await putPicture(t.tenantId, "logo", await logoPng())).status).toBe(403);
    await whiteLabel(t.tenantId);
    // Turning it on later shows that nothing was kept from the refused calls.
    const g = await api("GET", "/v1/branding", { key: t.key });
    expect(g.json).toMatchObject({ businessName: "Edge Sign", hasLogo: false });
  });
});

describe("PUT /v1/branding: rules", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    [
      "text on background below 4.5:1",
      { textColor: "#999999", backgroundColor: "#ffffff" },
      /^textColor: #999999 on backgroundColor #ffffff has a contrast of 2\.8\d?:1/,
    ],
    ["button text on primary below 4.5:1", { buttonTextColor: "#ffffff", primaryColor: "#ffcc00" }, /^buttonTextColor: #ffffff on primaryColor #ffcc00/],
    ["a colour not #rrggbb", { primaryColor: "#abc" }, /^primaryColor: must be a colour written #rrggbb/],
    ["a colour by name", { accentColor: "red" }, /^accentColor: /],
    ["a footer over 500 characters", { footerText: "x".repeat(501) }, /^footerText: /],
    ["an empty business name", { businessName: " " }, /^businessName: /],
    ["an unknown field", { logo: "x" }, /^logo: is not an accepted field/],
    ["a missing colour", { textColor: undefined }, /^textColor: is required/],
    ["the service's own host", { signingHost: "sign.example.test" }, /^signingHost: is the service's own host/],
    ["an IP address", { signingHost: "203.0.113.9" }, /^signingHost: must be a host name, not an IP address/],
    ["a URL", { signingHost: "https://sign.acme.test" }, /^signingHost: must be a host name only/],
    ["a port", { signingHost: "sign.acme.test:8443" }, /^signingHost: must be a host name only/],
    ["a single label", { signingHost: "localhost" }, /^signingHost: must be a full host name/],
    ["a bad label", { signingHost: "-sign.acme.test" }, /^signingHost: must be made of labels/],
    ["a Unicode host", { signingHost: "signé.acme.test" }, /^signingHost: must be written in its ASCII \(xn--\) form/],
  ];
  it.each(cases)("refuses %s (422 naming the field); nothing changes", async (_, over, message) => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    const r = await putBrand(t.tenantId, { ...GOOD_BRAND, businessName: "Changed", ...over });
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    expect(r.json.error.message).toMatch(message);
    const g = await api("GET", "/v1/branding", { key: t.key });
    expect(g.json.businessName).toBe(GOOD_BRAND.businessName);
  });

  it("names both pairs when both fail", async () => {
    const t = await makeTenant();
    await whiteLabel(t.tenantId);
    const r = await putBrand(t.tenantId, { ...GOOD_BRAND, textColor: "#eeeeee", buttonTextColor: "#7a1f5d" });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/^textColor: /);
    expect(r.json.error.hint).toMatch(/buttonTextColor: /);
  });

  it("stores colours and the host lower-case; a PUT replaces the settings (missing footer and host clear them)", async () => {
    const t = await makeTenant();
    const host = `Sign-${crypto.randomUUID().slice(0, 8)}.Acme.test`;
    const saved = await brandedTenant(t.tenantId, { primaryColor: "#7A1F5C", signingHost: host });
    expect(saved).toMatchObject({ primaryColor: "#7a1f5c", signingHost: host.toLowerCase(), footerText: GOOD_BRAND.footerText });
    const { footerText: _f, ...rest } = GOOD_BRAND;
    const replaced = await putBrand(t.tenantId, rest);
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ footerText: "", signingHost: "sign.example.test" });
    const cleared = await putBrand(t.tenantId, { ...GOOD_BRAND, signingHost: null });
    expect(cleared.json.signingHost).toBe("sign.example.test");
  });

  it("records who changed the brand on the account's audit trail", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    await putPicture(t.tenantId, "logo", await logoPng());
    const rows = await env.DB.prepare("SELECT actor, action, detail FROM audit_log WHERE tenant_id = ? AND action LIKE 'branding.%' ORDER BY created_at")
      .bind(t.tenantId)
      .all<{ actor: string; action: string; detail: string }>();
    expect(rows.results.map((r) => [r.actor, r.action])).toEqual([
      ["operator", "branding.updated"],
      ["operator", "branding.picture_stored"],
    ]);
    expect(JSON.parse(rows.results[0]!.detail)).toMatchObject({ businessName: GOOD_BRAND.businessName, primaryColor: GOOD_BRAND.primaryColor });
    expect(JSON.parse(rows.results[1]!.detail)).toMatchObject({ picture: "logo", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("gives one signing host to one account only (409)", async () => {
    const host = `sign-${crypto.randomUUID().slice(0, 8)}.shared.test`;
    const a = await makeTenant();
    const b = await makeTenant();
    await brandedTenant(a.tenantId, { signingHost: host });
    await whiteLabel(b.tenantId);
    const r = await putBrand(b.tenantId, { ...GOOD_BRAND, signingHost: host.toUpperCase() });
    expect(r.status).toBe(409);
    expect(r.json.error.message).toMatch(/^signingHost: /);
    // The same account may save it again.
    expect((await putBrand(a.tenantId, { ...GOOD_BRAND, signingHost: host })).status).toBe(200);
  });

  it("checks host names by the rules of DNS", () => {
    const own = "sign.example.com";
    expect(signingHostProblem("sign.acme.co.uk", own)).toBeNull();
    expect(signingHostProblem("xn--sign-9ra.acme.test", own)).toBeNull();
    expect(signingHostProblem(`${"a".repeat(64)}.acme.test`, own)).toMatch(/labels/);
    expect(signingHostProblem(`${"a.".repeat(127)}test`, own)).toMatch(/253/);
    expect(signingHostProblem("sign.acme.test.", own)).toMatch(/dot/);
    expect(signingHostProblem("sign_x.acme.test", own)).toMatch(/labels/);
    expect(signingHostProblem(own, own)).toMatch(/own host/);
  });
});

describe("PUT /v1/branding/logo, /logo-dark, /opening", () => {
  it("stores a PNG logo and serves it: content type, nosniff, immutable with the current v, short without", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    const bytes = await logoPng();
    const r = await putPicture(t.tenantId, "logo", bytes);
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ hasLogo: true, hasDarkLogo: false });
    const plain = await api("GET", `/brand/${t.tenantId}/logo.png`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("image/png");
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=60");
    const etag = plain.headers.get("etag")!;
    const v = /^"(\d+)"$/.exec(etag)![1]!;
    const versioned = await fetchBytes(`/brand/${t.tenantId}/logo.png?v=${v}`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(versioned.bytes).toEqual(bytes);
    const stale = await api("GET", `/brand/${t.tenantId}/logo.png?v=1`);
    expect(stale.headers.get("cache-control")).toBe("public, max-age=60");
    const again = await api("GET", `/brand/${t.tenantId}/logo.png`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect((await api("GET", `/brand/${t.tenantId}/logo-dark.png`)).status).toBe(404);
    expect((await api("GET", `/brand/${t.tenantId}/opening.jpg`)).status).toBe(404);
  });

  it("stores a JPEG opening image (over the 1 MB API limit, under its 2 MB) with openingUpdatedAt and v", async () => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    const bytes = openingJpeg(160, 90, 1_500_000);
    const r = await putPicture(t.tenantId, "opening", bytes);
    expect(r.status, r.text).toBe(200);
    expect(r.json.hasOpening).toBe(true);
    expect(r.json.openingUpdatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(r.json.openingUrl).toBe(`${BASE}/brand/${t.tenantId}/opening.jpg?v=${Date.parse(r.json.openingUpdatedAt)}`);
    const got = await fetchBytes(new URL(r.json.openingUrl).pathname + new URL(r.json.openingUrl).search);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/jpeg");
    expect(got.headers.get("cache-control")).toContain("immutable");
    expect(got.bytes.length).toBe(bytes.length);
  });

  it("a first picture saves a brand with the account's name and the service's colours", async () => {
    const t = await makeTenant();
    await whiteLabel(t.tenantId);
    const r = await putPicture(t.tenantId, "logo-dark", await logoPng());
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ businessName: expect.stringMatching(/^Acme /), primaryColor: "#0b57d0", hasDarkLogo: true, footerText: "" });
  });

  const bad: [string, "logo" | "opening", () => Promise<Uint8Array> | Uint8Array, number, RegExp][] = [
    ["a JPEG as a logo", "logo", () => openingJpeg(), 422, /^logo: the file is not a PNG/],
    ["a PNG as the opening image", "opening", () => logoPng(), 422, /^opening: the file is not a JPEG/],
    ["text calling itself a PNG", "logo", () => new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), 422, /^logo: the file is not a PNG/],
    ["an empty body", "logo", () => new Uint8Array(0), 422, /^logo: the file is empty/],
    ["a PNG cut short", "logo", async () => (await logoPng()).slice(0, 60), 422, /^logo: the PNG (is cut short|has no)/],
    [
      "a PNG with a damaged chunk",
      "logo",
      async () => {
        const b = await logoPng();
        b[50] = b[50]! ^ 0xff;
        return b;
      },
      422,
      /^logo: the PNG's \w+ chunk is damaged/,
    ],
    [
      "a PNG whose data is not zlib",
      "logo",
      () => concatBytes([PNG_SIGNATURE, ihdr(4, 4), chunk("IDAT", new TextEncoder().encode("not zlib at all")), chunk("IEND", new Uint8Array(0))]),
      422,
      /^logo: the PNG's image data is not a valid zlib stream/,
    ],
    ["a PNG over 2048 pixels a side", "logo", () => logoPng(2049, 1), 422, /^logo: the picture is 2049 × 1 pixels/],
    ["a logo over 512 KB", "logo", () => logoPng(8, 8, [1, 2, 3, 255], 530_000), 413, /^logo: the file \(\d+ bytes\) is over 512 KB/],
    ["a JPEG cut short", "opening", () => openingJpeg().slice(0, 300), 422, /^opening: the JPEG has no end marker/],
    ["an opening image over 2 MB", "opening", () => openingJpeg(16, 16, 2_100_000), 413, /^opening: the file \(\d+ bytes\) is over 2048 KB/],
  ];
  it.each(bad)("refuses %s; nothing is stored", async (_, picture, make, status, message) => {
    const t = await makeTenant();
    await brandedTenant(t.tenantId);
    const r = await putPicture(t.tenantId, picture, await make());
    expect(r.status, r.text).toBe(status);
    expect(r.json.error.message).toMatch(message);
    const g = await api("GET", "/v1/branding", { key: t.key });
    expect(g.json).toMatchObject({ hasLogo: false, hasOpening: false });
    expect(await env.FILES.head(`brand/${t.tenantId}/${picture === "logo" ? "logo.png" : "opening.jpg"}`)).toBeNull();
  });

  it("answers 404 for an account without the picture, an unknown account and an account without white-label", async () => {
    const t = await makeTenant();
    expect((await api("GET", `/brand/${t.tenantId}/logo.png`)).status).toBe(404);
    expect((await api("GET", "/brand/tn_nobody/opening.jpg")).status).toBe(404);
    expect((await api("GET", "/brand/tn_nobody/other.png")).status).toBe(404);
  });
});

async function fetchBytes(path: string) {
  const { exports } = await import("cloudflare:workers");
  const res = await exports.default.fetch(`${BASE}${path}`);
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("PUT /v1/branding from a dashboard session", () => {
  /** A PUT carrying the browser's session cookie (JSON or bytes), as the dashboard's own page sends it. */
  async function sessionPut(cookie: string, path: string, body: BodyInit, type: string, origin = BASE) {
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch(`${BASE}${path}`, {
      method: "PUT",
      headers: { cookie, "content-type": type, origin, "cf-connecting-ip": "203.0.113.7" },
      body,
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }
  const cookieOf = (b: { cookies: Map<string, string> }) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

  it.each(["owner", "admin"] as const)("an %s sets the brand and a logo of their own account (tenant_id is not needed, and not obeyed)", async (role) => {
    const t = await makeTenant();
    const other = await makeTenant();
    await whiteLabel(t.tenantId);
    await whiteLabel(other.tenantId);
    const b = await sessionFor(await makeMember(t.tenantId, role));
    const r = await sessionPut(cookieOf(b), `/v1/branding?tenant_id=${other.tenantId}`, JSON.stringify(GOOD_BRAND), "application/json");
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ tenantId: t.tenantId, businessName: GOOD_BRAND.businessName });
    const logo = await sessionPut(cookieOf(b), "/v1/branding/logo", await logoPng(), "image/png");
    expect(logo.status).toBe(200);
    expect((await api("GET", "/v1/branding", { key: other.key })).json.businessName).toBe("Edge Sign");
    const audit = await env.DB.prepare("SELECT actor FROM audit_log WHERE tenant_id = ? AND action = 'branding.updated'")
      .bind(t.tenantId)
      .first<{ actor: string }>();
    expect(audit?.actor).toMatch(/^member:/);
  });

  it.each(["member", "viewer"] as const)("a %s is refused (403); nothing changes", async (role) => {
    const t = await makeTenant();
    await whiteLabel(t.tenantId);
    const b = await sessionFor(await makeMember(t.tenantId, role));
    const r = await sessionPut(cookieOf(b), "/v1/branding", JSON.stringify(GOOD_BRAND), "application/json");
    expect(r.status).toBe(403);
    expect(r.json.error.message).toContain("owners and admins");
    expect((await sessionPut(cookieOf(b), "/v1/branding/logo", await logoPng(), "image/png")).status).toBe(403);
    expect((await api("GET", "/v1/branding", { key: t.key })).json.businessName).toBe("Edge Sign");
  });

  it("refuses a session's request from another origin (403), and an account without the add-on (403)", async () => {
    const t = await makeTenant();
    const b = await sessionFor(await makeMember(t.tenantId, "owner"));
    const noAddOn = await sessionPut(cookieOf(b), "/v1/branding", JSON.stringify(GOOD_BRAND), "application/json");
    expect(noAddOn.status).toBe(403);
    expect(noAddOn.json.error.message).toContain("white-label add-on");
    await whiteLabel(t.tenantId);
    const foreign = await sessionPut(cookieOf(b), "/v1/branding", JSON.stringify(GOOD_BRAND), "application/json", "https://evil.example");
    expect(foreign.status).toBe(403);
    expect((await api("GET", "/v1/branding", { key: t.key })).json.businessName).toBe("Edge Sign");
  });
});
