/**
 * The workflow form (new and edit), tablets, branding and OAuth connections in German and Arabic
 * (right to left): each page speaks the language chosen by Accept-Language, and no English of the
 * page's words is left; what the member typed and the API's values stay as they are.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueKey } from "../src/domain/accounts";
import { type DashKey, dashTranslator } from "../src/i18n";
import { DASHBOARD_CATALOGUES } from "./catalogues";
import { type Browser, makeAccount, signedIn } from "./dashboard-helpers";
import { makeWorkflow } from "./workflow-helpers";
import { logoPng, putPicture, whiteLabel } from "./branding-helpers";
import { REDIRECT, VERIFIER, agree, authorizeQuery, makeClient, makeMember, token } from "./oauth-helpers";

const LANGS = ["de", "ar"] as const;
const cat = DASHBOARD_CATALOGUES.manage;

/** As hono/jsx writes text and attribute values. */
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The text of `key` in `lang`, as it appears in the page (placeholders filled and isolated as the page does). */
const said = (lang: (typeof LANGS)[number], key: DashKey, vars?: Record<string, string | number>) => esc(dashTranslator(lang)(key, vars));

/**
 * English words of these pages that must not be left in a translated one: every sentence-length
 * text of the catalogue, and a few short labels. "OAuth connections" is left out: it is also the
 * page's title, which src/dashboard/<area>/routes.ts writes.
 */
const ENGLISH = [
  ...Object.entries(cat.en)
    .filter(([k, s]) => s.length > 12 && !s.includes("{") && k !== "mg_connections")
    .map(([, s]) => s),
  "Signer roles",
  "Form fields",
  "Public form",
  "Footer text",
  "Last seen",
  "Last used",
  "Packet kind",
  "No packet",
  "Minors",
  "Pictures",
].map(esc);

const speaks = (html: string, lang: (typeof LANGS)[number]) => expect(html).toContain(`<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">`);
const noEnglish = (html: string, where: string) => {
  for (const e of ENGLISH) expect(html, `${where}: "${e}"`).not.toContain(e);
};

async function account() {
  const t = await makeAccount();
  const { key } = await issueKey(
    env,
    t,
    { label: "k", mode: "test", scopes: ["signing:read", "signing:write", "signing:templates", "signing:workflows"] },
    "test",
  );
  const { b } = await signedIn(t, "owner");
  return { t, key, b };
}

const get = (b: Browser, path: string, lang: string) => b.fetch("GET", path, undefined, { "accept-language": lang });

describe("the workflow form in every language", () => {
  it("the new form and the edit form speak German and Arabic; the member's words and the API's values stay", async () => {
    const { key, b } = await account();
    const wf = await makeWorkflow(key);
    // English stays the default, and the English words are found as the page writes them (so their absence below means something).
    const en = await b.get("/app/workflows/new");
    expect(en.text).toContain('<html lang="en" dir="ltr">');
    expect(en.text).toContain(esc(cat.en.mg_role_hint));
    expect(ENGLISH.filter((e) => en.text.includes(e)).length).toBeGreaterThan(20);
    for (const lang of LANGS) {
      const add = await get(b, "/app/workflows/new", lang);
      expect(add.status).toBe(200);
      speaks(add.text, lang);
      for (const k of [
        "mg_code_hint",
        "mg_roles_hint",
        "mg_more_rows",
        "mg_countersign",
        "mg_packet",
        "mg_no_packet",
        "mg_minors_guardian",
        "mg_create",
      ] as const) {
        expect(add.text, `${lang} new ${k}`).toContain(said(lang, k));
      }
      expect(add.text).toContain(`<legend>${said(lang, "mg_role_n", { n: 1 })}</legend>`);
      expect(add.text).toContain(`<legend>${said(lang, "mg_field_n", { n: 3 })}</legend>`);
      // The default label is data the member can change; option values are the API's.
      expect(add.text).toContain('value="Participant"');
      expect(add.text).toContain(`<option value="reservation">${said(lang, "mg_kind_reservation")}</option>`);
      expect(add.text).toContain(`<option value="participant">${said(lang, "mg_per_participant")}</option>`);
      noEnglish(add.text, `${lang} new`);

      const edit = await get(b, `/app/workflows/${wf.id}/edit`, lang);
      expect(edit.status).toBe(200);
      speaks(edit.text, lang);
      for (const k of ["mg_save", "mg_fixed_email", "mg_role_hint", "mg_public", "mg_active", "mg_fields_hint"] as const) {
        expect(edit.text, `${lang} edit ${k}`).toContain(said(lang, k));
      }
      expect(edit.text).toContain(said(lang, "wf_roles"));
      // What the member typed stays as typed.
      expect(edit.text).toContain('value="Front desk waiver"');
      expect(edit.text).toContain('value="Mia Manager"');
      expect(edit.text).toContain('value="Your company"');
      expect(edit.text).not.toContain(said(lang, "mg_create"));
      noEnglish(edit.text, `${lang} edit`);
    }
  });
});

describe("the tablets page in every language", () => {
  it("the list with a waiting and a stopped tablet, and the pairing form, speak German and Arabic", async () => {
    const { key, b } = await account();
    const w = await makeWorkflow(key);
    // Two tablets waiting for their code; one of them is then stopped.
    for (const name of ["Front desk", "Back office"]) expect((await b.submit("/app/tablets", { name, workflow_id: w.id }, "/app/tablets")).status).toBe(200);
    const list = await b.get("/app/tablets");
    const stop = /action="(\/app\/tablets\/[^"/]+\/stop)"/.exec(list.text)?.[1];
    expect(stop).toBeTruthy();
    expect((await b.submit(stop!, {}, "/app/tablets")).status).toBe(303);
    const en = await b.get("/app/tablets");
    for (const e of ["mg_pair_hint", "mg_waiting_code", "mg_issue_code"] as const) expect(en.text).toContain(esc(cat.en[e]));
    for (const lang of LANGS) {
      const r = await get(b, "/app/tablets", lang);
      expect(r.status).toBe(200);
      speaks(r.text, lang);
      for (const k of [
        "mg_pair",
        "mg_pair_hint",
        "mg_tablet_name",
        "mg_tablet_workflow",
        "mg_issue_code",
        "mg_platform",
        "mg_versions",
        "mg_last_seen",
        "mg_waiting_code",
      ] as const) {
        expect(r.text, `${lang} ${k}`).toContain(said(lang, k));
      }
      expect(r.text).toContain(`<th scope="col">${said(lang, "mg_stop")}</th>`);
      expect(r.text).toContain(esc(cat[lang].mg_stopped.split("{when}")[0]!));
      const running = ["Front desk", "Back office"].filter((n) => r.text.includes(`aria-label="${said(lang, "mg_stop_aria", { name: n })}"`));
      expect(running).toHaveLength(1);
      noEnglish(r.text, `${lang} tablets`);
    }
    // A new account in test mode without tablets, and without a workflow: the empty list and the link to make one.
    const other = await account();
    for (const lang of LANGS) {
      const r = await get(other.b, "/app/tablets", lang);
      expect(r.text).toContain(said(lang, "mg_no_tablets_test"));
      const [before, after] = cat[lang].mg_needs_workflow.split("{link}");
      expect(r.text).toContain(`${esc(before!)}<a href="/app/workflows/new">${said(lang, "mg_needs_workflow_link")}</a>${esc(after!)}`);
      noEnglish(r.text, `${lang} tablets, empty`);
    }
  });
});

describe("the branding page in every language", () => {
  it("without the add-on, then with it and a logo, speaks German and Arabic", async () => {
    const { t, b } = await account();
    for (const lang of LANGS) {
      const r = await get(b, "/app/branding", lang);
      expect(r.status).toBe(200);
      speaks(r.text, lang);
      expect(r.text).toContain(said(lang, "mg_no_white_label"));
      noEnglish(r.text, `${lang} branding, no add-on`);
    }
    await whiteLabel(t);
    expect((await putPicture(t, "logo", await logoPng())).status).toBe(200);
    for (const lang of LANGS) {
      const r = await get(b, "/app/branding", lang);
      expect(r.status).toBe(200);
      speaks(r.text, lang);
      expect(r.text).not.toContain(said(lang, "mg_no_white_label"));
      for (const k of [
        "mg_name_worn",
        "mg_host_worn",
        "mg_brand",
        "mg_contrast_hint",
        "mg_business_name",
        "mg_color_primary",
        "mg_color_accent",
        "mg_host_hint",
        "mg_save_brand",
        "mg_pic_opening",
        "mg_upload_logo_dark",
      ] as const) {
        expect(r.text, `${lang} ${k}`).toContain(said(lang, k));
      }
      expect(r.text).toContain(`alt="${said(lang, "mg_logo_alt")}"`);
      expect(r.text).toContain(`${said(lang, "mg_yes")} / ${said(lang, "mg_no")} / ${said(lang, "mg_no")}`);
      noEnglish(r.text, `${lang} branding`);
    }
  });
});

describe("the OAuth connections page in every language", () => {
  it("an active and an ended connection speak German and Arabic; scopes and the reason typed stay", async () => {
    const { t, b } = await account();
    for (const lang of LANGS) {
      const empty = await get(b, "/app/connections", lang);
      expect(empty.status).toBe(200);
      expect(empty.text).toContain(said(lang, "mg_no_connections"));
    }
    for (const name of ["Booking Pro", "Old CRM"]) {
      const client = await makeClient({ name });
      const { code } = await agree(await makeMember("admin", t), await authorizeQuery(client.client_id));
      const r = await token(
        { grant_type: "authorization_code", code: code!, redirect_uri: REDIRECT, code_verifier: VERIFIER },
        { basic: [client.client_id, client.client_secret] },
      );
      expect(r.status, r.text).toBe(200);
    }
    const page = await b.get("/app/connections");
    const ids = [...page.text.matchAll(/action="\/app\/connections\/([^"/]+)\/end"/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(2);
    expect((await b.submit(`/app/connections/${ids[1]}/end`, { reason: "contract over" }, "/app/connections")).status).toBe(303);
    for (const lang of LANGS) {
      const r = await get(b, "/app/connections", lang);
      expect(r.status).toBe(200);
      speaks(r.text, lang);
      for (const k of ["mg_connections_hint", "mg_app", "mg_member", "mg_connected", "mg_last_used", "mg_connection_active"] as const) {
        expect(r.text, `${lang} ${k}`).toContain(said(lang, k));
      }
      expect(r.text).toContain(`aria-label="${said(lang, "mg_connections")}"`);
      // The scopes are a list in the page's language (Intl.ListFormat, as the dashboard's translator joins them).
      expect(r.text).toContain(esc(new Intl.ListFormat(lang, { style: "short", type: "unit" }).format(["signing:read", "signing:write"])));
      expect(r.text).toContain(`${esc(cat[lang].mg_ended.split("{when}")[0]!)}`);
      expect(r.text).toContain("contract over");
      const open = ["Booking Pro", "Old CRM"].filter((n) => r.text.includes(said(lang, "mg_end_button", { name: n })));
      expect(open).toHaveLength(1);
      expect(r.text).toContain(said(lang, "mg_end_reason", { name: open[0]! }));
      noEnglish(r.text, `${lang} connections`);
    }
  });
});
