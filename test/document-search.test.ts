import { describe, expect, it } from "vitest";
import { addKey, api, makeTenant } from "./helpers";
import { publishedTemplate } from "./signing-helpers";

const TITLE_200 = ("Ωmega contract № 7 · " + "x".repeat(200)).slice(0, 200);
const TITLES: string[] = [
  "a".repeat(49) + " long run",
  "é".repeat(25) + " accents",
  "Party 🎉👍🏽 emoji 👨‍👩‍👧",
  "नमस्ते दुनिया अनुबंध",
  "สัญญาเช่าบ้าน ภาษาไทย",
  "Rate 5%_x with \"quotes\" and 'apostrophes'",
  "<script>alert(1)</script> & <b>bold</b>",
  "Back\\slash path C:\\docs",
  TITLE_200,
  "王明的合同",
];

async function prepare(key: string, code: string, title: string) {
  const r = await api("POST", "/v1/documents", { key, body: { template_code: code, title, values: { company: "Acme", name: "Ada" } } });
  expect(r.status, r.text).toBe(200);
  return r.json.document_id as string;
}

const search = async (key: string, q: string) => {
  const r = await api("GET", `/v1/documents?q=${encodeURIComponent(q)}&limit=200`, { key });
  expect(r.status, `${JSON.stringify(q)}: ${r.text}`).toBe(200);
  return (r.json.documents as { document_id: string }[]).map((d) => d.document_id);
};

describe("GET /v1/documents?q= takes any text of 1-200 characters", () => {
  it("finds titles in every script, with LIKE and FTS metacharacters taken as text", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const m = new Map<string, string>();
    const ids = { set: (k: string, v: string) => m.set(k, v), get: (k: string) => m.get(k)! };
    for (const title of TITLES) ids.set(title, await prepare(t.key, code, title));
    const plain = await prepare(t.key, code, "Plain lease");

    expect(await search(t.key, "a".repeat(49))).toEqual([ids.get(TITLES[0]!)]);
    expect(await search(t.key, "é".repeat(25))).toEqual([ids.get(TITLES[1]!)]);
    expect(await search(t.key, "🎉👍🏽")).toEqual([ids.get(TITLES[2]!)]);
    expect(await search(t.key, "👨‍👩‍👧")).toEqual([ids.get(TITLES[2]!)]);
    expect(await search(t.key, "दुनिया")).toEqual([ids.get(TITLES[3]!)]);
    expect(await search(t.key, "เช่าบ้าน")).toEqual([ids.get(TITLES[4]!)]);
    expect(await search(t.key, "5%_x")).toEqual([ids.get(TITLES[5]!)]);
    expect(await search(t.key, '"quotes"')).toEqual([ids.get(TITLES[5]!)]);
    expect(await search(t.key, "'apostrophes'")).toEqual([ids.get(TITLES[5]!)]);
    expect(await search(t.key, "<script>alert(1)</script>")).toEqual([ids.get(TITLES[6]!)]);
    expect(await search(t.key, "C:\\docs")).toEqual([ids.get(TITLES[7]!)]);
    expect(await search(t.key, TITLE_200)).toEqual([ids.get(TITLE_200)]);
    expect(await search(t.key, "LEASE")).toEqual([plain]);
    // One or two characters: a substring scan, metacharacters still literal.
    expect(await search(t.key, "%")).toEqual([ids.get(TITLES[5]!)]);
    expect(await search(t.key, "_")).toEqual([ids.get(TITLES[5]!)]);
    expect(await search(t.key, "%_")).toEqual([ids.get(TITLES[5]!)]);
    expect(await search(t.key, "\\")).toEqual([ids.get(TITLES[7]!)]);
    expect(await search(t.key, "王明")).toEqual([ids.get(TITLES[9]!)]);
    expect(await search(t.key, "🎉")).toEqual([ids.get(TITLES[2]!)]);
    // Nothing matches, and nothing breaks.
    for (const q of [
      "zzzz",
      "x".repeat(200),
      "é".repeat(200),
      "🎉".repeat(100),
      '"',
      '""',
      "*",
      "a OR b",
      "NEAR(a b)",
      "text : x",
      "^abc",
      "\u0000abc",
      "-- ;",
    ]) {
      const found = await search(t.key, q);
      if (q === "x".repeat(200)) expect(found).toEqual([]);
      else expect(Array.isArray(found)).toBe(true);
    }
    expect(await search(t.key, "a OR b")).toEqual([]);
    const tooLong = await api("GET", `/v1/documents?q=${"x".repeat(201)}`, { key: t.key });
    expect(tooLong.status).toBe(422);
  });

  it("matches signer names and emails, case-insensitively, once sent", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const id = await prepare(t.key, code, "Lease");
    expect(await search(t.key, "lovelace")).toEqual([]);
    const s = await api("POST", `/v1/documents/${id}/send`, {
      key: t.key,
      body: {
        signers: [
          { email: "ada.lovelace@analytical.example", full_name: "Ada Lovelace" },
          { email: "zoe@example.org", full_name: "Zoë Ng" },
        ],
      },
    });
    expect(s.status, s.text).toBe(200);
    expect(await search(t.key, "LOVELACE")).toEqual([id]);
    expect(await search(t.key, "@analytical.")).toEqual([id]);
    expect(await search(t.key, "Zoë")).toEqual([id]);
    expect(await search(t.key, "Ng")).toEqual([id]);
  });

  it("keeps to the account and the mode", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const title = `Shared title ${crypto.randomUUID()}`;
    const tplA = await publishedTemplate(a.key);
    const tplB = await publishedTemplate(b.key);
    const docA = await prepare(a.key, tplA.code, title);
    const docB = await prepare(b.key, tplB.code, title);
    const testKey = (await addKey(a.tenantId, { mode: "test" })).key;
    const tplT = await publishedTemplate(testKey);
    const docT = await prepare(testKey, tplT.code, title);
    expect(await search(a.key, title)).toEqual([docA]);
    expect(await search(b.key, title)).toEqual([docB]);
    expect(await search(testKey, title)).toEqual([docT]);
    expect(await search(a.key, "Sh")).toEqual([docA]);
    expect(await search(testKey, "Sh")).toEqual([docT]);
  });
});
