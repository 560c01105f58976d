import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { countD1 } from "./d1-count";
import { page } from "./pages-helpers";
import { sentDocument } from "./signing-helpers";

const FIELDS = [{ key: "note", label: "Note", kind: "text", required: false }];

describe("a signer's request costs at most two sequential D1 round trips", () => {
  it("read (first and later), consent, field and sign; the completing signature may add the certificate", async () => {
    const t = await makeTenant();
    // notify: false: the message queue's background work would be counted with the signer's requests.
    const { links } = await sentDocument(t.key, { tpl: { fields: FIELDS }, notify: false });
    const [a, b] = links.map((l) => l.token) as [string, string];
    const m: Record<string, { total: number; sequential: number }> = {};
    const run = async (name: string, fn: () => Promise<{ status: number }>) => {
      const { value, trace } = await countD1(fn);
      expect(value.status, name).toBeLessThan(400);
      m[name] = { total: trace.total, sequential: trace.sequential };
    };
    await run("read (first view)", () => api("GET", `/v1/sign/${a}`));
    await run("read (again)", () => api("GET", `/v1/sign/${a}`));
    await run("page", () => page("GET", `/s/${a}`));
    await run("consent", () => api("POST", `/v1/sign/${a}/consent`, { body: {} }));
    await run("field", () => api("POST", `/v1/sign/${a}/fields`, { body: { key: "note", value: "hello" } }));
    await run("sign", () => api("POST", `/v1/sign/${a}`, { body: { method: "typed", value: "Ada" } }));
    await run("read (second signer, first view)", () => api("GET", `/v1/sign/${b}`));
    await run("consent (second signer)", () => api("POST", `/v1/sign/${b}/consent`, { body: {} }));
    await run("sign (completing)", () => api("POST", `/v1/sign/${b}`, { body: { method: "typed", value: "Bob" } }));
    console.log(JSON.stringify(m));
    for (const [name, c] of Object.entries(m)) {
      if (name === "sign (completing)") continue;
      expect(c.sequential, `${name}: ${JSON.stringify(c)}`).toBeLessThanOrEqual(2);
    }
    // An account without white-label: the page reads no brand, only the link.
    expect(m.page, JSON.stringify(m.page)).toEqual({ total: 1, sequential: 1 });
  });
});
