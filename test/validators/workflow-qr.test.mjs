// The workflow QR code as a phone would read it: zbarimg decodes the PNG (and the SVG) that
// GET /v1/workflows/{id}/qr answers to the public form's address.
// Run: npm run test:validators   (needs zbar-tools and librsvg2-bin)
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, OPERATOR_TOKEN, run, startService, workdir, write } from "./harness.mjs";

let svc;
let dir;
let qr;

before(async () => {
  dir = workdir();
  svc = await startService();
  const ops = { key: OPERATOR_TOKEN };
  const tenant = (await svc.must("POST", "/ops/v1/tenants", { body: { name: "QR Café" }, ...ops })).json;
  const key = (
    await svc.must("POST", `/ops/v1/tenants/${tenant.tenant_id}/keys`, {
      ...ops,
      body: { label: "qr", scopes: ["signing:read", "signing:templates"], mode: "live" },
    })
  ).json.key;
  await svc.must("POST", "/v1/templates", { key, body: { code: "waiver", name: "Waiver", kind: "waiver", body: "I accept the risks." } });
  await svc.must("POST", "/v1/templates/publish", { key, body: { code: "waiver" } });
  const wf = (
    await svc.must("POST", "/v1/workflows", {
      key,
      body: {
        code: "front-desk",
        name: "Front desk",
        template_code: "waiver",
        public: true,
        signer_roles: [{ label: "Guest", role: "signer", order: 1, participant: true }],
      },
    })
  ).json;
  qr = (await svc.must("GET", `/v1/workflows/${wf.id}/qr`, { key })).json;
  assert.equal(qr.url, `${BASE_URL}/f/${wf.public_slug}`);
});

after(async () => {
  await svc?.close();
});

describe("GET /v1/workflows/{id}/qr", () => {
  it("the PNG is 1024 × 1024 and zbarimg reads the public form's address from it", () => {
    const png = Buffer.from(qr.png_base64, "base64");
    assert.equal(png.subarray(1, 4).toString("latin1"), "PNG");
    assert.equal(png.readUInt32BE(16), 1024);
    assert.equal(png.readUInt32BE(20), 1024);
    const file = write(dir, "qr.png", png);
    const r = run("zbarimg", ["--raw", "-q", file]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), qr.url);
  });

  it("zbarimg reads the same address from the SVG", () => {
    assert.match(qr.svg, /^<svg[\s>]/);
    const svg = write(dir, "qr.svg", qr.svg);
    // Drawn by librsvg (rsvg-convert), as a browser or a print shop would draw it.
    const png = `${dir}/qr-from-svg.png`;
    const drawn = run("rsvg-convert", ["-w", "600", "-b", "white", "-o", png, svg]);
    assert.equal(drawn.status, 0, drawn.stderr);
    const r = run("zbarimg", ["--raw", "-q", png]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), qr.url);
  });
});
