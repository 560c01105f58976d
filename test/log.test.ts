import { afterEach, describe, expect, it, vi } from "vitest";
import { api, makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { sha256Hex } from "../src/lib/crypto";

/** Every line the Worker writes to the console while `run` runs. */
async function captured(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  const spies = [
    vi.spyOn(console, "log").mockImplementation(keep),
    vi.spyOn(console, "warn").mockImplementation(keep),
    vi.spyOn(console, "error").mockImplementation(keep),
    vi.spyOn(console, "info").mockImplementation(keep),
  ];
  try {
    await run();
  } finally {
    for (const s of spies) s.mockRestore();
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("request logs", () => {
  it("one JSON line per request: id, method, route pattern, status, duration; a signing token only as its hash tag", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key);
    const token = links[0]!.token;
    let requestId = "";
    const lines = await captured(async () => {
      const r = await api("POST", `/v1/sign/${token}/consent`, { body: {} });
      expect(r.status).toBe(200);
      requestId = r.headers.get("x-request-id")!;
      const page = await api("GET", `/s/${token}?lang=en`);
      expect(page.status).toBe(200);
    });
    for (const line of lines) expect(line).not.toContain(token);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === "request");
    expect(entries).toHaveLength(2);
    const tag = `tok:${(await sha256Hex(token)).slice(0, 8)}`;
    expect(entries[0]).toMatchObject({ level: "info", requestId, method: "POST", route: "/v1/sign/:token/consent", status: 200, token: tag });
    expect(typeof entries[0]!.ms).toBe("number");
    expect(entries[1]).toMatchObject({ method: "GET", route: "/s/:token", status: 200, token: tag });
    // No query string, no path: the pattern only.
    expect(JSON.stringify(entries)).not.toContain("lang=en");
  });

  it("logs keyed requests, 404s and errors with the request id, never the key", async () => {
    const t = await makeTenant();
    const lines = await captured(async () => {
      await api("GET", "/v1/documents/doc_nothing", { key: t.key });
      await api("GET", "/v1/no-such-thing");
    });
    for (const line of lines) expect(line).not.toContain(t.key);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({ msg: "request", method: "GET", route: "/v1/documents/:id", status: 404 }),
      expect.objectContaining({ msg: "request", method: "GET", route: null, status: 404 }),
    ]);
    for (const e of entries) expect(e.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
