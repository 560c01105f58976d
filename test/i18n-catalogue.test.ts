import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LANGUAGES, MESSAGE_PURPOSES } from "../src/domain/vocabulary";
import { renderMessage } from "../src/domain/message-wording";
import { WORDING } from "./catalogues";
import { consentWording, intentWording } from "../src/domain/wording";
import { certificateLabels, certificateLabelText, certificateNumber, certificateTime } from "../src/i18n/format";
import { needsFallback } from "../src/lib/pdf/text";
import { loadPdfFonts } from "../src/lib/pdf/fonts";
import { chooseLang, dashTranslator, loadLang, detectLang, dirOf, fromAcceptLanguage, placeholdersOf, pluralsOf, translator } from "../src/i18n";
import { CATALOGUES, DASHBOARD_CATALOGUES, DICTS } from "./catalogues";

// The embedded font is a static asset, read before anything is drawn (src/lib/pdf/fonts.ts).
await loadPdfFonts(env, []);

/** The names a text fills: `{name}` placeholders and the numbers of `{n, plural, …}` (src/i18n/translate.ts). */
const placeholders = placeholdersOf;

describe("one catalogue, eight languages", () => {
  const en = DICTS.en;

  it("each language the Worker reads from its static assets is its folder's catalogue, word for word", async () => {
    // scripts/assets.mjs makes i18n/<lang>.json from src/i18n/<lang>/ (the Worker's script holds English only).
    for (const lang of LANGUAGES.filter((l) => l !== "en")) {
      const source = Object.values(await import(`../src/i18n/${lang}/index.ts`))[0];
      expect(CATALOGUES[lang], lang).toEqual(source);
    }
    // A language the assets lack is a fault said at once, not English in its place.
    const missing = { fetch: async () => new Response("no", { status: 404 }) } as unknown as Fetcher;
    await expect(loadLang(missing, "xx" as never)).rejects.toThrow(/the xx catalogue is missing from the static assets/);
  });

  it("every language has every page key, no extra key, no empty text", () => {
    expect(Object.keys(DICTS).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      expect(Object.keys(DICTS[lang]).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [k, v] of Object.entries(DICTS[lang])) expect(v.trim().length, `${lang}.${k}`).toBeGreaterThan(0);
    }
  });

  it("placeholders match across languages, key by key", () => {
    for (const lang of LANGUAGES) {
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(placeholders(DICTS[lang][key]), `${lang}.${key}`).toEqual(placeholders(en[key]));
      }
    }
  });

  it("messages: every language has every purpose and channel text with the same placeholders", () => {
    for (const lang of LANGUAGES) {
      const p = WORDING[lang];
      expect(p, lang).toBeDefined();
      expect(placeholders(p.automatic), lang).toEqual(placeholders(WORDING.en.automatic));
      expect(placeholders(p.copyAddress)).toEqual([]);
      expect(Object.keys(p.purposes).sort()).toEqual([...MESSAGE_PURPOSES].sort());
      for (const purpose of MESSAGE_PURPOSES) {
        const a = p.purposes[purpose];
        const b = WORDING.en.purposes[purpose];
        const where = `${lang} ${purpose}`;
        expect(placeholders(a.subject), where).toEqual(placeholders(b.subject));
        expect(placeholders(a.heading), where).toEqual(placeholders(b.heading));
        expect(placeholders(a.sms), where).toEqual(placeholders(b.sms));
        expect(placeholders(a.lines.join(" ")), where).toEqual(placeholders(b.lines.join(" ")));
        expect(a.lines.length, where).toBe(b.lines.length);
        expect(Boolean(a.action), where).toBe(Boolean(b.action));
      }
      for (const part of ["approver", "viewer"] as const) {
        const a = p.linkFor[part];
        const b = WORDING.en.purposes["signing.link"];
        const where = `${lang} signing.link for an ${part}`;
        for (const k of ["subject", "heading", "sms"] as const) expect(placeholders(a[k]), where).toEqual(placeholders(b[k]));
        expect(placeholders(a.lines.join(" ")), where).toEqual(placeholders(b.lines.join(" ")));
        expect(Boolean(a.action), where).toBe(true);
      }
    }
  });

  it("emails in Arabic and Hebrew are right to left; the others left to right", async () => {
    for (const lang of LANGUAGES) {
      const r = await renderMessage(env.ASSETS, "signing.link", "email", lang, { tenant: "Acme", title: "NDA", name: "Zoë", link: "https://x.test/s/t" });
      expect(r.html).toContain(`<html lang="${lang}" dir="${lang === "ar" || lang === "he" ? "rtl" : "ltr"}">`);
      expect(r.text).toContain("https://x.test/s/t");
    }
  });

  it("a link that asks an access code or an ID check says what to have ready, in every language, by email only", async () => {
    for (const lang of LANGUAGES) {
      for (const check of ["access_code", "id_check"] as const) {
        for (const purpose of ["signing.link", "signing.reminder", "signing.delegated"] as const) {
          const r = await renderMessage(env.ASSETS, purpose, "email", lang, {
            tenant: "Acme",
            title: "NDA",
            name: "Zoë",
            from: "Al",
            link: "https://x.test/s/t",
            check,
          });
          const note = WORDING[lang].checkNote[check].replace("{tenant}", "Acme");
          expect(r.text, `${lang} ${purpose} ${check}`).toContain(note);
          expect(r.html).toContain(WORDING[lang].checkNote[check].split("{tenant}").at(-1)!.replace(/'/g, "&#39;"));
        }
      }
      const plain = await renderMessage(env.ASSETS, "signing.link", "email", lang, { tenant: "Acme", title: "NDA", name: "Zoë", link: "https://x.test/s/t" });
      expect(plain.text).not.toContain(WORDING[lang].checkNote.access_code.split("{tenant}").at(-1)!);
      expect((await renderMessage(env.ASSETS, "signing.code", "email", lang, { tenant: "Acme", code: "123456", check: "access_code" })).text).not.toContain(
        WORDING[lang].checkNote.access_code.split("{tenant}").at(-1)!,
      );
    }
  });

  it("certificate times: the language's long form in UTC, the exact timestamp beside; Arabic with Latin digits", () => {
    const iso = "2026-11-23T14:05:09.120Z";
    expect(certificateTime(iso, "en")).toBe(`November 23, 2026 at 2:05:09 PM UTC · ${iso}`);
    expect(certificateTime(iso, "de")).toBe(`23. November 2026 um 14:05:09 UTC · ${iso}`);
    expect(certificateTime(iso, "ar")).toMatch(/^23 نوفمبر 2026.*2:05:09.* UTC · 2026-11-23T14:05:09\.120Z$/);
    expect(certificateTime(null, "fr")).toBe("—");
    expect(certificateNumber(12345, "de")).toBe("12.345");
  });

  it("emails isolate every filled-in name and title in <bdi>, escaped, in every language", async () => {
    for (const lang of LANGUAGES) {
      const r = await renderMessage(env.ASSETS, "signing.link", "email", lang, {
        tenant: "شركة <Acme>",
        title: "NDA & more",
        name: "Anna Schmidt",
        link: "https://x.test/s/t",
      });
      expect(r.html, lang).toContain("<bdi>Anna Schmidt</bdi>");
      expect(r.html, lang).toContain("<bdi>NDA &amp; more</bdi>");
      expect(r.html, lang).toContain("<bdi>شركة &lt;Acme&gt;</bdi>");
      expect(r.html, lang).not.toContain("<Acme>");
      // The plain text and subject carry the values as given.
      expect(r.text, lang).toContain("Anna Schmidt");
      expect(r.text, lang).not.toContain("<bdi>");
    }
  });

  it("the consent and intent wording exist in every language; what is recorded stays the version label", () => {
    // Measured in UTF-8 bytes, so that a Chinese or Japanese sentence (fewer, denser characters) is measured fairly.
    const bytes = (s: string) => new TextEncoder().encode(s).length;
    for (const lang of LANGUAGES) {
      expect(bytes(consentWording(lang, null).text), lang).toBeGreaterThan(100);
      expect(bytes(intentWording(lang).text), lang).toBeGreaterThan(60);
      expect(consentWording(lang, null).translated).toBe(lang !== "en");
    }
  });

  it("chooses the language from ?lang and Accept-Language, and knows its direction", () => {
    expect(fromAcceptLanguage("ar-EG,ar;q=0.9,en;q=0.5")).toBe("ar");
    expect(fromAcceptLanguage("he-IL")).toBe("he");
    expect(fromAcceptLanguage("pt-BR,pt;q=0.9")).toBe("pt");
    expect(fromAcceptLanguage("it-CH;q=0.8, fr;q=0.9")).toBe("fr");
    expect(chooseLang("it", "de")).toEqual({ lang: "it", explicit: true });
    expect(dirOf("ar")).toBe("rtl");
    expect(dirOf("he")).toBe("rtl");
    expect(dirOf("pt")).toBe("ltr");
  });

  it("isolates filled-in names on right-to-left pages and right-to-left names anywhere", () => {
    expect(translator("ar")("fromTenant", { tenant: "Acme Ltd" })).toBe("من \u2068Acme Ltd\u2069");
    expect(translator("en")("fromTenant", { tenant: "Acme Ltd" })).toBe("From Acme Ltd");
    expect(translator("en")("fromTenant", { tenant: "شركة النور" })).toBe("From \u2068شركة النور\u2069");
  });

  /** Walks English's shape of a surface and compares the language's text at each place. */
  const compare = (lang: string, where: string, en: unknown, other: unknown, out: string[]) => {
    if (typeof en === "string") {
      if (typeof other !== "string") return void out.push(`${lang} ${where}: missing`);
      if (other.trim().length === 0) out.push(`${lang} ${where}: empty`);
      if (placeholders(other).join() !== placeholders(en).join()) out.push(`${lang} ${where}: placeholders ${placeholders(other)} ≠ ${placeholders(en)}`);
      // Every plural gives each CLDR category the language needs (Arabic: zero, one, two, few, many, other).
      const needs = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const p of pluralsOf(other)) {
        const missing = needs.filter((c) => !p.branches.includes(c));
        if (missing.length) out.push(`${lang} ${where}: plural {${p.name}} lacks ${missing.join(", ")}`);
        const foreign = p.branches.filter((b) => !b.startsWith("=") && !(needs as string[]).includes(b));
        if (foreign.length) out.push(`${lang} ${where}: plural {${p.name}} has ${foreign.join(", ")}, which ${lang} does not use`);
      }
      return;
    }
    if (Array.isArray(en)) {
      if (!Array.isArray(other) || other.length !== en.length) return void out.push(`${lang} ${where}: ${en.length} lines expected`);
      for (const [i, line] of en.entries()) compare(lang, `${where}[${i}]`, line, other[i], out);
      return;
    }
    const e = en as Record<string, unknown>;
    const o = (other ?? {}) as Record<string, unknown>;
    for (const k of Object.keys(o)) if (!(k in e)) out.push(`${lang} ${where}.${k}: not an English key`);
    for (const k of Object.keys(e)) compare(lang, `${where}.${k}`, e[k], o[k], out);
  };

  it("every surface (pages, dashboard areas, messages, consent): every language has every key, no extra key, the same placeholders, every plural category", () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
    const surfaces = Object.keys(CATALOGUES.en).sort();
    expect(surfaces).toEqual(["certificate", "consent", "dashboard", "messages", "pages"]);
    const problems: string[] = [];
    for (const lang of LANGUAGES) {
      expect(Object.keys(CATALOGUES[lang]).sort(), lang).toEqual(surfaces);
      for (const surface of surfaces)
        compare(lang, surface, CATALOGUES.en[surface as keyof typeof CATALOGUES.en], CATALOGUES[lang][surface as keyof typeof CATALOGUES.en], problems);
    }
    expect(problems).toEqual([]);
  });

  it("dashboard keys are unique across areas, so one dictionary per language holds them all", () => {
    const seen = new Map<string, string>();
    for (const [area, byLang] of Object.entries(DASHBOARD_CATALOGUES)) {
      for (const key of Object.keys(byLang.en)) {
        expect(seen.get(key), `${key} in ${area}`).toBeUndefined();
        seen.set(key, area);
      }
    }
  });

  it("detects the language: ?lang= → the surface's cookie → Accept-Language → English", () => {
    expect(detectLang({ query: "fr", cookie: "de", acceptLanguage: "es" })).toEqual({ lang: "fr", chosen: true });
    expect(detectLang({ query: "xx", cookie: "de", acceptLanguage: "es" })).toEqual({ lang: "de", chosen: true });
    expect(detectLang({ query: null, cookie: "xx", acceptLanguage: "es-MX,en;q=0.5" })).toEqual({ lang: "es", chosen: true });
    expect(detectLang({ query: undefined, acceptLanguage: "es;q=0, sw" })).toEqual({ lang: "en", chosen: false });
    expect(chooseLang(undefined, "he-IL")).toEqual({ lang: "he", explicit: false });
    expect(chooseLang("zz", undefined)).toEqual({ lang: "en", explicit: false });
  });
});

describe("plurals, numbers and lists by Intl", () => {
  it("a plural takes the language's CLDR category, `=N` first; `#` and numbers in the language's digits", () => {
    const en = dashTranslator("en");
    expect(en("wf_days", { days: 1 })).toBe("1 day");
    expect(en("wf_days", { days: 30 })).toBe("30 days");
    expect(en("doc_count", { count: 1234, from: 1, to: 50 })).toBe("1,234 documents, showing 1–50.");
    expect(dashTranslator("de")("doc_count", { count: 1234, from: 1, to: 50 })).toBe("1.234 Dokumente, angezeigt 1–50.");
    expect(dashTranslator("fr")("wf_days", { days: 1_000_000 })).toBe("1\u202f000\u202f000 de jours");
    const ar = dashTranslator("ar");
    const days = [0, 1, 2, 3, 11, 100].map((days) => ar("wf_days", { days }));
    expect(days).toEqual(["\u20680\u2069 يوم", "يوم واحد", "يومان", "\u20683\u2069 أيام", "\u206811\u2069 يومًا", "\u2068100\u2069 يوم"]);
    const he = dashTranslator("he");
    expect([1, 2, 5].map((days) => he("wf_days", { days }))).toEqual(["יום אחד", "יומיים", "\u20685\u2069 ימים"]);
    // A missing number leaves the plural as written; a placeholder inside a branch is filled.
    expect(en("wf_days")).toBe("{days, plural, one {# day} other {# days}}");
    expect(en("nt_fields_saved", { fields: 1, placed: 0 })).toBe("Saved: 1 field, 0 placed.");
    expect(en("nt_fields_saved", { fields: 3, placed: 2 })).toBe("Saved: 3 fields, 2 placed.");
  });

  it("emails and texts choose the plural too (a code's lifetime), in every language", async () => {
    const v = { tenant: "Acme", title: "NDA", name: "Ada", code: "123456" };
    expect((await renderMessage(env.ASSETS, "signing.code", "sms", "en", { ...v, minutes: "1" })).text).toContain("It expires in 1 minute.");
    expect((await renderMessage(env.ASSETS, "signing.code", "sms", "en", { ...v, minutes: "10" })).text).toContain("It expires in 10 minutes.");
    expect((await renderMessage(env.ASSETS, "signing.code", "sms", "ar", { ...v, minutes: "10" })).text).toContain("خلال 10 دقائق.");
    expect((await renderMessage(env.ASSETS, "signing.code", "sms", "ar", { ...v, minutes: "2" })).text).toContain("خلال دقيقتين.");
    expect((await renderMessage(env.ASSETS, "signing.code", "email", "he", { ...v, minutes: "2" })).html).toContain("בעוד שתי דקות.");
    expect((await renderMessage(env.ASSETS, "signing.code", "email", "en", { ...v, minutes: "10" })).html).toContain("It expires in <bdi>10</bdi> minutes.");
    for (const lang of LANGUAGES)
      expect((await renderMessage(env.ASSETS, "signing.code", "sms", lang, { ...v, minutes: "10" })).text, lang).not.toMatch(/[{}#]/);
  });

  it("every catalogue text parses, and an ill-formed plural is refused", () => {
    const walk = (x: unknown): void => {
      if (typeof x === "string") placeholdersOf(x);
      else if (x && typeof x === "object") for (const v of Object.values(x)) walk(v);
    };
    expect(() => walk(CATALOGUES)).not.toThrow();
    expect(() => placeholdersOf("{n, plural, one {# day}}")).toThrow(/other/);
    expect(() => placeholdersOf("{n, plural, one {# day} other {# days}")).toThrow();
    // Braces that open neither a placeholder nor a plural stay words ({{name}} in a template's help).
    expect(placeholdersOf("Write {{name}} or {a b}")).toEqual(["name"]);
  });

  it("lists the language's way", () => {
    expect(dashTranslator("en").list(["signing:read", "signing:write"])).toBe("signing:read, signing:write");
    expect(dashTranslator("ar").list(["a", "b", "c"])).toBe("a، وb، وc");
  });
});

describe("the certificate's labels", () => {
  it("in English alone; in another language its own with the English beside, once when they are the same word; never empty", () => {
    expect(certificateLabels("en")("signers")).toBe("Signers");
    expect(certificateLabels("de")("signers")).toBe("Unterzeichner / Signers");
    expect(certificateLabels("fr")("documents")).toBe("Documents");
    for (const lang of LANGUAGES) for (const [k, v] of Object.entries(CATALOGUES[lang].certificate)) expect(v.trim().length, `${lang}.${k}`).toBeGreaterThan(0);
  });

  it("Japanese, Chinese and Korean labels pair the same way and call for the CJK font; no other language does", () => {
    for (const lang of ["ja", "zh-Hans", "ko"] as const) {
      const own = CATALOGUES[lang].certificate.signers;
      expect(own, lang).not.toBe("Signers");
      expect(certificateLabels(lang)("signers")).toBe(`${own} / Signers`);
      expect(needsFallback(`${own} / Signers`), lang).toBe(true);
    }
    // The labels of a language are among the texts that decide the font (src/domain/evidence.ts).
    for (const lang of LANGUAGES) expect(needsFallback(certificateLabelText(lang)), lang).toBe(["ja", "zh-Hans", "ko"].includes(lang));
  });
});
