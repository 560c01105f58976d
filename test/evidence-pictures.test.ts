import { concatBytes, toBase64 } from "../src/lib/bytes";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import jpeg from "jpeg-js";
import { decode } from "fast-png";
import { api, makeTenant } from "./helpers";
import { sentDocument, people } from "./signing-helpers";
import { insertDocument } from "./evidence-fixtures";
import { fromB64 } from "./evidence-pdf-helpers";
import { sha256Hex } from "../src/lib/crypto";
import { normaliseSignaturePicture, PictureError, signaturePictureForPdf } from "../src/lib/image";
import { PNG_SIGNATURE, chunk, deflate, ihdr } from "./png-bytes";

// ---- PNGs built byte by byte, so each test says exactly what it sends ----

function png(width: number, height: number, depth: number, colorType: number, idat: Uint8Array): Uint8Array {
  return concatBytes([PNG_SIGNATURE, ihdr(width, height, depth, colorType), chunk("IDAT", idat), chunk("IEND", new Uint8Array(0))]);
}
const dataUrl = (kind: "png" | "jpeg", bytes: Uint8Array) => `data:image/${kind};base64,${toBase64(bytes)}`;

/** A w × h RGBA "drawing": a dark stroke on transparency, like the signing page's pad. */
async function drawingPng(w = 300, h = 100): Promise<string> {
  const raw = new Uint8Array(h * (1 + w * 4));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const on = Math.abs(y - h / 2 - Math.round((h / 3) * Math.sin(x / 20))) < 3;
      raw.set(on ? [17, 17, 17, 255] : [0, 0, 0, 0], y * (1 + w * 4) + 1 + x * 4);
    }
  }
  return dataUrl("png", png(w, h, 8, 6, await deflate(raw)));
}

function photoJpeg(): string {
  const w = 240;
  const h = 80;
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([(i * 7) % 256, (i * 3) % 256, 128, 255], i * 4);
  return dataUrl("jpeg", new Uint8Array(jpeg.encode({ width: w, height: h, data }, 80).data));
}

/** The 1 × 1 PNG whose image data is not zlib: pdf-lib's embedPng spins forever on it. */
const NOT_ZLIB = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACElEQVRub3QgemxpYlVpEfcAAAAASUVORK5CYII=";

/** 1-bit 8000 × 8000: ~8 KB on the wire, 8 MB inflated and 256 MB as RGBA. */
async function bombPng(): Promise<string> {
  return dataUrl("png", png(8000, 8000, 1, 0, await deflate(new Uint8Array(8000 * 1001))));
}

async function signWith(method: "drawn" | "uploaded", value: string, n = 1) {
  const t = await makeTenant();
  const { id, links } = await sentDocument(t.key, { signers: people(n) });
  const tok = links[0]!.token;
  expect((await api("POST", `/v1/sign/${tok}/consent`, { body: {} })).status).toBe(200);
  const r = await api("POST", `/v1/sign/${tok}`, { body: { method, value } });
  return { t, id, r, signerId: links[0]!.signer_id };
}

async function nothingSigned(id: string) {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM signers WHERE document_id = ? AND (status = 'signed' OR signature_value IS NOT NULL)")
    .bind(id)
    .first("n");
  expect(row).toBe(0);
  const ev = await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE document_id = ? AND kind = 'signed'").bind(id).first("n");
  expect(ev).toBe(0);
}

describe("signature pictures at POST /v1/sign/{token}", () => {
  it("refuses the 1-bit 8000 × 8000 PNG bomb by its header, naming the limit, without decoding it", async () => {
    const bomb = await bombPng();
    expect(bomb.length).toBeLessThan(20_000);
    const started = Date.now();
    const { id, r } = await signWith("drawn", bomb);
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    expect(r.json.error.message).toBe("value: the picture is 8000 × 8000 pixels; a signature picture may be at most 2000 × 1000 pixels (width × height).");
    expect(Date.now() - started).toBeLessThan(5_000);
    await nothingSigned(id);
  });

  it("refuses the PNG whose image data is not zlib (422), and changes nothing", async () => {
    const { id, r } = await signWith("drawn", NOT_ZLIB);
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.message).toBe("value: the PNG's image data is not a valid zlib stream, so it cannot be decoded.");
    await nothingSigned(id);
  });

  it("refuses a picture whose data URL is over 400,000 characters before decoding it, naming the limit", async () => {
    const big = `data:image/png;base64,${"A".repeat(400_000 - 22 + 4)}`;
    const { id, r } = await signWith("uploaded", big);
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/^value: /);
    await nothingSigned(id);
    // The same check where a stored value is drawn (older rows, rows written by other means).
    await expect(normaliseSignaturePicture(big)).rejects.toThrow(
      "the picture's data URL is 400004 characters; a signature value may be at most 400,000 characters.",
    );
  });

  it("refuses a zlib bomb inside a small PNG, and garbage in a JPEG", async () => {
    // 100 × 100 greyscale needs 10,100 bytes of image data; this stream inflates to 4 MB.
    const zbomb = dataUrl("png", png(100, 100, 8, 0, await deflate(new Uint8Array(4_000_000))));
    let s = await signWith("drawn", zbomb);
    expect(s.r.status).toBe(422);
    expect(s.r.json.error.message).toBe("value: the PNG's image data is larger than its header says.");
    s = await signWith("uploaded", "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP////8=");
    expect(s.r.status).toBe(422);
    expect(s.r.json.error.message).toMatch(/^value: the JPEG /);
    s = await signWith("uploaded", dataUrl("jpeg", png(1, 1, 8, 0, await deflate(new Uint8Array(2)))));
    expect(s.r.status).toBe(422);
    expect(s.r.json.error.message).toBe("value: the picture is not a JPEG (its start marker is missing).");
  });

  it("stores a drawn PNG as the PNG the service re-encoded; value_sha256 is of what is stored; the PDF shows it", async () => {
    const drawing = await drawingPng();
    const { t, id, r, signerId } = await signWith("drawn", drawing);
    expect(r.status, r.text).toBe(200);
    const row = (await env.DB.prepare("SELECT signature_value, signature_value_sha256 FROM signers WHERE id = ?").bind(signerId).first())!;
    const stored = row.signature_value as string;
    expect(stored).toMatch(/^data:image\/png;base64,/);
    expect(stored).toBe((await normaliseSignaturePicture(drawing)).dataUrl);
    expect(row.signature_value_sha256).toBe(await sha256Hex(stored));
    // Same pixels as sent.
    const sent = decode(fromB64(drawing.slice(22)));
    const kept = decode(fromB64(stored.slice(22)));
    expect([kept.width, kept.height, kept.channels, kept.depth]).toEqual([300, 100, 4, 8]);
    expect(Array.from(kept.data)).toEqual(Array.from(sent.data));
    // Re-encoding what the service wrote changes nothing.
    expect((await normaliseSignaturePicture(stored)).dataUrl).toBe(stored);

    const cert = (await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json;
    expect(cert.payload.signers[0].signature).toMatchObject({ method: "drawn", value_sha256: await sha256Hex(stored) });
    const pdf = await api("GET", `/v1/documents/${id}/pdf`, { key: t.key });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder("latin1").decode(fromB64(pdf.json.bytes_base64))).toContain("/Subtype /Image");
  });

  it("takes an uploaded JPEG, stores it as a PNG, and the PDF shows it", async () => {
    const photo = photoJpeg();
    const { t, id, r, signerId } = await signWith("uploaded", photo);
    expect(r.status, r.text).toBe(200);
    const stored = (await env.DB.prepare("SELECT signature_value FROM signers WHERE id = ?").bind(signerId).first("signature_value")) as string;
    expect(stored).toMatch(/^data:image\/png;base64,/);
    const kept = decode(fromB64(stored.slice(22)));
    expect([kept.width, kept.height, kept.channels]).toEqual([240, 80, 3]);
    const pdf = await api("GET", `/v1/documents/${id}/pdf`, { key: t.key });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder("latin1").decode(fromB64(pdf.json.bytes_base64))).toContain("/Subtype /Image");
  });

  it("takes the largest picture allowed (2000 × 1000) and seals it; the PDF embeds it scaled to its box", async () => {
    const big = await drawingPng(2000, 1000);
    const { t, id, r } = await signWith("drawn", big);
    expect(r.status, r.text).toBe(200);
    const forPdf = await signaturePictureForPdf(big, 920, 250);
    expect([forPdf.width, forPdf.height]).toEqual([500, 250]);
    const pdf = await api("GET", `/v1/documents/${id}/pdf`, { key: t.key });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder("latin1").decode(fromB64(pdf.json.bytes_base64))).toMatch(/\/Width 500\s/);
  }, 30_000); // 8 MB of pixels made, deflated and decoded by the test itself as well

  it("normalises palette, 1-bit and 16-bit PNGs to 8 bits", async () => {
    // 2 × 2 palette: red, green / blue, red.
    const plte = chunk("PLTE", Uint8Array.of(255, 0, 0, 0, 255, 0, 0, 0, 255));
    const idat = await deflate(Uint8Array.of(0, 0x01, 0, 0x20));
    const base = png(2, 2, 4, 3, idat);
    const pal = new Uint8Array(base.length + plte.length);
    pal.set(base.subarray(0, 33), 0);
    pal.set(plte, 33);
    pal.set(base.subarray(33), 33 + plte.length);
    const p = await normaliseSignaturePicture(dataUrl("png", pal));
    expect(Array.from(decode(p.png).data)).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 0, 0]);
    const oneBit = await normaliseSignaturePicture(dataUrl("png", png(3, 1, 1, 0, await deflate(Uint8Array.of(0, 0b10100000)))));
    expect(Array.from(decode(oneBit.png).data)).toEqual([255, 0, 255]);
    const deep = await normaliseSignaturePicture(dataUrl("png", png(1, 1, 16, 0, await deflate(Uint8Array.of(0, 0xab, 0xcd)))));
    expect(Array.from(decode(deep.png).data)).toEqual([0xab]);
    await expect(normaliseSignaturePicture("data:image/gif;base64,R0lGODlh")).rejects.toBeInstanceOf(PictureError);
  });
});

describe("sealed PDF with a stored picture the service did not write", () => {
  it("draws the PDF (no hang) for the non-zlib PNG and the bomb written straight into D1, describing them instead", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t, {
      signers: [
        { full_name: "Ada Lovelace", email: "ada@example.com", method: "drawn", value: NOT_ZLIB },
        { full_name: "Bob Bomb", email: "bob@example.com", method: "uploaded", value: await bombPng() },
      ],
    });
    const r = await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: t.key });
    expect(r.status).toBe(200);
    expect(new TextDecoder("latin1").decode(fromB64(r.json.bytes_base64))).not.toContain("/Subtype /Image");
  });
});
