/**
 * JSON bodies nest at most 32 levels (the body itself is level 1): deeper is 422 `invalid` naming
 * the path where the depth was passed, never a 500, on every route that takes JSON.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops } from "./helpers";
import { publishedTemplate, sentDocument } from "./signing-helpers";
import { JSON_MAX_DEPTH, TOO_DEEP, firstJsonProblem, tooDeepPath } from "../src/lib/text";

/** `levels` objects nested in one another, as JSON text: {"a":{"a":…{}…}}. */
const deep = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${"}".repeat(levels - 1)}`;
/** A JSON body (level 1) with `inner` as the text of one field's value. */
const withField = (fields: Record<string, unknown>, name: string, inner: string) => `${JSON.stringify(fields).slice(0, -1)},${JSON.stringify(name)}:${inner}}`;

/** The path named for a body whose field `name` nests (by `deep`) past the limit: the field, then "a" down to level 33. */
const pathIn = (name: string) => [name, ...Array(JSON_MAX_DEPTH - 1).fill("a")].join(".");

const tplFields = () => ({ code: `deep-${crypto.randomUUID().slice(0, 8)}`, name: "Deep", kind: "nda", body: "Text." });
const count = async (table: string, tenantId: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = ?`).bind(tenantId).first<{ n: number }>())!.n;

function expectTooDeep(r: Awaited<ReturnType<typeof api>>, path: string) {
  expect(r.status, r.text).toBe(422);
  expect(r.json.error.code).toBe("invalid");
  expect(r.json.error.message).toBe(`${path}: ${TOO_DEEP}`);
}

describe("JSON nesting", () => {
  it("5,000 levels in captured are 422 naming the path, quickly; nothing recorded", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { signers: [{ email: "a@example.com", full_name: "Ada" }] });
    const token = links[0]!.token;
    const started = Date.now();
    const captured = withField({ at: "2026-11-20T10:00:00Z" }, "device", deep(5000));
    const r = await api("POST", `/v1/sign/${token}/consent`, { body: `{"captured":${captured}}` });
    expect(Date.now() - started).toBeLessThan(1000);
    expectTooDeep(r, ["captured", "device", ...Array(JSON_MAX_DEPTH - 2).fill("a")].join("."));
    const s = await api("POST", `/v1/sign/${token}`, { body: withField({ method: "typed", value: "Ada" }, "captured", deep(5000)) });
    expectTooDeep(s, pathIn("captured"));
    expect((await api("GET", `/v1/sign/${token}`)).json.consented_at).toBeNull();
  });

  it("3,000 levels in grants and in facts are 422, not 500; nothing stored", async () => {
    const t = await makeTenant();
    const g = await api("POST", "/v1/templates", { key: t.key, body: withField(tplFields(), "grants", deep(3000)) });
    expectTooDeep(g, pathIn("grants"));
    expect(await count("templates", t.tenantId)).toBe(0);
    const f = await api("PUT", "/v1/subjects", {
      key: t.key,
      body: withField({ kind: "reservation", external_id: "deep-1", starts_on: "2026-12-20" }, "facts", deep(3000)),
    });
    expectTooDeep(f, pathIn("facts"));
    // Arrays count as levels too, and the path names their indexes.
    const a = await api("POST", "/v1/templates", { key: t.key, body: withField(tplFields(), "grants", `{"list":${"[".repeat(3000)}${"]".repeat(3000)}}`) });
    expectTooDeep(a, ["grants", "list", ...Array(JSON_MAX_DEPTH - 2).fill("0")].join("."));
  });

  it("33 levels are refused, 32 accepted", async () => {
    const t = await makeTenant();
    // The body is level 1 and grants level 2: deep(n) there makes a body of n + 1 levels.
    const over = await api("POST", "/v1/templates", { key: t.key, body: withField(tplFields(), "grants", deep(JSON_MAX_DEPTH)) });
    expectTooDeep(over, pathIn("grants"));
    const at = await api("POST", "/v1/templates", { key: t.key, body: withField(tplFields(), "grants", deep(JSON_MAX_DEPTH - 1)) });
    expect(at.status, at.text).toBe(200);

    const { links } = await sentDocument(t.key, { signers: [{ email: "b@example.com", full_name: "Ben" }] });
    const token = links[0]!.token;
    const captured = (levels: number) => withField({ at: "2026-11-20T10:00:00Z" }, "device", deep(levels));
    expectTooDeep(
      await api("POST", `/v1/sign/${token}/consent`, { body: `{"captured":${captured(JSON_MAX_DEPTH - 1)}}` }),
      ["captured", "device", ...Array(JSON_MAX_DEPTH - 2).fill("a")].join("."),
    );
    const ok = await api("POST", `/v1/sign/${token}/consent`, { body: `{"captured":${captured(JSON_MAX_DEPTH - 2)}}` });
    expect(ok.status, ok.text).toBe(200);
  });

  it("the operator API and the error envelope: 422 with a hint, before any route reads the body", async () => {
    const t = await makeTenant();
    const r = await ops("PATCH", `/tenants/${t.tenantId}`, { locale: "fr" });
    expect(r.status, r.text).toBe(200);
    const res = await api("PATCH", `/ops/v1/tenants/${t.tenantId}`, {
      body: `{"settings":${deep(5000)}}`,
      headers: { authorization: `Bearer ${env.OPERATOR_TOKEN}` },
    });
    expectTooDeep(res, pathIn("settings"));
    expect(res.json.error.hint).toMatch(/32 levels/);
    // A body that is not JSON stays a 400.
    const bad = await api("POST", "/v1/templates", { key: t.key, body: `{"grants": ${"[".repeat(5000)}` });
    expect(bad.status, bad.text).toBe(400);
    await publishedTemplate(t.key);
  });

  it("the walker of open objects is iterative: any depth, the first problem in document order", () => {
    let v: unknown = {};
    for (let i = 0; i < 100_000; i++) v = { a: v };
    expect(tooDeepPath(v)).toEqual(Array(JSON_MAX_DEPTH).fill("a"));
    expect(firstJsonProblem(v)).toEqual({ path: Array(JSON_MAX_DEPTH).fill("a"), message: TOO_DEEP });
    expect(firstJsonProblem({ x: [1, { y: "ok" }, { z: "bad \ud800" }], w: "\udc00" })).toEqual({
      path: ["x", 2, "z"],
      message: expect.stringMatching(/lone surrogate/),
    });
    expect(firstJsonProblem({ ok: { "k\ud800": 1 } })?.path).toEqual(["ok", "k\ud800"]);
    expect(tooDeepPath(JSON.parse(deep(JSON_MAX_DEPTH)))).toBeNull();
    expect(tooDeepPath(JSON.parse(deep(JSON_MAX_DEPTH + 1)))).toEqual(Array(JSON_MAX_DEPTH).fill("a"));
  });
});
