/** BCP 47 matching (src/i18n/lang.ts `matchTag`): every way a language arrives reaches the same language. */
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { preparedDocument } from "./signing-helpers";
import { LANGUAGES } from "../src/domain/vocabulary";
import { chooseLang, detectLang, fromAcceptLanguage, LANGS, matchLang, matchTag } from "../src/i18n";

/** The list once the sixteen languages of docs/languages.md are in. */
const TWENTY_FOUR = [...LANGUAGES, "nl", "pl", "uk", "cs", "sk", "ro", "hu", "sv", "da", "fi", "nb", "el", "tr", "ja", "zh-Hans", "ko"] as const;

describe("matching a tag to a language", () => {
  it("today's eight: exact, any case, regions and scripts cut off, underscores read as hyphens", () => {
    expect(LANGS).toEqual(LANGUAGES);
    for (const l of LANGUAGES) {
      expect(matchLang(l)).toBe(l);
      expect(matchLang(l.toUpperCase())).toBe(l);
    }
    const reached = { "pt-BR": "pt", "PT-br": "pt", pt_PT: "pt", "es-419": "es", "de-Latn-CH": "de", " fr-CA ": "fr", iw: "he", "ar-EG": "ar" };
    for (const [tag, lang] of Object.entries(reached)) expect(matchLang(tag), tag).toBe(lang);
  });

  it("today's eight: a language not in the list, or not a tag, matches nothing", () => {
    for (const bad of ["zh", "zh-CN", "zh-Hans", "no", "nb-NO", "nn", "xx", "x-klingon", "*", "", "e", "english", "en--US", "en-US;q=1", "a".repeat(40)])
      expect(matchLang(bad), bad).toBeNull();
    expect(matchLang(null)).toBeNull();
    expect(matchLang(undefined)).toBeNull();
  });

  it("the twenty-four (an injected list): Chinese by script and region, Norwegian to Bokmål, Moldovan to Romanian", () => {
    const m = (t: string) => matchTag(t, TWENTY_FOUR);
    for (const t of ["zh", "zh-CN", "zh-SG", "zh-Hans", "zh-hans", "ZH-HANS-CN", "zh-Hans-HK", "zh_CN", "zh-MY"]) expect(m(t), t).toBe("zh-Hans");
    // Traditional Chinese is another script: it does not fall back to Simplified.
    for (const t of ["zh-TW", "zh-HK", "zh-MO", "zh-Hant", "zh-Hant-TW"]) expect(m(t), t).toBeNull();
    for (const t of ["no", "nn", "nb", "nb-NO", "nn-NO", "no-NO", "NB"]) expect(m(t), t).toBe("nb");
    // The list's own spelling is what comes back (`zh-hans` → `zh-Hans`).
    const reached = { mo: "ro", "ro-MD": "ro", "pt-BR": "pt", "ja-JP": "ja", "uk-UA": "uk", "sv-FI": "sv", "el-GR": "el", "ko-KR": "ko", "zh-hans": "zh-Hans" };
    for (const [tag, lang] of Object.entries(reached)) expect(m(tag), tag).toBe(lang);
    // An alias leads only into the list.
    expect(matchTag("no", ["en", "de"])).toBeNull();
    expect(matchTag("zh-CN", ["en", "zh-Hant"])).toBeNull();
    expect(matchTag("zh-TW", ["en", "zh-Hant"])).toBe("zh-Hant");
  });

  it("Accept-Language, ?lang= and the cookie all match through it", () => {
    expect(fromAcceptLanguage("PT-br, en;q=0.5")).toBe("pt");
    expect(fromAcceptLanguage("zh-CN, ja;q=0.9, de;q=0.8")).toBe("ja");
    expect(fromAcceptLanguage("zh-TW, fr-CA;q=0.9")).toBe("fr");
    expect(fromAcceptLanguage("iw-IL")).toBe("he");
    expect(fromAcceptLanguage("de;q=0, en-GB;q=0.1")).toBe("en");
    expect(chooseLang("FR", undefined)).toEqual({ lang: "fr", explicit: true });
    expect(chooseLang("es-MX", "de")).toEqual({ lang: "es", explicit: true });
    expect(detectLang({ query: "xx", cookie: "IT", acceptLanguage: "de" })).toEqual({ lang: "it", chosen: true });
    expect(detectLang({ query: "de-AT", acceptLanguage: "fr" })).toEqual({ lang: "de", chosen: true });
  });
});

describe("a signer's locale as an input", () => {
  it("a tag that reaches a language is stored as it (the link says so); one outside the list is 422 and changes nothing", async () => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key);
    const bad = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [{ email: "a@example.com", full_name: "A", locale: "zh-CN" }] } });
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe("invalid");
    expect(bad.text).toContain("locale");
    expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json).toMatchObject({ status: "draft", signers: [] });
    const signers = [
      { email: "a@example.com", full_name: "A", locale: "pt-BR" },
      { email: "b@example.com", full_name: "B", locale: "DE" },
    ];
    const r = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers } });
    expect(r.status, r.text).toBe(200);
    const links = r.json.links as { token: string; url: string }[];
    expect(links.map((l) => new URL(l.url).searchParams.get("lang"))).toEqual(["pt", "de"]);
    const doc = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json as { signers: { locale: string }[] };
    expect(doc.signers.map((s) => s.locale)).toEqual(["pt", "de"]);
  });
});
