/**
 * What the language machinery costs per call (docs/languages.md): BCP 47 matching of a tag and of
 * an Accept-Language header, a plural filled by the dashboard's translator (the text parsed once
 * and cached, then filled), and an SMS with a plural rendered by the message renderer, in Arabic
 * (six plural categories) and English.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/languages.bench.mjs` runs it alone.
 */
import { pathToFileURL } from "node:url";
import { assetsFromDisk } from "../scripts/assets.mjs";
import { bundleSrc } from "../scripts/bundle-src.mjs";

/** Microseconds per call over `n` calls, after a warm-up. */
function perCall(fn, n) {
  for (let i = 0; i < Math.min(n, 1000); i++) fn(i);
  const t = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  return ((performance.now() - t) * 1000) / n;
}

/** The same for a call that answers a promise (awaited one by one). */
async function perAsyncCall(fn, n) {
  for (let i = 0; i < Math.min(n, 1000); i++) await fn(i);
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  return ((performance.now() - t) * 1000) / n;
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const n = ctx.quick ? 20_000 : 200_000;
  const file = await bundleSrc(
    `
      export { matchLang, fromAcceptLanguage, dashTranslator, loadLang } from "./src/i18n/index.ts";
      export { renderMessage } from "./src/domain/message-wording.ts";`,
    { name: "languages.mjs", logLevel: "silent" },
  );
  const svc = await import(pathToFileURL(file).href);
  const tags = ["pt-BR", "zh-Hans-CN", "de", "nb-NO", "AR-eg"];
  const en = svc.dashTranslator("en");
  const assets = assetsFromDisk();
  const ar = svc.dashTranslator(await svc.loadLang(assets, "ar"));
  const v = { tenant: "Acme", title: "NDA", name: "Ada", code: "123456", minutes: "10" };
  const r = {
    match_us: perCall((i) => svc.matchLang(tags[i % tags.length]), n),
    accept_language_us: perCall(() => svc.fromAcceptLanguage("zh-CN,zh;q=0.9,pt-BR;q=0.8,en;q=0.5"), n),
    plural_en_us: perCall((i) => en("doc_count", { count: i, from: 1, to: 50 }), n),
    plural_ar_us: perCall((i) => ar("doc_count", { count: i, from: 1, to: 50 }), n),
    sms_ar_us: await perAsyncCall(() => svc.renderMessage(assets, "signing.code", "sms", "ar", v), n / 10),
    sms_en_us: await perAsyncCall(() => svc.renderMessage(assets, "signing.code", "sms", "en", v), n / 10),
  };
  log(`matchLang of one tag:                          ${r.match_us.toFixed(2)} µs`);
  log(`Accept-Language of four entries:               ${r.accept_language_us.toFixed(2)} µs`);
  log(`a plural filled (doc_count), en / ar:          ${r.plural_en_us.toFixed(2)} / ${r.plural_ar_us.toFixed(2)} µs`);
  log(`the code SMS rendered (plural of minutes), en / ar: ${r.sms_en_us.toFixed(2)} / ${r.sms_ar_us.toFixed(2)} µs`);
  return r;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
