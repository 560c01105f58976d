/**
 * Branding: `GET /v1/branding` (any key with signing:read), the writes `PUT /v1/branding`,
 * `/logo`, `/logo-dark`, `/opening` (the operator, or an owner/admin dashboard session; never
 * an API key), and the pictures at `/brand/{tenant_id}/logo.png|logo-dark.png|opening.jpg`.
 *
 * The writes are the dashboard's and the operator's, not the integrators', so like `/ops/v1`
 * they stay out of /openapi.json; docs/branding.md describes them. The operator names the
 * account with the query parameter `tenant_id`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { uploadLimitOf } from "../http/body-limit";
import type { AppEnv } from "../env";
import { ApiError, invalid, unauthorized } from "../lib/errors";
import { errorResponse } from "../http/errors";
import { authenticate, clientAddress } from "../http/auth";
import { sha256Hex, timingSafeEqual } from "../lib/crypto";
import { commonErrors, errorContent, createRouter, jsonBody, jsonResponse, keyed, keyedErrors } from "../http/router";
import { text } from "../lib/text";
import { BRAND_PICTURE_LIMITS } from "../lib/image";
import {
  BRAND_PICTURES,
  BrandingInput,
  type BrandPicture,
  brandPictureOf,
  getBranding,
  pictureTooLarge,
  requireBrandable,
  saveBranding,
  saveBrandPicture,
} from "../domain/branding";
import { hostAccountOf } from "./signing-host";
import { actorOf, sameOrigin, sessionMember } from "../http/session";
import { can } from "../domain/members";

const Branding = z
  .object({
    businessName: z.string(),
    whiteLabelEnabled: z.boolean(),
    primaryColor: z.string(),
    accentColor: z.string(),
    backgroundColor: z.string(),
    textColor: z.string(),
    buttonTextColor: z.string(),
    hasLogo: z.boolean(),
    hasDarkLogo: z.boolean(),
    hasOpening: z.boolean(),
    openingType: z.string(),
    openingUpdatedAt: z.string().nullable(),
    signingHost: z.string(),
    footerText: z.string(),
    tenantId: z.string(),
    logoUrl: z.string(),
    logoDarkUrl: z.string(),
    openingUrl: z.string(),
  })
  .openapi("Branding");

/** Who is setting the brand, and for which account (set by `brandEditor`). */
const editors = new WeakMap<Request, { tenantId: string; actor: string }>();
const editorOf = (c: Context<AppEnv>) => editors.get(c.req.raw)!;

/**
 * The writes' access: `Authorization: Bearer <OPERATOR_TOKEN>` with `?tenant_id=`, or an owner or
 * admin dashboard session. An API key is refused (403): keys cannot change the brand. Then the
 * account must have the white-label add-on (403 otherwise), before the body is read.
 */
const brandEditor: MiddlewareHandler<AppEnv> = async (c, next) => {
  const authorization = c.req.header("authorization");
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  const operatorToken = c.env.OPERATOR_TOKEN;
  if (bearer && operatorToken && timingSafeEqual(await sha256Hex(bearer), await sha256Hex(operatorToken))) {
    const tenantId = c.req.query("tenant_id");
    if (!tenantId) throw invalid("tenant_id: is required when the operator sets a brand (query parameter).", "PUT /v1/branding?tenant_id=<account id>");
    await requireBrandable(c.env, tenantId);
    editors.set(c.req.raw, { tenantId, actor: "operator" });
    return next();
  }
  // No bearer token: a dashboard session (owner or admin), from the service's own pages only.
  const s = bearer ? null : await sessionMember(c);
  if (s) {
    if (!can(s.role, "branding.manage")) throw new ApiError("forbidden", `A ${s.role} cannot change the brand: owners and admins can.`);
    if (!sameOrigin(c)) throw new ApiError("forbidden", "The brand is changed from the dashboard's own pages only (the request came from another origin).");
    await requireBrandable(c.env, s.tenantId);
    editors.set(c.req.raw, { tenantId: s.tenantId, actor: actorOf(s) });
    return next();
  }
  if (bearer && (await authenticate(c.env, authorization, clientAddress(c.req.raw)))) {
    throw new ApiError(
      "forbidden",
      "An API key cannot set the brand: it is set from the dashboard (owner or admin) or by the operator.",
      "Sign in to the dashboard at /app as an owner or admin.",
    );
  }
  throw unauthorized();
};

/** The bytes of a picture upload, refused (413) past the picture's own limit whether or not Content-Length is sent. */
function pictureBody(picture: BrandPicture): MiddlewareHandler<AppEnv> {
  const max = BRAND_PICTURE_LIMITS[BRAND_PICTURES[picture].kind].maxBytes;
  return uploadLimitOf(max, (c) => {
    const length = Number(c.req.header("content-length"));
    throw pictureTooLarge(picture, Number.isFinite(length) && length > 0 ? length : null);
  });
}

const editor = { hide: true as const, tags: ["branding"], middleware: [brandEditor] };
const editorErrors = { ...commonErrors, 401: keyedErrors[401], 403: keyedErrors[403] };
const tenantQuery = z.object({ tenant_id: text().min(1).max(64).optional() });

export const branding = createRouter();

branding.openapi(
  createRoute({
    method: "get",
    path: "/v1/branding",
    operationId: "getBranding",
    tags: ["branding"],
    summary: "The brand the account's pages, messages and PDFs wear",
    description:
      "The service's own brand until the account has the white-label add-on (set by the operator) and has saved a brand. " +
      "`signingHost` is the host signing links use (the service's own without a brand). `openingUpdatedAt` is null when there is no opening image; " +
      "the picture URLs are always given (each answers 404 while `has…` is false) and `openingUrl` carries `v`, the image's version.",
    ...keyed("signing:read"),
    responses: {
      200: jsonResponse(Branding, "The brand worn", {
        businessName: "Demo Company",
        whiteLabelEnabled: false,
        primaryColor: "#1f4e79",
        accentColor: "#f2a900",
        backgroundColor: "#ffffff",
        textColor: "#1a1a1a",
        buttonTextColor: "#ffffff",
        hasLogo: true,
        hasDarkLogo: false,
        hasOpening: false,
        openingType: "image/jpeg",
        openingUpdatedAt: null,
        signingHost: "sign.example.com",
        footerText: "",
        tenantId: "ten_4n8q2x7m1k9b3p5r0t6v",
        logoUrl: "https://sign.example.com/brand/ten_4n8q2x7m1k9b3p5r0t6v/logo.png",
        logoDarkUrl: "https://sign.example.com/brand/ten_4n8q2x7m1k9b3p5r0t6v/logo-dark.png",
        openingUrl: "https://sign.example.com/brand/ten_4n8q2x7m1k9b3p5r0t6v/opening.jpg?v=0",
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await getBranding(c.env, c.get("principal").tenantId), 200),
);

branding.openapi(
  createRoute({
    ...editor,
    method: "put",
    path: "/v1/branding",
    summary: "Replace the brand's settings (operator or owner/admin session)",
    request: { query: tenantQuery, ...jsonBody(BrandingInput) },
    responses: {
      200: jsonResponse(Branding, "The brand now worn"),
      409: errorContent("Another account uses this signing host."),
      ...editorErrors,
    },
  }),
  async (c) => c.json(await saveBranding(c.env, editorOf(c).tenantId, c.req.valid("json"), editorOf(c).actor), 200),
);

for (const picture of Object.keys(BRAND_PICTURES) as BrandPicture[]) {
  branding.openapi(
    createRoute({
      ...editor,
      middleware: [pictureBody(picture), brandEditor],
      method: "put",
      path: `/v1/branding/${picture}`,
      summary: `Store the brand's ${picture === "opening" ? "opening image (JPEG ≤ 2 MB)" : `${picture === "logo" ? "" : "dark "}logo (PNG ≤ 512 KB)`}`,
      request: { query: tenantQuery },
      responses: { 200: jsonResponse(Branding, "The brand now worn"), ...editorErrors },
    }),
    async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(await saveBrandPicture(c.env, editorOf(c).tenantId, picture, bytes, editorOf(c).actor), 200);
    },
  );
}

const YEAR = 365 * 24 * 3600;

for (const picture of Object.keys(BRAND_PICTURES) as BrandPicture[]) {
  branding.get(`/brand/:tenant_id/${BRAND_PICTURES[picture].file}`, async (c) => {
    const tenantId = c.req.param("tenant_id");
    const host = hostAccountOf(c);
    const file = host && host !== tenantId ? null : await brandPictureOf(c.env, tenantId, picture);
    const missing = () =>
      errorResponse(c, new ApiError("not_found", `No ${picture} for this account.`, "The account has no such picture, or does not wear its own brand."));
    if (!file) return missing();
    const v = c.req.query("v");
    const headers: Record<string, string> = {
      "Content-Type": file.type,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      ETag: `"${file.version}"`,
      // A versioned address never changes; the bare one may, so caches ask again after a minute.
      "Cache-Control": v === file.version ? `public, max-age=${YEAR}, immutable` : "public, max-age=60",
    };
    if (c.req.header("if-none-match") === `"${file.version}"`) return c.body(null, 304, headers);
    const object = await c.env.FILES.get(file.key);
    if (!object) return missing();
    return c.body(object.body, 200, { ...headers, "Content-Length": String(object.size) });
  });
}
