/** Builders for branding tests: pictures made byte by byte, brand writes as the operator. */
import { concatBytes } from "../src/lib/bytes";
import { exports, env } from "cloudflare:workers";
import { expect } from "vitest";
import jpeg from "jpeg-js";
import { BASE, api } from "./helpers";
import { updateTenant } from "../src/domain/accounts";
import { PNG_SIGNATURE, chunk, deflate, ihdr } from "./png-bytes";

export { PNG_SIGNATURE, chunk, ihdr };

/** A w × h RGBA PNG in one colour; `extra` adds an ancillary chunk of that many bytes (to reach a size). */
export async function logoPng(w = 64, h = 32, rgba: [number, number, number, number] = [200, 30, 60, 255], extra = 0): Promise<Uint8Array> {
  const raw = new Uint8Array(h * (1 + w * 4));
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(rgba, y * (1 + w * 4) + 1 + x * 4);
  const parts = [PNG_SIGNATURE, ihdr(w, h)];
  if (extra) parts.push(chunk("tEXt", new Uint8Array(extra).fill(65)));
  parts.push(chunk("IDAT", await deflate(raw)), chunk("IEND", new Uint8Array(0)));
  return concatBytes(parts);
}

/** A small real JPEG (jpeg-js), optionally padded with a comment segment to reach a size. */
export function openingJpeg(w = 120, h = 80, pad = 0): Uint8Array {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([(i * 7) % 256, (i * 3) % 256, 128, 255], i * 4);
  const bytes = new Uint8Array(jpeg.encode({ width: w, height: h, data }, 80).data);
  if (!pad) return bytes;
  const segments: Uint8Array[] = [bytes.subarray(0, 2)];
  for (let left = pad; left > 0; left -= 65533) {
    const n = Math.min(65533, left);
    const seg = new Uint8Array(4 + n).fill(66);
    seg.set([0xff, 0xfe, ((n + 2) >> 8) & 0xff, (n + 2) & 0xff]);
    segments.push(seg);
  }
  segments.push(bytes.subarray(2));
  return concatBytes(segments);
}

export const OPERATOR = { authorization: `Bearer ${env.OPERATOR_TOKEN}` };

export const GOOD_BRAND = {
  businessName: "Acme Rentals",
  primaryColor: "#7a1f5c",
  accentColor: "#1f5c7a",
  backgroundColor: "#fffdf5",
  textColor: "#222222",
  buttonTextColor: "#ffffff",
  footerText: "Acme Rentals Ltd, 1 Harbour Road.",
};

export const whiteLabel = (tenantId: string, on = true) => updateTenant(env, tenantId, { white_label: on }, "test");

/** PUT /v1/branding as the operator. */
export const putBrand = (tenantId: string, body: unknown, headers: Record<string, string> = OPERATOR) =>
  api("PUT", `/v1/branding?tenant_id=${encodeURIComponent(tenantId)}`, { body, headers });

/** PUT /v1/branding/{picture} with raw bytes, as the operator unless told otherwise. */
export async function putPicture(tenantId: string, picture: "logo" | "logo-dark" | "opening", bytes: Uint8Array, headers: Record<string, string> = OPERATOR) {
  const res = await exports.default.fetch(`${BASE}/v1/branding/${picture}?tenant_id=${encodeURIComponent(tenantId)}`, {
    method: "PUT",
    headers: { "content-type": picture === "opening" ? "image/jpeg" : "image/png", "cf-connecting-ip": "203.0.113.7", ...headers },
    body: bytes,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : null };
}

/** A white-label account with a saved brand (and optionally a signing host). */
export async function brandedTenant(tenantId: string, over: Record<string, unknown> = {}) {
  await whiteLabel(tenantId);
  const r = await putBrand(tenantId, { ...GOOD_BRAND, ...over });
  expect(r.status, r.text).toBe(200);
  return r.json;
}
