/**
 * Importing subjects from a CSV file: the reader (quotes, separators, line ends, UTF-8 only), the
 * plan (grouping rows into subjects, every problem named by line and column, nothing imported on
 * any), and the dashboard's form end to end: the packets built exactly as PUT /v1/subjects builds
 * them (read back through the API), a re-import changing nothing, roles and CSRF.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { issueKey } from "../src/domain/accounts";
import { CsvImportRefused, planCsvImport } from "../src/domain/subject-csv";
import { type PhoneNumbers, phoneNumbers } from "../src/lib/phone-numbers";
import { CsvError, readCsv } from "../src/lib/csv";
import { BASE } from "./helpers";
import { type Browser, makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { select, unescapeHtml } from "./pages-helpers";
import { getPacket, packetWorkflow } from "./packet-helpers";

const utf8 = (s: string) => new TextEncoder().encode(s);
let phones: PhoneNumbers;
beforeAll(async () => {
  phones = await phoneNumbers(env.ASSETS);
});
const HEADER = "external_id,provider,kind,label,starts_on,ends_on,fact:name,ref,full_name,email,phone,is_minor,guardian_ref";

/** The refusal's problems, or a failure when the plan was accepted. */
function problemsOf(csv: string): string[] {
  try {
    planCsvImport(utf8(csv), phones);
  } catch (err) {
    if (err instanceof CsvImportRefused) return err.problems;
    throw err;
  }
  throw new Error("the file was accepted");
}

describe("reading CSV", () => {
  it("reads quoted fields with separators, doubled quotes and line breaks; CRLF, LF and a BOM; semicolons when the header has no comma", () => {
    const rows = readCsv(utf8('\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\n\nlast,,\n'), { maxRows: 10 });
    expect(rows).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["x, y", 'say "hi"', "two\nlines"] },
      { line: 5, cells: ["last", "", ""] },
    ]);
    expect(readCsv(utf8("a;b\n1,5;2\n"), { maxRows: 10 })).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["1,5", "2"] },
    ]);
  });

  it("refuses what is not UTF-8, an unclosed quote, text after a closing quote, and too many rows", () => {
    expect(() => readCsv(Uint8Array.from([0x61, 0x2c, 0xe9, 0x0a]), { maxRows: 10 })).toThrow(/not UTF-8/);
    expect(() => readCsv(utf8('a,b\n"open,1\n'), { maxRows: 10 })).toThrow(/line 2: a quoted field is never closed/);
    expect(() => readCsv(utf8('a\n"x"y\n'), { maxRows: 10 })).toThrow(/line 2: text after a closing quote/);
    expect(() => readCsv(utf8("a\n1\n2\n3\n"), { maxRows: 3 })).toThrow(CsvError);
  });
});

describe("planning a CSV import", () => {
  it("groups rows by provider and external_id into subjects with their whole guest lists and facts", () => {
    const plan = planCsvImport(
      utf8(
        [
          HEADER,
          'BK-1,bookings,reservation,"Harbour tour, Saturday",2026-12-19,,the harbour group,p1,Pia Parent,pia@example.com,+4915112345678,no,',
          "BK-2,bookings,activity,Kayak,2026-12-20,2026-12-21,,,,,,,",
          "BK-1,bookings,,,,,,k1,Kit Kid,,,yes,p1",
          "BK-1,,reservation,Elsewhere,2026-12-22,,,x1,Xavi,,,,",
        ].join("\n"),
      ),
      phones,
    );
    // Rows of one subject need not be together; "BK-1" without a provider is another subject (provider is part of the key).
    expect(plan.map((p) => [p.input.provider ?? "", p.input.external_id, p.lines])).toEqual([
      ["bookings", "BK-1", [2, 4]],
      ["bookings", "BK-2", [3]],
      ["", "BK-1", [5]],
    ]);
    expect(plan[0]!.input).toEqual({
      external_id: "BK-1",
      provider: "bookings",
      kind: "reservation",
      label: "Harbour tour, Saturday",
      starts_on: "2026-12-19",
      facts: { name: "the harbour group" },
      participants: [
        { ref: "p1", full_name: "Pia Parent", email: "pia@example.com", phone: "+4915112345678", is_minor: false },
        { ref: "k1", full_name: "Kit Kid", is_minor: true, guardian_ref: "p1" },
      ],
    });
    expect(plan[1]!.input).toMatchObject({ kind: "activity", ends_on: "2026-12-21", participants: [] });
  });

  it("names every problem by line and column, and plans nothing", () => {
    const problems = problemsOf(
      [
        HEADER,
        "BK-1,bookings,reservation,Tour,2026-12-19,,,p1,Pia,not-an-email,,no,",
        "BK-1,bookings,reservation,Another label,2026-12-19,,,k1,Kit,,,maybe,p1",
        "BK-2,bookings,cruise,Boat,2026-02-30,,,,,,,,",
        "BK-3,bookings,reservation,Guardianless,2026-12-19,,,k9,Kid,,,yes,",
        "BK-4,bookings,reservation,Twice,2026-12-19,,,p1,A,,,,",
        "BK-4,bookings,reservation,Twice,2026-12-19,,,p1,B,,,,",
      ].join("\n"),
    );
    expect(problems).toEqual([
      'line 3, label: "Another label" differs from "Tour" on line 2 of the same subject',
      'line 3, is_minor: "maybe" is neither yes nor no',
      expect.stringMatching(/^line 2, email: /),
      expect.stringMatching(/^line 4, kind: /),
      expect.stringMatching(/^line 4, starts_on: not a calendar date/),
      expect.stringMatching(/^line 5: participants\.0 \("Kid"\)/),
      expect.stringMatching(/^line 7: participants\.1 \("B"\)/),
    ]);
  });

  it("refuses a header without external_id, starts_on, ref or full_name, unknown or repeated columns, and an empty file", () => {
    expect(problemsOf("ref,full_name,colour,ref\nx,y,z,w\n")).toEqual([
      'header: unknown column "colour" (columns: external_id, provider, kind, label, starts_on, ends_on, ref, full_name, email, phone, is_minor, guardian_ref, fact:<name>)',
      'header: column "ref" appears twice',
      'header: the column "external_id" is required',
      'header: the column "starts_on" is required',
    ]);
    // Without participant columns every guest list would be emptied: refused.
    expect(problemsOf("external_id,starts_on,label\nBK-1,2026-12-19,Tour\n")).toEqual([
      'header: the column "ref" is required',
      'header: the column "full_name" is required',
    ]);
    expect(problemsOf("")).toEqual(["file: a header line and at least one row are needed"]);
    expect(problemsOf(`${HEADER}\n`)).toEqual(["file: a header line and at least one row are needed"]);
    const many = [HEADER, ...Array.from({ length: 101 }, (_, i) => `S-${i},,,,2026-12-19,,,,,,,,`)].join("\n");
    expect(problemsOf(many)).toEqual(["file: at most 100 subjects (external_id) per file; this one has 101"]);
  });
});

describe("the size of a CSV import", () => {
  const factHeader = (facts: number) => ["external_id", "starts_on", "ref", "full_name", ...Array.from({ length: facts }, (_, i) => `fact:f${i}`)].join(",");

  it("refuses a file of 40,000 fact columns well under a second, naming the limit", () => {
    const csv = `${factHeader(40_000)}\nBK-1,2026-12-19,p1,Pia${",x".repeat(40_000)}\n`;
    const started = performance.now();
    expect(problemsOf(csv)).toEqual(["file: line 1: more than 200 columns"]);
    expect(performance.now() - started).toBeLessThan(200);
    // The reader stops at the limit on any row, not only the header.
    expect(() => readCsv(utf8(`a,b\n${"1,".repeat(5)}1\n`), { maxRows: 10, maxColumns: 5 })).toThrow("line 2: more than 5 columns.");
  });

  it("takes 200 columns, not 201", () => {
    const row = (facts: number) => `BK-1,2026-12-19,p1,Pia${",x".repeat(facts)}`;
    expect(planCsvImport(utf8(`${factHeader(196)}\n${row(196)}\n`), phones)[0]!.input.facts).toMatchObject({ f0: "x", f195: "x" });
    expect(problemsOf(`${factHeader(197)}\n${row(197)}\n`)).toEqual(["file: line 1: more than 200 columns"]);
  });

  it("plans in time linear in the cells: 150 columns × 2,000 rows (100 subjects) in well under three seconds", () => {
    const facts = 146;
    const lines = [factHeader(facts)];
    for (let r = 0; r < 2000; r++) lines.push(`S-${r % 100},2026-12-19,p${r},P ${r}${`,${r % 10}`.repeat(facts)}`);
    const csv = lines.join("\n");
    expect(csv.length).toBeLessThan(1_000_000);
    const started = performance.now();
    const plan = planCsvImport(utf8(csv), phones);
    const took = performance.now() - started;
    expect(plan).toHaveLength(100);
    expect(plan[0]!.input.participants).toHaveLength(20);
    expect(Object.keys(plan[0]!.input.facts ?? {})).toHaveLength(facts);
    expect(took).toBeLessThan(3000);
  });
});

/** A multipart POST of a CSV file with the session's CSRF token (or the one given), as the form sends it. */
async function upload(b: Browser, csv: string | Uint8Array, opts: { csrf?: string } = {}) {
  const fd = new FormData();
  fd.append("csrf", opts.csrf ?? (await b.csrf("/app/packets")));
  fd.append("file", new File([typeof csv === "string" ? csv : (csv as Uint8Array<ArrayBuffer>)], "bookings.csv", { type: "text/csv" }));
  const res = await exports.default.fetch(`${BASE}/app/packets/import`, {
    method: "POST",
    headers: { cookie: b.cookieHeader(), "cf-connecting-ip": b.ip, origin: BASE },
    body: fd,
    redirect: "manual",
  });
  return { status: res.status, text: await res.text() };
}

const alertOf = async (html: string) => (await select(html, "[role=alert] p")).map((e) => unescapeHtml(e.text)).join(" ");

const packetCount = async (tenantId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM packets WHERE tenant_id = ?").bind(tenantId).first<{ n: number }>())!.n;

async function account() {
  const t = await makeAccount();
  const { key } = await issueKey(env, t, { label: "k", mode: "test", scopes: ["signing:read", "signing:templates", "signing:subjects"] }, "test");
  await packetWorkflow(key);
  return { t, key };
}

describe("the dashboard's CSV import", () => {
  it("imports the file's subjects with their packets as the API would, and a second import of the same file changes nothing", async () => {
    const { t, key } = await account();
    const b = await sessionFor(await makeMember(t, "member"));
    const page = await b.get("/app/packets");
    expect((await select(page.text, 'form[action="/app/packets/import"] input[type=file]')).map((i) => i.attrs.name)).toEqual(["file"]);
    // The example file is itself importable.
    const example = await b.get("/app/packets/import/example.csv");
    expect(example.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(example.headers.get("content-disposition")).toBe('attachment; filename="subjects-example.csv"');

    const first = await upload(b, example.text);
    expect(first.status, first.text).toBe(200);
    expect((await select(first.text, "[role=status] p")).map((e) => e.text)).toEqual(["Imported 1 subject."]);
    const [row] = await select(first.text, 'section[aria-label="Imported"] tbody tr');
    expect(row).toBeDefined();
    const link = (await select(first.text, 'section[aria-label="Imported"] tbody a'))[0]!.attrs.href!;
    const packetId = link.replace("/app/packets/", "");
    const packet = await getPacket(key, packetId);
    expect(packet.subject).toMatchObject({
      kind: "reservation",
      provider: "bookings",
      external_id: "BK-1001",
      label: "Harbour tour, Saturday",
      starts_on: "2026-12-19",
    });
    expect(packet.subject.facts).toEqual({ name: "the Saturday harbour group" });
    expect(packet.items.map((i) => [i.participant?.full_name, i.signer?.full_name])).toEqual([
      ["Pia Parent", "Pia Parent"],
      ["Kit Kid", "Pia Parent"],
    ]);
    expect(await (await select(first.text, 'section[aria-label="Imported"] tbody td')).map((e) => e.text)).toEqual([
      "Harbour tour, Saturday",
      packet.code,
      "open",
      "2",
      "0",
    ]);

    // The same file again: the same subject and packet, nothing added or dropped.
    const again = await upload(b, example.text);
    expect(await (await select(again.text, 'section[aria-label="Imported"] tbody td')).map((e) => e.text)).toEqual([
      "Harbour tour, Saturday",
      packet.code,
      "open",
      "0",
      "0",
    ]);
    // Kit leaves the booking: the file is the whole guest list, so Kit's item is dropped.
    const fewer = await upload(b, example.text.split("\r\n").slice(0, 2).join("\r\n"));
    expect(await (await select(fewer.text, 'section[aria-label="Imported"] tbody td')).map((e) => e.text)).toEqual([
      "Harbour tour, Saturday",
      packet.code,
      "open",
      "0",
      "1",
    ]);
    expect(await packetCount(t)).toBe(1);
  });

  it("refuses a file with a problem, importing nothing, with every problem named; and refuses no file, a viewer and a missing CSRF token", async () => {
    const { t } = await account();
    const member = await sessionFor(await makeMember(t, "member"));
    const count = () => packetCount(t);
    const bad = await upload(member, `${HEADER}\nGOOD-1,,,,2026-12-19,,,a,Ann,ann@example.com,,,\nBAD-1,,,,2026-13-01,,,b,Bo,,,,\n`);
    expect(bad.status).toBe(422);
    const alert = await alertOf(bad.text);
    expect(alert).toContain("Nothing was imported: 1 problem in the file.");
    expect(alert).toContain("line 3, starts_on: not a calendar date");
    expect(await count()).toBe(0);

    const wide = await upload(member, `${HEADER}${",fact:x".repeat(40_000)}\nW-1,,,,2026-12-19,,,a,Ann,,,,\n`);
    expect(wide.status).toBe(422);
    expect(await alertOf(wide.text)).toContain("file: line 1: more than 200 columns");

    const latin1 = await upload(member, Uint8Array.from([...utf8(`${HEADER}\nX,,,Caf`), 0xe9, 0x0a]));
    expect(latin1.status).toBe(422);
    expect(await alertOf(latin1.text)).toContain('file: the file is not UTF-8 text (in a spreadsheet, save it as "CSV UTF-8")');

    const fd = new FormData();
    fd.append("csrf", await member.csrf("/app/packets"));
    const none = await exports.default.fetch(`${BASE}/app/packets/import`, {
      method: "POST",
      headers: { cookie: member.cookieHeader(), "cf-connecting-ip": member.ip, origin: BASE },
      body: fd,
    });
    expect(none.status).toBe(422);
    expect(await alertOf(await none.text())).toContain("file: choose a CSV file to import.");

    const viewer = await sessionFor(await makeMember(t, "viewer"));
    expect(await select((await viewer.get("/app/packets")).text, 'form[action="/app/packets/import"]')).toEqual([]);
    expect((await upload(viewer, `${HEADER}\nV-1,,,,2026-12-19,,,,,,,,\n`)).status).toBe(403);
    expect((await upload(member, `${HEADER}\nC-1,,,,2026-12-19,,,,,,,,\n`, { csrf: "0".repeat(48) })).status).toBe(403);
    expect(await count()).toBe(0);
  });
});
