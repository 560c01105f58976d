/**
 * White-label branding: an account's saved brand, and the brand every page, message and PDF
 * wears. The brand worn is the service's own until the account has the white-label add-on
 * (`tenants.white_label`, set by the operator) and has saved a brand (any of the settings or a
 * picture). A saved brand survives the add-on being turned off; it is simply not worn until it
 * is turned on again. Rules (colours, contrast, the signing host, the pictures) live here; the
 * routes only read requests and answer. docs/branding.md says why each rule is what it is.
 */
import { findOnShards } from "../db/shards";
import { forgetSigningHosts } from "./signing-hosts";
import { z } from "@hono/zod-openapi";
import type { Env } from "../env";
import { plainText, text } from "../lib/text";
import type { PdfBrand } from "./evidence-pdf/certificate";
import { auditEntry } from "./accounts";
import { ApiError, invalid } from "../lib/errors";
import { publicBaseUrl } from "../lib/config";
import { sha256Hex } from "../lib/crypto";
import { BRAND_PICTURE_LIMITS, PictureError, checkBrandPicture, logoForPdf } from "../lib/image";
import {
  type BrandingRow,
  type BrandingSettings,
  type PictureColumn,
  setPictureVersion,
  signingHostTakenByOther,
  tenantWithBranding,
  upsertBrandingSettings,
} from "../db/branding";

/** The service's own brand: what every account wears without white-label. */
export const SERVICE_BRAND = {
  businessName: "Edge Sign",
  primaryColor: "#0b57d0",
  accentColor: "#0b57d0",
  backgroundColor: "#ffffff",
  textColor: "#1b1b1f",
  buttonTextColor: "#ffffff",
  footerText: "Electronic signatures by Edge Sign.",
} as const;

/** WCAG 2 AA for normal text: what text on the background and button text on the button must reach. */
export const MIN_CONTRAST = 4.5;

export const COLOR_FIELDS = ["primaryColor", "accentColor", "backgroundColor", "textColor", "buttonTextColor"] as const;
export type ColorField = (typeof COLOR_FIELDS)[number];
export type BrandColors = Record<ColorField, string>;

/** The pictures of a brand: where each is stored and served, and the column keeping its version. */
export const BRAND_PICTURES = {
  logo: { file: "logo.png", column: "logoUpdatedAt", kind: "logo", type: BRAND_PICTURE_LIMITS.logo.type },
  "logo-dark": { file: "logo-dark.png", column: "logoDarkUpdatedAt", kind: "logo", type: BRAND_PICTURE_LIMITS.logo.type },
  opening: { file: "opening.jpg", column: "openingUpdatedAt", kind: "opening", type: BRAND_PICTURE_LIMITS.opening.type },
} as const satisfies Record<string, { file: string; column: PictureColumn; kind: "logo" | "opening"; type: string }>;
export type BrandPicture = keyof typeof BRAND_PICTURES;

export const brandObjectKey = (tenantId: string, picture: BrandPicture) => `brand/${tenantId}/${BRAND_PICTURES[picture].file}`;

// ---- colours -----------------------------------------------------------------------------------

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The pairs that must be readable: text on the background, button text on the button. */
const PAIRS = [
  ["textColor", "backgroundColor", "text on the background"],
  ["buttonTextColor", "primaryColor", "button text on the button (primary colour)"],
] as const;

/** The pairs below 4.5:1, each as a sentence starting with the field, e.g. `textColor: …`. */
export function contrastProblems(c: BrandColors): string[] {
  return PAIRS.flatMap(([fg, bg, what]) => {
    const ratio = contrastRatio(c[fg], c[bg]);
    if (ratio >= MIN_CONTRAST) return [];
    const shown = Math.floor(ratio * 100) / 100;
    return [`${fg}: ${c[fg]} on ${bg} ${c[bg]} has a contrast of ${shown}:1 (${what}); at least ${MIN_CONTRAST}:1 is needed`];
  });
}

// ---- the signing host ----------------------------------------------------------------------------

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Why a signing host is refused, or null when it is acceptable: a lower-case DNS host name of at
 * least two labels (letters, digits, hyphens; internationalised names in their `xn--` form),
 * at most 253 characters, not an IP address, no scheme, port, path or trailing dot, and not the
 * service's own host (links there already work without a brand).
 */
export function signingHostProblem(host: string, serviceHost: string): string | null {
  if (host.length > 253) return "is longer than 253 characters";
  if (/[/:?#@\s]/.test(host)) return "must be a host name only (no scheme, port, path or spaces), e.g. sign.example.com";
  if (host.endsWith(".")) return "must not end with a dot";
  const labels = host.split(".");
  if (labels.length < 2) return "must be a full host name with a domain, e.g. sign.example.com";
  if (!labels.every((l) => LABEL.test(l))) {
    return /[^ -~]/.test(host)
      ? "must be written in its ASCII (xn--) form"
      : "must be made of labels of letters, digits and hyphens (1-63 characters, no hyphen at either end)";
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return "must be a host name, not an IP address";
  if (host === serviceHost) return "is the service's own host; leave it empty to use the service's host";
  return null;
}

// ---- reading ---------------------------------------------------------------------------------------

/** The brand an account wears, for pages, messages and PDFs (see `brandOf`). */
export type Brand = {
  tenantId: string;
  /** True when the account's own brand is worn (white-label on and a brand saved). */
  whiteLabel: boolean;
  /** The add-on flag itself, whether or not a brand is saved. */
  whiteLabelEnabled: boolean;
  businessName: string;
  colors: BrandColors;
  footerText: string;
  /** Host that signing links use; null for the service's own. */
  signingHost: string | null;
  /** Origin of signing links (scheme and port of PUBLIC_BASE_URL, the brand's host). */
  signingOrigin: string;
  /** Paths (`/brand/…?v=…`, same origin as the page) of the pictures worn; null when absent. */
  logoPath: string | null;
  logoDarkPath: string | null;
  openingPath: string | null;
  /** When the opening image was stored (null = none). */
  openingUpdatedAt: string | null;
};

/** The `v` of a picture's address: its storage time in milliseconds. */
export const pictureVersion = (at: string) => String(Date.parse(at));

/** PUBLIC_BASE_URL's origin with this host (null: unchanged): the origin of signing links for `wornSigningHost`. */
export function originWithHost(env: Env, host: string | null): string {
  const base = new URL(publicBaseUrl(env));
  if (host) base.hostname = host;
  return base.origin;
}

/** The host an account's signing links use: its brand's while the brand is worn (white-label on and a brand saved), else null. */
export const wornSigningHost = (whiteLabelEnabled: boolean, row: Pick<BrandingRow, "signingHost"> | null) =>
  whiteLabelEnabled && row !== null ? row.signingHost : null;

function wornBrand(env: Env, tenantId: string, whiteLabelEnabled: boolean, row: BrandingRow | null): Brand {
  const worn = whiteLabelEnabled && row !== null;
  const path = (picture: BrandPicture, at: string | null | undefined) =>
    worn && at ? `/brand/${encodeURIComponent(tenantId)}/${BRAND_PICTURES[picture].file}?v=${pictureVersion(at)}` : null;
  const source = worn ? row : SERVICE_BRAND;
  const signingHost = wornSigningHost(whiteLabelEnabled, row);
  return {
    tenantId,
    whiteLabel: worn,
    whiteLabelEnabled,
    businessName: source.businessName,
    colors: Object.fromEntries(COLOR_FIELDS.map((f) => [f, source[f]])) as BrandColors,
    footerText: source.footerText,
    signingHost,
    signingOrigin: originWithHost(env, signingHost),
    logoPath: path("logo", row?.logoUpdatedAt),
    logoDarkPath: path("logo-dark", row?.logoDarkUpdatedAt),
    openingPath: path("opening", row?.openingUpdatedAt),
    openingUpdatedAt: worn ? (row.openingUpdatedAt ?? null) : null,
  };
}

/**
 * The brand an account wears (one D1 round trip): its own when white-label is on and a brand is
 * saved, the service's otherwise. For the signer's page, the public form, the kiosk, messages
 * and PDFs. An unknown account wears the service's brand.
 */
export async function brandOf(env: Env, tenantId: string): Promise<Brand> {
  const t = await tenantWithBranding(env, tenantId);
  return wornBrand(env, tenantId, t?.whiteLabel ?? false, t?.brand ?? null);
}

/** A signing link as the account's brand makes it: `{signingOrigin}/s/{token}`. */
export const signingLink = (brand: Pick<Brand, "signingOrigin">, token: string) => `${brand.signingOrigin}/s/${token}`;

/** The origin an account's signing links use (its signing host while its brand is worn). */
export async function signingOriginOf(env: Env, tenantId: string): Promise<string> {
  return (await brandOf(env, tenantId)).signingOrigin;
}

/** `GET /v1/branding`: the spec's 17 fields of the brand worn. */
export type BrandingView = {
  businessName: string;
  whiteLabelEnabled: boolean;
  primaryColor: string;
  accentColor: string;
  backgroundColor: string;
  textColor: string;
  buttonTextColor: string;
  hasLogo: boolean;
  hasDarkLogo: boolean;
  hasOpening: boolean;
  openingType: string;
  openingUpdatedAt: string | null;
  signingHost: string;
  footerText: string;
  tenantId: string;
  logoUrl: string;
  logoDarkUrl: string;
  openingUrl: string;
};

export function brandingView(env: Env, b: Brand): BrandingView {
  const base = publicBaseUrl(env);
  const at = `${base}/brand/${encodeURIComponent(b.tenantId)}`;
  return {
    businessName: b.businessName,
    whiteLabelEnabled: b.whiteLabelEnabled,
    ...b.colors,
    hasLogo: b.logoPath !== null,
    hasDarkLogo: b.logoDarkPath !== null,
    hasOpening: b.openingPath !== null,
    openingType: BRAND_PICTURES.opening.type,
    openingUpdatedAt: b.openingUpdatedAt,
    signingHost: new URL(b.signingOrigin).hostname,
    footerText: b.footerText,
    tenantId: b.tenantId,
    logoUrl: `${at}/logo.png`,
    logoDarkUrl: `${at}/logo-dark.png`,
    openingUrl: `${at}/opening.jpg?v=${b.openingUpdatedAt ? pictureVersion(b.openingUpdatedAt) : "0"}`,
  };
}

export async function getBranding(env: Env, tenantId: string): Promise<BrandingView> {
  return brandingView(env, await brandOf(env, tenantId));
}

// ---- writing -------------------------------------------------------------------------------------

export const addOnNeeded = () =>
  new ApiError(
    "forbidden",
    "Branding needs the white-label add-on, which this account does not have.",
    'The operator turns it on: PATCH /ops/v1/tenants/{id} {"white_label": true}. Nothing was saved.',
  );

/** The account, refusing an unknown one (404) and one without the add-on (403). */
async function editableAccount(env: Env, tenantId: string) {
  const t = await tenantWithBranding(env, tenantId);
  if (!t) throw new ApiError("not_found", "No such account.");
  if (!t.whiteLabel) throw addOnNeeded();
  return t;
}

/** Refuses an account that cannot be branded; for the routes' access check, before the body is read. */
export async function requireBrandable(env: Env, tenantId: string): Promise<void> {
  await editableAccount(env, tenantId);
}

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: "must be a colour written #rrggbb" });

/** `PUT /v1/branding`'s body; the dashboard's branding page checks its form with it too. */
export const BrandingInput = z
  .object({
    businessName: plainText().trim().min(1).max(200),
    primaryColor: hex,
    accentColor: hex,
    backgroundColor: hex,
    textColor: hex,
    buttonTextColor: hex,
    footerText: plainText().max(500).optional(),
    signingHost: text().max(253).nullable().optional(),
  })
  .strict();
export type BrandingInput = BrandColors & { businessName: string; footerText?: string; signingHost?: string | null };

/**
 * `PUT /v1/branding`: replaces the settings (pictures stay). Colours are stored lower-case;
 * the signing host lower-case, or null. Refusals: 422 naming the field (contrast below 4.5:1,
 * a host that is not acceptable), 409 when another account uses the host.
 */
export async function saveBranding(env: Env, tenantId: string, input: BrandingInput, actor: string): Promise<BrandingView> {
  const colors = Object.fromEntries(COLOR_FIELDS.map((f) => [f, input[f].toLowerCase()])) as BrandColors;
  const problems = contrastProblems(colors);
  if (problems.length)
    throw invalid(`${problems[0]}.`, problems.length > 1 ? `Also ${problems.slice(1).join("; ")}.` : "WCAG 2 AA asks 4.5:1 for normal text.");
  const host = input.signingHost?.trim().toLowerCase() || null;
  if (host) {
    const problem = signingHostProblem(host, new URL(publicBaseUrl(env)).hostname);
    if (problem)
      throw invalid(`signingHost: ${problem}.`, "The host must point at this service (its DNS and certificate are the operator's); see docs/branding.md.");
  }
  await editableAccount(env, tenantId);
  // Unique across every shard: a host leads to one account.
  if (host && (await findOnShards(env, async (e) => ((await signingHostTakenByOther(e, host, tenantId)) ? true : undefined)))) {
    throw new ApiError("conflict", `signingHost: ${host} is already the signing host of another account.`);
  }
  const settings: BrandingSettings = { businessName: input.businessName, ...colors, footerText: input.footerText ?? "", signingHost: host };
  try {
    await upsertBrandingSettings(env, tenantId, settings, new Date().toISOString(), auditEntry(tenantId, actor, "branding.updated", { ...settings }));
  } catch (err) {
    // Two accounts claiming one host at the same moment: the unique index decides.
    if (host && /UNIQUE/i.test(String((err as Error)?.message)))
      throw new ApiError("conflict", `signingHost: ${host} is already the signing host of another account.`);
    throw err;
  }
  forgetSigningHosts();
  return getBranding(env, tenantId);
}

/**
 * `PUT /v1/branding/logo|logo-dark|opening`: checks the bytes (413 over the size, 422 for a file
 * that is not what it must be), stores them in R2, then records the version. A first picture
 * saves the brand with the service's colours and the account's name.
 */
export async function saveBrandPicture(env: Env, tenantId: string, picture: BrandPicture, bytes: Uint8Array, actor: string): Promise<BrandingView> {
  const spec = BRAND_PICTURES[picture];
  const limits = BRAND_PICTURE_LIMITS[spec.kind];
  if (bytes.length > limits.maxBytes) throw pictureTooLarge(picture, bytes.length);
  try {
    await checkBrandPicture(spec.kind, bytes);
  } catch (err) {
    if (err instanceof PictureError) throw invalid(`${picture}: ${err.message}`, pictureHint(picture));
    throw err;
  }
  const t = await editableAccount(env, tenantId);
  await env.FILES.put(brandObjectKey(tenantId, picture), bytes, { httpMetadata: { contentType: spec.type } });
  const { footerText: _ignored, ...colors } = SERVICE_BRAND;
  const audit = auditEntry(tenantId, actor, "branding.picture_stored", { picture, bytes: bytes.length, sha256: await sha256Hex(bytes) });
  await setPictureVersion(env, tenantId, spec.column, new Date().toISOString(), { ...colors, businessName: t.name, footerText: "" }, audit);
  return getBranding(env, tenantId);
}

const pictureHint = (picture: BrandPicture) =>
  picture === "opening" ? "The opening image is a JPEG of at most 2 MB and 6000 pixels a side." : "A logo is a PNG of at most 512 KB and 2048 pixels a side.";

export function pictureTooLarge(picture: BrandPicture, size: number | null): ApiError {
  const max = BRAND_PICTURE_LIMITS[BRAND_PICTURES[picture].kind].maxBytes;
  return new ApiError(
    "too_large",
    `${picture}: the file${size === null ? "" : ` (${size} bytes)`} is over ${max / 1024} KB, the most it may be.`,
    pictureHint(picture),
  );
}

/** A picture of the brand worn: its version, type and R2 key; null when the account does not wear one. */
export async function brandPictureOf(env: Env, tenantId: string, picture: BrandPicture) {
  const b = await brandOf(env, tenantId);
  const path = picture === "logo" ? b.logoPath : picture === "logo-dark" ? b.logoDarkPath : b.openingPath;
  if (!path) return null;
  return { version: path.slice(path.indexOf("?v=") + 3), type: BRAND_PICTURES[picture].type, key: brandObjectKey(tenantId, picture) };
}

// ---- messages ------------------------------------------------------------------------------------

/** What a message's read of the account gives (src/db/messages.ts `messageBrandColumns`): the flag and the saved brand's columns, null without one. */
export type MessageBrandRow = {
  whiteLabel: boolean;
  businessName: string | null;
  primaryColor: string | null;
  buttonTextColor: string | null;
  footerText: string | null;
};

/** The message wording's white background: links in the primary colour only where it stays readable on it. */
const MESSAGE_BACKGROUND = "#ffffff";

/**
 * The values a message wears of the brand (src/domain/message-wording.ts reads them): the business
 * name as `tenant`, the button's colours, the links' colour where it reaches 4.5:1 on white, and
 * the footer. Empty (the service's wording) unless the brand is worn: white-label on and a brand saved.
 */
export function messageBrandValues(r: MessageBrandRow): Record<string, string> {
  if (!r.whiteLabel || r.businessName === null || r.primaryColor === null || r.buttonTextColor === null) return {};
  const out: Record<string, string> = { tenant: r.businessName, brand_primary: r.primaryColor, brand_on_primary: r.buttonTextColor };
  if (contrastRatio(r.primaryColor, MESSAGE_BACKGROUND) >= MIN_CONTRAST) out.brand_link = r.primaryColor;
  if (r.footerText) out.brand_footer = r.footerText;
  return out;
}

// ---- PDFs --------------------------------------------------------------------------------------

/**
 * The brand the certificate and bundle PDF pages wear, read when a file is sealed (a sealed file
 * keeps the brand of that moment): the name, the primary colour and the logo for a white page
 * (the light-background logo, else the dark one), re-encoded by the service. Undefined without
 * white-label.
 */
export async function pdfBrandOf(env: Env, tenantId: string): Promise<PdfBrand | undefined> {
  const b = await brandOf(env, tenantId);
  if (!b.whiteLabel) return undefined;
  const hex = b.colors.primaryColor;
  const primary = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const picture: BrandPicture | null = b.logoPath ? "logo" : b.logoDarkPath ? "logo-dark" : null;
  let logo: Uint8Array | null = null;
  if (picture) {
    const object = await env.FILES.get(brandObjectKey(tenantId, picture));
    if (object) {
      try {
        logo = (await logoForPdf(new Uint8Array(await object.arrayBuffer()), 480, 108)).png;
      } catch (err) {
        if (!(err instanceof PictureError)) throw err;
      }
    }
  }
  return { name: b.businessName, primary, logo };
}
