/**
 * The dashboard's send form for roles, signing groups and delegation (issue #34): an approver, a
 * viewer, a witness of row 1 and a group of three sent from the form arrive as the API's send would
 * make them; refusals of the send rules are shown at the form and make nothing; the document page
 * says each person's role and what they did, and the trail names the new kinds.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq, max } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { events, signers } from "../src/db/schema";
import { issueKey } from "../src/domain/accounts";
import { api } from "./helpers";
import { publishedTemplate } from "./signing-helpers";
import { makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { select, unescapeHtml } from "./pages-helpers";

async function ownerWithKey() {
  const t = await makeAccount();
  const { key } = await issueKey(env, t, { label: "k", mode: "live", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
  const b = await sessionFor(await makeMember(t, "owner"));
  expect((await b.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
  const { code } = await publishedTemplate(key);
  return { key, b, code };
}

const texts = async (html: string, sel: string) => (await select(html, sel)).map((e) => unescapeHtml(e.text.replace(/\s+/g, " ").trim()));

/** The form as a member fills it: four signer rows (signer, approver, viewer, witness of row 1) and a group of three. */
const FORM = {
  "value.company": "Acme",
  "value.name": "Ada",
  title: "Board resolution",
  rows: "4",
  "signer.0.full_name": "Ada Lovelace",
  "signer.0.email": "ada@example.com",
  "signer.0.role": "signer",
  "signer.1.full_name": "Ann Approver",
  "signer.1.email": "ann@example.com",
  "signer.1.role": "approver",
  "signer.2.full_name": "Vic Viewer",
  "signer.2.email": "vic@example.com",
  "signer.2.role": "viewer",
  "signer.3.full_name": "Wes Witness",
  "signer.3.email": "wes@example.com",
  "signer.3.role": "witness",
  "signer.3.witness_for": "0",
  groups: "1",
  "group.0.rows": "3",
  "group.0.name": "Board",
  "group.0.member.0.full_name": "Bea Board",
  "group.0.member.0.email": "bea@example.com",
  "group.0.member.1.full_name": "Ben Board",
  "group.0.member.1.email": "ben@example.com",
  "group.0.member.2.full_name": "Bo Board",
  "group.0.member.2.email": "bo@example.com",
  allow_delegation: "true",
};

type ApiSigner = { signer_id: string; full_name: string; role: string; witness_for: string | null; group_id: string | null; group_name: string | null };

describe("the send form: roles, groups and delegation", () => {
  it("offers a role for each row, a witness picker, signing groups and delegation, and adds a group and a member without a script", async () => {
    const { key, b, code } = await ownerWithKey();
    const form = await b.get(`/app/documents/new?template=${code}`);
    expect(await texts(form.text, "select#s0-role option")).toEqual([
      "Signer",
      "Approver (approves, does not sign)",
      "Viewer (opens and acknowledges)",
      "Witness",
      "Copy (cc): receives the signed copy",
    ]);
    expect(await texts(form.text, "select#s1-witness option")).toEqual(["Choose the signer witnessed", "Signer 1", "Signer 3"]);
    expect(await select(form.text, 'input[name="allow_delegation"][type="checkbox"]')).toHaveLength(1);
    expect(await select(form.text, "fieldset.group-block")).toHaveLength(0);
    // "Add a signing group": the same form with a group of three empty members, its name focused; nothing is made.
    const typed = { template_code: code, rows: "3", "signer.0.full_name": "Ada Lovelace", "signer.0.email": "ada@example.com" };
    const grouped = await b.submit("/app/documents", { ...typed, add_group: "1" });
    expect(grouped.status).toBe(200);
    expect(await select(grouped.text, "fieldset.group-block")).toHaveLength(1);
    expect(await select(grouped.text, 'input[name^="group.0.member."][name$=".email"]')).toHaveLength(3);
    expect((await select(grouped.text, "input#sg0-name"))[0]!.attrs).toHaveProperty("autofocus");
    expect((await select(grouped.text, "select#s1-witness option"))[1]!.text).toBe("Signer 1: Ada Lovelace");
    // "Add a member to signing group 1": a fourth member row, what was typed kept.
    const more = await b.submit("/app/documents", { ...typed, groups: "1", "group.0.name": "Board", add_member: "0" });
    expect(await select(more.text, 'input[name^="group.0.member."][name$=".email"]')).toHaveLength(4);
    expect((await select(more.text, "input#sg0-name"))[0]!.attrs.value).toBe("Board");
    expect((await select(more.text, "input#sg0m3-name"))[0]!.attrs).toHaveProperty("autofocus");
    expect((await api("GET", "/v1/documents", { key })).json.documents).toEqual([]);
  });

  it("sends an approver, a viewer, a witness of row 1 and a group of three, with delegation allowed", async () => {
    const { key, b, code } = await ownerWithKey();
    const sent = await b.submit("/app/documents", { template_code: code, ...FORM });
    expect(sent.status, sent.text.slice(0, 2000)).toBe(200);
    // Each person who acts gets a link: four rows and three members.
    expect([...sent.text.matchAll(/https:\/\/sign\.example\.test\/s\/[0-9a-f]{64}/g)]).toHaveLength(7);
    const id = /\/app\/documents\/(doc_[a-z0-9]+)/.exec(sent.text)![1]!;
    const d = (await api("GET", `/v1/documents/${id}`, { key })).json as { allow_delegation: boolean; signers: ApiSigner[] };
    expect(d.allow_delegation).toBe(true);
    const by = (name: string) => d.signers.find((s) => s.full_name === name)!;
    // The rows in order, then the group's members (one step: their order among themselves is not kept).
    expect(d.signers.slice(0, 4).map((s) => [s.full_name, s.role])).toEqual([
      ["Ada Lovelace", "signer"],
      ["Ann Approver", "approver"],
      ["Vic Viewer", "viewer"],
      ["Wes Witness", "witness"],
    ]);
    expect(
      d.signers
        .slice(4)
        .map((s) => [s.full_name, s.role])
        .sort(),
    ).toEqual([
      ["Bea Board", "signer"],
      ["Ben Board", "signer"],
      ["Bo Board", "signer"],
    ]);
    expect(by("Wes Witness").witness_for).toBe(by("Ada Lovelace").signer_id);
    const members = ["Bea Board", "Ben Board", "Bo Board"].map(by);
    expect(members.map((m) => m.group_name)).toEqual(["Board", "Board", "Board"]);
    expect(new Set(members.map((m) => m.group_id)).size).toBe(1);
    expect(members[0]!.group_id).toMatch(/^grp_/);
    expect(by("Ada Lovelace").group_id).toBeNull();
  });

  it("leaves delegation off unless ticked, and skips an empty row picked as the witnessed one", async () => {
    const { key, b, code } = await ownerWithKey();
    const { allow_delegation: _, ...form } = FORM;
    // Row 1 picks row 3 as witnessed and row 3 is left empty: the witness names no one.
    const refused = await b.submit("/app/documents", {
      template_code: code,
      ...form,
      "signer.3.full_name": "",
      "signer.3.email": "",
      "signer.1.role": "witness",
      "signer.1.witness_for": "3",
    });
    expect(refused.status).toBe(422);
    expect(unescapeHtml(refused.text)).toContain("signers.1.witness_for: a witness must name the signer witnessed");
    const sent = await b.submit("/app/documents", { template_code: code, ...form });
    expect(sent.status).toBe(200);
    const id = /\/app\/documents\/(doc_[a-z0-9]+)/.exec(sent.text)![1]!;
    expect((await api("GET", `/v1/documents/${id}`, { key })).json.allow_delegation).toBe(false);
  });

  it("shows a refusal of the send rules at the form, keeps what was typed, and makes no draft", async () => {
    const { key, b, code } = await ownerWithKey();
    // A witness with no one picked.
    const noWitnessed = await b.submit("/app/documents", { template_code: code, ...FORM, "signer.3.witness_for": "" });
    expect(noWitnessed.status).toBe(422);
    expect(unescapeHtml(noWitnessed.text)).toContain("signers.3.witness_for: a witness must name the signer witnessed");
    expect((await select(noWitnessed.text, "input#s3-name"))[0]!.attrs.value).toBe("Wes Witness");
    expect((await select(noWitnessed.text, "select#s3-role option[selected]"))[0]!.attrs.value).toBe("witness");
    expect((await select(noWitnessed.text, "input#sg0m2-email"))[0]!.attrs.value).toBe("bo@example.com");
    // A group of one.
    const lonely = await b.submit("/app/documents", {
      template_code: code,
      ...FORM,
      "group.0.member.1.full_name": "",
      "group.0.member.1.email": "",
      "group.0.member.2.full_name": "",
      "group.0.member.2.email": "",
    });
    expect(lonely.status).toBe(422);
    expect(unescapeHtml(lonely.text)).toContain("signers.4.group: Too small: expected array to have >=2 items");
    // A witness of an approver.
    const ofApprover = await b.submit("/app/documents", { template_code: code, ...FORM, "signer.3.witness_for": "1" });
    expect(ofApprover.status).toBe(422);
    expect(unescapeHtml(ofApprover.text)).toContain("a witness witnesses one signer's signature");
    expect((await api("GET", "/v1/documents", { key })).json.documents).toEqual([]);
  });

  it("a draft's send form sends roles, a group and delegation too", async () => {
    const { key, b, code } = await ownerWithKey();
    const prepared = await api("POST", "/v1/documents", { key, body: { template_code: code, values: { company: "Acme", name: "Ada" } } });
    const id = prepared.json.document_id as string;
    const draft = await b.get(`/app/documents/${id}`);
    expect(await select(draft.text, "select#d0-role")).toHaveLength(1);
    const { "value.company": _c, "value.name": _n, title: _t, ...rows } = FORM;
    const withGroup = await b.submit(`/app/documents/${id}/send`, { rows: "3", add_group: "1" }, `/app/documents/${id}`);
    expect(await select(withGroup.text, 'form[action$="/send"] fieldset.group-block')).toHaveLength(1);
    const sent = await b.submit(`/app/documents/${id}/send`, rows, `/app/documents/${id}`);
    expect(sent.status, sent.text.slice(0, 2000)).toBe(200);
    const d = (await api("GET", `/v1/documents/${id}`, { key })).json as { allow_delegation: boolean; signers: ApiSigner[] };
    expect(d.allow_delegation).toBe(true);
    expect(d.signers.filter((s) => s.group_name === "Board")).toHaveLength(3);
  });
});

describe("the document page: roles and what each person did", () => {
  it("says each role and what was done (approval with its note, acknowledged, signed for the group, delegation), and the new trail kinds", async () => {
    const { key, b, code } = await ownerWithKey();
    const sent = await b.submit("/app/documents", { template_code: code, ...FORM });
    const id = /\/app\/documents\/(doc_[a-z0-9]+)/.exec(sent.text)![1]!;
    const d = (await api("GET", `/v1/documents/${id}`, { key })).json as { signers: ApiSigner[] };
    const by = (name: string) => d.signers.find((s) => s.full_name === name)!.signer_id;
    // The approve and acknowledge actions are not on this branch yet: their outcomes are written as they store them.
    const db = dbOf(env);
    const at = "2026-11-27T10:00:00.000Z";
    await db
      .update(signers)
      .set({ status: "signed", signedAt: at, approvalNote: "Budget checked" })
      .where(eq(signers.id, by("Ann Approver")));
    await db
      .update(signers)
      .set({ status: "signed", signedAt: at })
      .where(eq(signers.id, by("Vic Viewer")));
    await db
      .update(signers)
      .set({ status: "signed", signedAt: at })
      .where(eq(signers.id, by("Ben Board")));
    // Ada passed her part to Dee (the delegate takes her role and order).
    const [ada] = await db
      .select()
      .from(signers)
      .where(eq(signers.id, by("Ada Lovelace")));
    const deeId = `sgn_dee${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
    await db
      .insert(signers)
      .values({ ...ada!, id: deeId, email: "dee@example.com", fullName: "Dee Delegate", tokenHash: "0".repeat(64), delegatedFrom: ada!.id });
    await db.update(signers).set({ delegatedTo: deeId, delegatedAt: at, delegationReason: "On leave" }).where(eq(signers.id, ada!.id));
    const [{ last }] = (await db
      .select({ last: max(events.seq) })
      .from(events)
      .where(eq(events.documentId, id))) as [{ last: number }];
    const [sentEvent] = await db.select().from(events).where(eq(events.documentId, id)).limit(1);
    await db.insert(events).values(
      (["approved", "acknowledged", "delegated", "corrected"] as const).map((kind, i) => ({
        ...sentEvent!,
        id: `evt_${kind}${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`,
        seq: last + 1 + i,
        kind,
        occurredAt: at,
        signatureMethod: null,
        detail: null,
      })),
    );

    const page = await b.get(`/app/documents/${id}`);
    expect(page.status).toBe(200);
    const rows = await texts(page.text, 'section[aria-label="Signers"] tbody tr');
    const cells = async (n: number) => texts(page.text, `section[aria-label="Signers"] tbody tr td:nth-child(${n})`);
    expect(rows).toHaveLength(8);
    const names = await cells(1);
    const role = Object.fromEntries((await cells(3)).map((r, i) => [names[i], r]));
    const did = Object.fromEntries((await cells(5)).map((r, i) => [names[i], r]));
    const detail = Object.fromEntries((await cells(6)).map((r, i) => [names[i], r]));
    expect(role).toEqual({
      "Ada Lovelace": "Signer",
      "Ann Approver": "Approver",
      "Vic Viewer": "Viewer",
      "Wes Witness": "Witness of Ada Lovelace",
      "Bea Board": "Signing group Board",
      "Ben Board": "Signing group Board",
      "Bo Board": "Signing group Board",
      "Dee Delegate": "Signer · Delegate of Ada Lovelace",
    });
    expect(did).toEqual({
      "Ada Lovelace": "Delegated to Dee Delegate",
      "Ann Approver": "Approved",
      "Vic Viewer": "Acknowledged",
      "Wes Witness": "Waiting",
      "Bea Board": "Another member signed (Ben Board)",
      "Ben Board": "Signed for Board",
      "Bo Board": "Another member signed (Ben Board)",
      "Dee Delegate": "Waiting",
    });
    expect(detail["Ann Approver"]).toBe("Nov 27, 2026, 10:00 AM UTC: Budget checked");
    expect(detail["Ada Lovelace"]).toBe("Nov 27, 2026, 10:00 AM UTC: On leave");
    expect(detail["Vic Viewer"]).toBe("Nov 27, 2026, 10:00 AM UTC");
    const trail = await texts(page.text, 'section[aria-label="Trail"] tbody tr td:nth-child(2)');
    expect(trail.slice(-4)).toEqual(["Approved", "Acknowledged", "Delegated to someone else", "Signer corrected"]);

    // The same page in French.
    const fr = await b.get(`/app/documents/${id}?lang=fr`);
    expect(await texts(fr.text, 'section[aria-label="Signataires"] tbody tr td:nth-child(3)')).toContain("Témoin de Ada Lovelace");
  });
});
