// Every language on the three faces a signer, a business and a court abroad see first: the
// signer's page, the dashboard's documents page and the verification page of a completed
// document, each in every language the service lists (the switcher's links, so the pass grows
// with LANGUAGES), with <html lang/dir> set, axe-clean at 390 and 1280 px, no sideways scroll at
// 360 px, screenshots in test-results/screenshots/lang-<face>-<lang>-*. One browser, one page per
// face reused across languages. Then Chinese, Japanese and Korean line breaking on a made-up
// paragraph (the words of those languages arrive with their catalogues).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { BASE_URL, OPERATOR_TOKEN, ROOT } from "../validators/harness.mjs";
import { check, env, newContext, newPage, noProblems, sentDocument, serviceLanguages } from "./lib.mjs";

const PASSWORD = "a long enough pass phrase";
/** The whole pass: 24 languages × 3 faces, each checked at three widths. */
const PASS_LIMIT = { timeout: 900_000 };

/** The languages the page's switcher offers, in its order. */
const languagesOf = (page) => page.locator("nav.langs a[hreflang]").evaluateAll((as) => as.map((a) => a.getAttribute("hreflang")));

/** The page in `lang`: <html lang> is the code, dir is rtl for Arabic and Hebrew, then axe and screenshots. */
async function face(page, url, name, lang) {
  await page.goto(`${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`);
  const html = page.locator("html");
  assert.equal(await html.getAttribute("lang"), lang, `${name}: <html lang>`);
  assert.equal(await html.getAttribute("dir"), ["ar", "he"].includes(lang) ? "rtl" : "ltr", `${name} ${lang}: dir`);
  // Chinese, Japanese and Korean pages carry their script's rule (SCRIPT_CSS): long lines break inside the page.
  if (["ja", "zh-Hans", "ko"].includes(lang))
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflowWrap), "anywhere", `${name} ${lang}`);
  await check(page, `lang-${name}-${lang}`);
}

describe("every language on the signer's, dashboard's and verification pages", () => {
  it("each face in each listed language: lang and dir, axe-clean at 390 and 1280 px, no sideways scroll", PASS_LIMIT, async () => {
    const started = Date.now();
    const { svc } = env;
    const signing = await sentDocument({ signers: [{ email: "anna@example.com", full_name: "Anna Schmidt" }] });
    const done = await svc.completedDocument([{ email: "hana@example.com", full_name: "佐藤 花子" }], "Bike rental for {{company}}.");
    const { verification_code: code } = (await svc.must("GET", `/v1/documents/${done.id}/certificate`, { key: done.key })).json;
    // With the sealed file's SHA-256 the page shows the signers and the trail too.
    const pdf = (await svc.must("GET", `/v1/documents/${done.id}/pdf`, { key: done.key, accept: "application/pdf" })).bytes;
    const sha = createHash("sha256").update(Buffer.from(pdf)).digest("hex");
    const email = `owner-${Date.now().toString(36)}@example.com`;
    await svc.must("POST", `/ops/v1/tenants/${done.tenantId}/members`, {
      key: OPERATOR_TOKEN,
      body: { email, full_name: "Olga Owner", role: "owner", password: PASSWORD },
    });

    const ctx = await newContext();
    const signer = await newPage(ctx);
    await signer.goto(signing.url(0));
    const langs = await languagesOf(signer);
    const listed = await serviceLanguages();
    assert.deepEqual([...langs].sort(), [...listed].sort(), "the switcher offers every language the API lists");

    const dash = await newPage(ctx);
    await dash.goto(`${BASE_URL}/app/sign-in?lang=en`);
    await dash.locator("#email").fill(email);
    await dash.locator("#password").fill(PASSWORD);
    await Promise.all([dash.waitForNavigation(), dash.locator("#password").press("Enter")]);
    await dash.getByRole("heading", { name: "Documents", level: 1 }).waitFor();
    // The document was made with a live key: look at live data.
    await Promise.all([dash.waitForNavigation(), dash.locator('button[name=mode][value="live"]').click()]);
    const verify = await newPage(ctx);

    const times = {};
    for (const lang of langs) {
      const t0 = Date.now();
      await face(signer, signing.url(0), "sign", lang);
      await face(dash, `${BASE_URL}/app/documents`, "dashboard-documents", lang);
      // The completed document is listed, its title as given.
      assert.ok((await dash.locator("main").textContent()).includes("NDA"), `dashboard ${lang}: the document is listed`);
      await face(verify, `${BASE_URL}/verify/${code}?sha256=${sha}`, "verify", lang);
      assert.ok((await verify.locator("main").textContent()).includes("佐藤 花子"), `verify ${lang}: the signer's name in CJK`);
      times[lang] = Date.now() - t0;
    }
    for (const p of [signer, dash, verify]) noProblems(p);
    await ctx.close();
    const total = Date.now() - started;
    console.log(
      `languages pass: ${langs.length} languages × 3 faces in ${(total / 1000).toFixed(1)} s (${Object.entries(times)
        .map(([l, ms]) => `${l} ${(ms / 1000).toFixed(1)}`)
        .join(", ")})`,
    );
  });

  it("Chinese, Japanese and Korean paragraphs break inside the 390 px column; Korean keeps its words whole", { timeout: 120_000 }, async () => {
    // Until those catalogues land no page is served in them: their rules (SCRIPT_CSS in
    // src/pages/assets.ts, one line each) are laid on a served page with a made-up paragraph.
    const source = readFileSync(path.join(ROOT, "src/pages/assets.ts"), "utf8");
    const rules = Object.fromEntries([...source.matchAll(/^\s+"?([\w-]+)"?:\s*'(body\{[^']+\})',$/gm)].map((m) => [m[1], m[2]]));
    assert.deepEqual(Object.keys(rules).sort(), ["ja", "ko", "zh-Hans"]);
    const doc = await sentDocument({ signers: [{ email: "anna@example.com", full_name: "Anna Schmidt" }] });
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    // Made-up words of the length a translation has: one unbroken CJK line, a long Korean sentence.
    const SAMPLES = {
      ja: "この文書に電子的に署名することに同意します署名者の氏名と日時と送信元アドレスが記録されます".repeat(2),
      "zh-Hans": "我同意以电子方式签署本文件签署人的姓名时间和地址将被记录在完成证书中".repeat(2),
      ko: "이 문서에 전자적으로 서명하는 데 동의합니다 서명자의 이름과 시간과 주소가 완료 인증서에 기록됩니다",
    };
    for (const [lang, text] of Object.entries(SAMPLES)) {
      const r = await page.evaluate(
        ({ lang, text, rule }) => {
          document.documentElement.lang = lang;
          const style = document.createElement("style");
          // Under the page's Content-Security-Policy: the nonce of its own style sheet.
          style.nonce = document.querySelector("style").nonce;
          style.textContent = rule;
          document.head.append(style);
          const p = document.createElement("p");
          p.textContent = text;
          document.querySelector("main").prepend(p);
          const s = getComputedStyle(p);
          const out = {
            wordBreak: s.wordBreak,
            overflowWrap: s.overflowWrap,
            font: getComputedStyle(document.body).fontFamily,
            right: p.getBoundingClientRect().right,
            scroll: document.documentElement.scrollWidth,
            height: p.getBoundingClientRect().height,
          };
          p.remove();
          style.remove();
          return out;
        },
        { lang, text, rule: rules[lang] },
      );
      assert.equal(r.overflowWrap, "anywhere", `${lang}: overflow-wrap`);
      if (lang === "ko") assert.equal(r.wordBreak, "keep-all", "ko: word-break keep-all");
      assert.ok(r.scroll <= 390 && r.right <= 390, `${lang}: the paragraph overflows (${r.right}px, page ${r.scroll}px)`);
      assert.ok(r.height > 40, `${lang}: the paragraph wrapped onto several lines`);
      assert.match(r.font, lang === "ko" ? /Malgun Gothic/ : lang === "ja" ? /Hiragino Sans/ : /Microsoft YaHei/, `${lang}: its system fonts first`);
    }
    noProblems(page);
    await ctx.close();
  });
});
