/**
 * Body limits are declared by the routes (src/http/body-limit.ts): one megabyte for every request
 * unless the route it reaches declares more. These tests walk the app's route table, so a route
 * added without a limit, or with a larger one nobody listed here, fails them.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { everyRoute } from "../src/app";
import { MAX_BODY_BYTES, MAX_SIGN_BODY_BYTES, declaredLimit } from "../src/http/body-limit";
import { PDF_TEMPLATE_LIMITS } from "../src/domain/pdf-templates";
import { BRAND_PICTURE_LIMITS } from "../src/lib/image";
import { BASE } from "./helpers";
import { UPLOAD_MAX_BYTES } from "../src/domain/signer-files";

/** Every route the service serves (src/app.ts: each group's own). */
const routes = await everyRoute();

/** Every route that takes more than the default, with what it takes. A new one is a decision: list it here. */
const LARGER: Record<string, number> = {
  "POST /v1/templates/pdf": PDF_TEMPLATE_LIMITS.maxBytes,
  "PUT /v1/templates/:id/pages/:n": PDF_TEMPLATE_LIMITS.pictureMaxBytes,
  "PUT /v1/branding/opening": BRAND_PICTURE_LIMITS.opening.maxBytes,
  // The dashboard's upload forms allow for the multipart envelope around the file.
  "POST /app/templates/pdf": PDF_TEMPLATE_LIMITS.maxBytes + 64 * 1024,
  "POST /app/templates/:id/pages/:n": PDF_TEMPLATE_LIMITS.pictureMaxBytes + 64 * 1024,
  "POST /app/branding/opening": BRAND_PICTURE_LIMITS.opening.maxBytes + 16 * 1024,
  "POST /v1/sign/:token": MAX_SIGN_BODY_BYTES,
  "POST /s/:token/sign": MAX_SIGN_BODY_BYTES,
  "POST /t/sign/sign": MAX_SIGN_BODY_BYTES,
  // Files from signers: the largest a field takes; the page's form allows for the multipart envelope.
  "POST /v1/sign/:token/files/:key": UPLOAD_MAX_BYTES.file!,
  "POST /s/:token/files/:key": UPLOAD_MAX_BYTES.file! + 64 * 1024,
  "POST /t/sign/files/:key": UPLOAD_MAX_BYTES.file! + 64 * 1024,
};

/** Every route that takes a body (all but GET, HEAD and the middleware registered for all methods). */
const served = [...new Set(routes.filter((r) => !["GET", "HEAD", "ALL"].includes(r.method)).map((r) => `${r.method} ${r.path}`))];

/** The largest limit declared by the handlers registered on exactly this route (its method, or all methods). */
const declaredFor = (route: string) => {
  const [method, path] = route.split(" ") as [string, string];
  return declaredLimit(routes.filter((r) => r.path === path && (r.method === method || r.method === "ALL")).map((r) => r.handler))?.bytes ?? null;
};

const OVER_DEFAULT = new Uint8Array(MAX_BODY_BYTES + 1);
const send = (route: string) => {
  const [method, path] = route.split(" ") as [string, string];
  return exports.default.fetch(`${BASE}${path.replace(/:\w+/g, "x")}`, {
    method,
    headers: { "content-type": "application/octet-stream", "cf-connecting-ip": "203.0.113.9" },
    body: OVER_DEFAULT,
  });
};

describe("body limits declared by the routes", () => {
  it("walks a route table with the API, the pages, the dashboard and the operator API in it", () => {
    for (const route of ["POST /v1/documents", "POST /oauth/token", "POST /app/keys", "POST /ops/v1/tenants", "POST /t/sign/sign"]) {
      expect(served).toContain(route);
    }
  });

  it("the routes that take more than one megabyte are exactly the uploads and the signing requests, each with its own limit", () => {
    const larger = Object.fromEntries(
      served.flatMap((route) => {
        const bytes = declaredFor(route);
        return bytes !== null && bytes > MAX_BODY_BYTES ? [[route, bytes]] : [];
      }),
    );
    expect(larger).toEqual(LARGER);
  });

  it("every other route refuses a body over one megabyte with 413, before anything else", async () => {
    const others = served.filter((route) => !(route in LARGER));
    expect(others.length).toBeGreaterThan(80);
    const answers: string[] = [];
    for (const route of others) answers.push(`${route} ${(await send(route)).status}`);
    expect(answers).toEqual(others.map((route) => `${route} 413`));
  });

  it("paths no route serves, and methods a path does not take, are under the default too", async () => {
    for (const route of ["POST /v1/nowhere", "PUT /app/nowhere", "DELETE /v1/templates/pdf", "POST /v1/branding/opening", "PATCH /s/x/sign"]) {
      const res = await send(route);
      expect(`${route} ${res.status}`).toBe(`${route} 413`);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("too_large");
    }
  });

  it("the routes with a larger limit are not refused by the default", async () => {
    for (const route of Object.keys(LARGER)) {
      const res = await send(route);
      expect(`${route} ${res.status}`).not.toBe(`${route} 413`);
    }
  });
});
