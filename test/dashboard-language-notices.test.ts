/**
 * The dashboard's subjects and packets, retention and redaction, revising a template, page titles
 * and the messages shown after a form, in the member's language (chosen once with `?lang=`, then
 * kept by cookie).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueKey } from "../src/domain/accounts";
import { DASHBOARD_CATALOGUES } from "./catalogues";

const { frame, notices, packets, retention, templates } = DASHBOARD_CATALOGUES;
import { makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { select } from "./pages-helpers";
import { adult, importSubject, minor, packetWorkflow, subjectBody } from "./packet-helpers";

/** Without the isolates (FSI … PDI) the right-to-left catalogues put around values. */
const bare = (s: string) => s.replace(/[\u2068\u2069]/g, "");
const texts = async (html: string, sel: string) => (await select(html, sel)).map((e) => e.text.replace(/\s+/g, " ").trim());

async function speaking(tenantId: string, role: "owner" | "member" | "viewer", lang: string) {
  const b = await sessionFor(await makeMember(tenantId, role));
  const first = await b.get(`/app/documents?lang=${lang}`);
  expect(first.text).toContain(`<html lang="${lang}"`);
  return b;
}

describe("packets, retention and notices in the member's language", () => {
  it("the packets list and a packet speak Arabic right to left, with names isolated and counts in words; sending confirms in Arabic", async () => {
    const t = await makeAccount();
    const { key } = await issueKey(env, t, { label: "k", mode: "test", scopes: ["signing:read", "signing:templates", "signing:subjects"] }, "test");
    await packetWorkflow(key);
    const r = await importSubject(key, subjectBody("R-lang-1", [adult("a1", "Ana Ruiz"), minor("k1", "a1", "Kim Ruiz"), { ref: "n", full_name: "No Mail" }]));
    const b = await speaking(t, "member", "ar");

    const list = await b.get("/app/packets");
    expect(list.text).toContain('<html lang="ar" dir="rtl">');
    const ar = packets.ar;
    expect((await texts(list.text, "title"))[0]).toContain(notices.ar.nt_packets_title);
    expect(await texts(list.text, "thead th")).toEqual([ar.pk_subject, ar.pk_kind, ar.pk_starts, ar.pk_code, ar.pk_state, ar.pk_readiness]);
    expect(await texts(list.text, "tbody td:nth-child(5)")).toEqual([ar.pk_state_open]);
    for (const english of [
      "Subjects (reservations",
      "Readiness",
      "required signed",
      "No subjects in this mode",
      "Import from a CSV file",
      "One row per participant",
    ])
      expect(list.text).not.toContain(english);
    expect(await texts(list.text, 'form[action="/app/packets/import"] h2')).toEqual([ar.pk_import]);
    expect(await texts(list.text, 'label[for="csv-file"]')).toEqual([ar.pk_import_file]);

    const page = await b.get(`/app/packets/${r.packet.packet_id}`);
    expect(page.status).toBe(200);
    for (const english of ["Requirement", "Signed by", "the whole subject", "nobody yet", "(no email)", "Send again", ">Send<", "not started;"]) {
      expect(page.text).not.toContain(english);
    }
    // Names stay isolated inside the Arabic text.
    expect(await texts(page.text, "tbody td:nth-child(3) bdi")).toEqual(["Ana Ruiz", "Ana Ruiz", "No Mail"]);
    const forms = await select(page.text, "tbody form");
    const sent = await b.submit(forms[1]!.attrs.action!, {}, `/app/packets/${r.packet.packet_id}`);
    expect(sent.status, sent.text).toBe(200);
    const flash = (await texts(sent.text, '[role="status"], .flash')).join(" ");
    expect(flash).toContain("Ana Ruiz");
    expect(flash).toContain(notices.ar.nt_item_sent.split("{")[0]!.trim());
    expect(flash).not.toContain("Sent to");
  });

  it("retention and the redaction form speak Hebrew; the saved notice too", async () => {
    const t = await makeAccount();
    const b = await speaking(t, "owner", "he");
    const page = await b.get("/app/retention");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="he" dir="rtl">');
    for (const english of ["How long documents keep", "Save retention", "days after completion"]) expect(page.text).not.toContain(english);
    expect(await texts(page.text, 'label[for="completed-days"]')).toEqual([retention.he.rt_completed_days]);
    expect(await texts(page.text, "form button")).toContain(retention.he.rt_save);
    const saved = await b.submit("/app/retention", { completed_days: "2555", ended_days: "", minimum_days: "365" }, "/app/retention");
    expect(saved.status).toBe(303);
    const after = await b.get(saved.location!);
    expect(after.text).not.toContain("Retention saved.");
    expect(after.text).toContain(notices.he.nt_retention_saved);
    expect((await texts(after.text, "title"))[0]).toContain(frame.he.nav_retention);
  });

  it("revising a template speaks Hebrew and Portuguese: the list's step, the form, the draft made", async () => {
    const t = await makeAccount();
    for (const [lang, code] of [
      ["he", "lease-he"],
      ["pt", "lease-pt"],
    ] as const) {
      const b = await speaking(t, "member", lang);
      await b.submit("/app/templates", { code, name: "Lease", kind: "contract", body: "Lease for {{tenant}}.", variables: "tenant" }, "/app/templates");
      await b.submit("/app/templates/publish", { code }, "/app/templates");
      const tp = templates[lang];
      const list = await b.get("/app/templates");
      expect((await texts(list.text, "thead th")).at(-1)).toBe(tp.tp_next);
      const [link] = await select(list.text, `a[href="/app/templates/revise?code=${code}"]`);
      expect(link!.text).toBe(tp.tp_revise);
      expect(bare(link!.attrs["aria-label"]!)).toBe(tp.tp_revise_aria.replace("{code}", code).replace("{version}", "1"));

      const form = await b.get(`/app/templates/revise?code=${code}`);
      expect(form.status).toBe(200);
      expect(form.text).toContain(`<html lang="${lang}"`);
      expect((await texts(form.text, "h1")).map(bare)).toEqual([tp.tp_revise_title.replace("{code}", code)]);
      expect((await texts(form.text, "main form button")).map(bare)).toEqual([tp.tp_revise_save.replace("{version}", "2")]);
      for (const english of ["Makes version", "as a draft", "Revise", "carry over"]) expect(form.text).not.toContain(english);

      const made = await b.submit("/app/templates/revise", {
        code,
        name: "Lease",
        kind: "contract",
        body: "Lease for {{tenant}}, revised.",
        variables: "tenant",
      });
      expect(made.status).toBe(200);
      expect((await texts(made.text, "[role=status] p, .box.ok p")).map(bare)).toContain(
        notices[lang].nt_revised.replace("{version}", "2").replace("{code}", code),
      );
    }
  });

  it("a refusal names the role in German; a key issued is confirmed in French", async () => {
    const t = await makeAccount();
    const viewer = await speaking(t, "viewer", "de");
    const refused = await viewer.submit("/app/keys", { label: "x", mode: "test", scopes: "signing:read" });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain("may not do this");
    expect(refused.text).not.toContain("<title>Refused");
    expect(refused.text).toContain(notices.de.nt_role_may_not.split("{")[0]!.trim());
    expect(refused.text).toContain(frame.de.role_viewer);

    const owner = await speaking(t, "owner", "fr");
    const issued = await owner.submit("/app/keys", { label: "Caisse", mode: "test", scopes: "signing:read" }, "/app/keys");
    expect(issued.status).toBe(200);
    expect(issued.text).toContain("Caisse");
    expect(issued.text).not.toContain("issued");
    expect(issued.text).not.toContain("The key is shown once");
    expect(issued.text).toContain(notices.fr.nt_key_once);
  });
});
