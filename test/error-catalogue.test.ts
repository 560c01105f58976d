import { describe, expect, it } from "vitest";
import catalogue from "../docs/errors.md?raw";
import { ERROR_STATUS } from "../src/lib/errors";

/** The catalogue's table rows: code → [status, when, what to do]. */
function rows(md: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of md.split("\n")) {
    const m = line.match(/^\|\s*`([a-z_]+)`\s*\|(.*)\|\s*$/);
    if (m)
      out.set(
        m[1]!,
        m[2]!.split("|").map((cell) => cell.trim()),
      );
  }
  return out;
}

describe("docs/errors.md, the error catalogue", () => {
  it("has a row for every code in src/lib/errors.ts, with its status, when it happens and what to do", () => {
    const table = rows(catalogue);
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const row = table.get(code);
      expect(row, `docs/errors.md has no row for ${code}`).toBeDefined();
      const [documented, when = "", todo = ""] = row!;
      expect(Number(documented), code).toBe(status);
      expect(when.length, `${code}: when it happens`).toBeGreaterThan(40);
      expect(todo.length, `${code}: what to do`).toBeGreaterThan(20);
    }
  });

  it("documents no code the service does not have", () => {
    expect([...rows(catalogue).keys()].sort()).toEqual(Object.keys(ERROR_STATUS).sort());
  });
});
