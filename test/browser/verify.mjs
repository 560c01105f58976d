/** The verification page in Chromium: a typed code, and a sealed PDF dropped onto its one zone. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { LIMIT, BASE_URL, check, env, newContext, newPage, noProblems } from "./lib.mjs";
import { completedByDrawing } from "./signing.mjs";

/** Drops a file onto the page the way a person dragging it from their desktop does. */
async function drop(page, bytes, name) {
  const dataTransfer = await page.evaluateHandle(
    ({ b64, name }) => {
      const bin = atob(b64);
      const u8 = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) u8[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([u8], name, { type: "application/pdf" }));
      return dt;
    },
    { b64: Buffer.from(bytes).toString("base64"), name },
  );
  await page.dispatchEvent("#drop", "dragover", { dataTransfer });
  await page.dispatchEvent("#drop", "drop", { dataTransfer });
}

describe("verification page", () => {
  it("finds the certificate of a dropped sealed PDF, hashing it in the browser, and reveals signers and trail", LIMIT, async () => {
    assert.ok(completedByDrawing.pdf, "the drawing ceremony left its sealed PDF");
    const pdf = readFileSync(completedByDrawing.pdf);
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(`${BASE_URL}/verify`);
    await check(page, "verify-1-start");
    const before = env.requests.length;
    await drop(page, pdf, "contract.pdf");
    await page.getByText("This file matches the certificate.").waitFor();
    assert.equal(new URL(page.url()).pathname, `/verify/${completedByDrawing.code}`);
    // Only fingerprints travelled: no request after the drop carried a body.
    const after = env.requests.slice(before);
    assert.ok(after.length >= 2);
    assert.deepEqual(
      after.filter((r) => r.method !== "GET" || r.bodyBytes > 0),
      [],
    );
    assert.ok(after.every((r) => !r.url.includes("contract")));
    await page.getByRole("heading", { name: "Audit trail" }).waitFor();
    await page.getByText("Ana Pereira", { exact: true }).waitFor();
    assert.equal(await page.getByText("ana@example.com").count(), 0, "no email address is shown");
    await check(page, "verify-2-file-matches");

    // One byte changed: the same page says it does not match and shows nobody.
    const changed = Buffer.concat([pdf, Buffer.from("\n")]);
    await drop(page, changed, "contract-edited.pdf");
    await page.getByText("This file does not match this certificate.").waitFor();
    assert.equal(await page.getByText("Ana Pereira", { exact: true }).count(), 0);
    await check(page, "verify-3-file-differs");
    noProblems(page);
    await ctx.close();
  });

  it(
    "checks a dropped sealed PDF in the browser through the same zone: seal, timestamps, attached certificate, signers; only its fingerprint is sent",
    LIMIT,
    async () => {
      const pdf = readFileSync(completedByDrawing.pdf);
      const ctx = await newContext();
      const page = await newPage(ctx);
      await page.goto(`${BASE_URL}/verify`);
      // One drop zone, one file input: the in-page check has no zone of its own.
      assert.equal(await page.locator(".drop").count(), 1, "exactly one drop zone");
      assert.equal(await page.locator("input[type=file]").count(), 1, "exactly one file input");
      await page.getByText("Only the file's SHA-256 fingerprint is sent to the service, never the file itself.").waitFor();
      // The verifier's code is loaded with the page, before the drop.
      await page.waitForFunction(() => document.getElementById("drop").dataset.check === "ready");
      const seen = [];
      page.on("request", (r) => seen.push({ url: r.url(), method: r.method(), body: r.postData() }));
      const before = env.requests.length;
      await drop(page, pdf, "contract.pdf");
      await page.getByText("The seal, the timestamps and the attached certificate check.").waitFor();
      await page.locator("#offline-signers").getByText("Ana Pereira").waitFor();
      await page.getByText(/PAdES B-LTA/).waitFor();
      // The sealed PDF's transparency.json proves the certificate is in the log, its head signed by the key the page carries.
      await page
        .locator("#offline-log")
        .getByText(/^Transparency log live: leaf \d+ of \d+ ✓$/)
        .waitFor();
      // One combined result: the certificate the service found for the fingerprint, with the in-page check.
      await page.getByText("This file matches the certificate.").waitFor();
      assert.equal(new URL(page.url()).pathname, `/verify/${completedByDrawing.code}`);
      // The first request after the drop is the fingerprint look-up: the check ran before anything left the page.
      const hash = createHash("sha256").update(pdf).digest("hex");
      assert.ok(seen.length >= 1);
      assert.equal(new URL(seen[0].url).pathname, "/verify");
      assert.equal(new URL(seen[0].url).searchParams.get("sha256"), hash);
      assert.deepEqual(
        seen.filter((r) => r.method !== "GET" || r.body),
        [],
        "the browser sent no body after the drop",
      );
      assert.deepEqual(
        env.requests.slice(before).filter((r) => r.method !== "GET" || r.bodyBytes > 0 || r.url.includes("contract")),
        [],
        "only fingerprints reached the network",
      );
      await check(page, "verify-4-offline-check");

      // One byte changed inside the seal's covered bytes: caught, in the browser; the service finds no match.
      const changed = Buffer.from(pdf);
      changed[200] ^= 1;
      const from = seen.length;
      await page.setInputFiles("#file", { name: "edited.pdf", mimeType: "application/pdf", buffer: changed });
      await page.getByText("This file does not check:").waitFor();
      await page.getByText("This file does not match this certificate.").waitFor();
      assert.deepEqual(
        seen.slice(from).filter((r) => r.method !== "GET" || r.body || r.url.includes("edited")),
        [],
      );
      noProblems(page);
      await ctx.close();
    },
  );

  it("an envelope's code with its sealed PDF's fingerprint lists each document with its own code, axe-clean at both sizes", LIMIT, async () => {
    const { svc } = env;
    const acct = await svc.account("Northwind Envelopes");
    const documents = [];
    for (const name of ["Bike rental", "Helmet loan"]) {
      const code = `env-${Math.random().toString(36).slice(2, 10)}`;
      await svc.must("POST", "/v1/templates", { key: acct.key, body: { code, name, kind: "contract", body: `${name} for {{name}}.`, variables: ["name"] } });
      await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });
      documents.push({ template_code: code, values: { name: "Ana Ruiz" } });
    }
    const signers = [{ email: "ana@example.com", full_name: "Ana Ruiz" }];
    const made = (await svc.must("POST", "/v1/envelopes", { key: acct.key, body: { title: "Rental pack", documents, signers, notify: false } })).json;
    const worker = await svc.server.getWorker().getEnv();
    const actor = { ip: "203.0.113.9", userAgent: "browser test" };
    for (const { document_id } of made.documents) {
      const row = await worker.DB.prepare("SELECT signer_id AS id FROM envelope_signer_documents WHERE document_id = ?").bind(document_id).first();
      await worker.DOCUMENT_SEQUENCER.getByName(document_id).call("consent", document_id, row.id, {}, actor);
      await worker.DOCUMENT_SEQUENCER.getByName(document_id).call("sign", document_id, row.id, { method: "typed", value: "Ana Ruiz" }, actor);
    }
    const code = (await svc.must("GET", `/v1/envelopes/${made.envelope_id}`, { key: acct.key })).json.verification_code;
    const pdf = Buffer.from((await svc.must("GET", `/v1/envelopes/${made.envelope_id}/pdf`, { key: acct.key })).json.bytes_base64, "base64");
    const sha = createHash("sha256").update(pdf).digest("hex");
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(`${BASE_URL}/verify/${code}?sha256=${sha}`);
    await page.getByText("This file matches the certificate.").waitFor();
    await page.getByRole("heading", { name: "Documents in this envelope" }).waitFor();
    assert.equal(await page.locator("#documents-heading + p + ol > li").count(), 2);
    await check(page, "verify-6-envelope");
    noProblems(page);
    await ctx.close();
  });

  it("checks a typed code and shows the certificate without the signers", LIMIT, async () => {
    const ctx = await newContext({ locale: "de-DE" });
    const page = await newPage(ctx);
    await page.goto(`${BASE_URL}/verify`);
    await page.getByLabel("Prüfcode").fill(completedByDrawing.code.toLowerCase().replaceAll("-", " "));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Abschlusszertifikat" }).waitFor();
    await page.getByText("Unterzeichnende und Prüfpfad werden angezeigt, sobald Sie die Datei prüfen.").waitFor();
    await check(page, "verify-4-code-de");
    await page.goto(`${BASE_URL}/verify/0000-0000-0000-0000`);
    await page.getByRole("heading", { name: "Kein Zertifikat hat diesen Code" }).waitFor();
    await check(page, "verify-5-unknown-code-de");
    noProblems(page);
    await ctx.close();
  });
});
