/**
 * The pages' only style sheet, inlined under the response's nonce (one request per page on a slow
 * connection), and where pdf.js is served. The pages' scripts are TypeScript under src/browser/,
 * built into src/pages/scripts.generated.ts (`npm run build:browser`) and inlined the same way.
 */
import { version as PDFJS_VERSION } from "pdfjs-dist/package.json";

export { PDFJS_VERSION };

/** Where pdf.js is served: the version in the path, so a new version is a new URL. */
export const PDFJS_BASE = `/app/pdfjs/${PDFJS_VERSION}`;
export const PDFJS_SCRIPT = `${PDFJS_BASE}/pdf.min.mjs`;
export const PDFJS_WORKER = `${PDFJS_BASE}/pdf.worker.min.mjs`;

/**
 * Chinese, Japanese and Korean pages (docs/languages.md "Pages in Chinese, Japanese and Korean"):
 * the script's system fonts and its line breaking, added after the style sheet of those pages only
 * (`Frame`), so no other page carries them. One rule a language, one line each.
 */
export const SCRIPT_CSS: Readonly<Record<string, string>> = {
  ja: 'body{font-family:system-ui,-apple-system,"Hiragino Sans","Yu Gothic",Meiryo,"Noto Sans CJK JP","WenQuanYi Zen Hei",sans-serif;line-break:strict;overflow-wrap:anywhere}',
  "zh-Hans":
    'body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","WenQuanYi Zen Hei",sans-serif;line-break:strict;overflow-wrap:anywhere}',
  ko: 'body{font-family:system-ui,-apple-system,"Apple SD Gothic Neo","Malgun Gothic","Noto Sans CJK KR","WenQuanYi Zen Hei",sans-serif;word-break:keep-all;overflow-wrap:anywhere}',
};

/** A page's style sheet: `css`, then its language's script rule when it has one. */
export const cssFor = (css: string, lang: string): string => css + (SCRIPT_CSS[lang] ?? "");

/** Mobile first: one column from 320 px; wider screens get more room, not another layout. */
export const CSS = `
:root{--fg:#1b1b1f;--muted:#4a4a55;--line:#8a8a96;--soft:#f3f4f8;--accent:#0b57d0;--ok:#0d6b2f;--warn:#8a4b00;--bad:#b3261e;--bg:#fff;--link:#0b57d0;--primary:#0b57d0;--on-primary:#fff;--err:#b3261e}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;text-align:start;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:var(--bg)}
header,main,footer{max-width:44rem;margin:0 auto;padding:.75rem 1rem}
header{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center;justify-content:space-between;border-bottom:1px solid #d6d6de}
footer{color:var(--muted);font-size:.875rem;border-top:1px solid #d6d6de;margin-top:2rem}
.brand{font-weight:700;display:flex;align-items:center;gap:.5rem}
.brand img{height:2rem;width:auto;max-width:10rem}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap}
nav a{display:inline-block;padding:.5rem;min-width:44px;min-height:44px;color:var(--link)}
nav a[aria-current]{color:var(--fg);font-weight:700;text-decoration:none}
.langs{position:relative}.langs summary{min-height:44px;padding:.5rem}
.langs ul{position:absolute;inset-inline-end:0;z-index:9;display:grid;grid:auto-flow/1fr 1fr;background:var(--bg);border:1px solid}
@media(min-width:40rem){.langs ul{grid:auto-flow/1fr 1fr 1fr}}
h1{font-size:1.5rem;line-height:1.25;margin:.75rem 0 .25rem}
h2{font-size:1.2rem;line-height:1.3;margin:1.75rem 0 .5rem}
p{margin:.5rem 0}
a{color:var(--link)}
.sub{color:var(--muted);margin:0}
.doc{white-space:pre-wrap;overflow-wrap:anywhere;border:1px solid #d6d6de;border-radius:8px;padding:1rem;background:var(--soft);font-family:Georgia,"Times New Roman",serif;font-size:1.0625rem}
.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.875rem;overflow-wrap:anywhere}
.box{border-inline-start:5px solid var(--accent);background:var(--soft);padding:.75rem 1rem;margin:1rem 0;border-radius:4px}
.box>h2{margin-top:0}
.ok{border-color:var(--ok)}.warn{border-color:var(--warn)}.bad{border-color:var(--bad)}
.box:focus{outline:3px solid var(--fg)}
.test-mode{border-inline-start-width:8px}.test-mode h2{color:var(--bad);margin:0 0 .25rem}
ol,ul{padding-inline-start:1.25rem}
li{margin:.25rem 0}
label,.label{display:block;font-weight:600;margin:1rem 0 .25rem}
.hint{display:block;color:var(--muted);font-size:.9375rem;font-weight:400;margin:.125rem 0 .25rem}
.error{display:block;color:var(--err);font-weight:600;margin:.25rem 0}
input,select,textarea,button{font:inherit}
input:not([type=checkbox]):not([type=radio]):not([type=file]),select,textarea{width:100%;padding:.55rem .65rem;min-height:44px;border:1px solid #5f5f6b;border-radius:6px;background:var(--bg);color:var(--fg)}
textarea{min-height:6rem}
input[type=file]{max-width:100%;min-height:44px}
[aria-invalid=true]{border:2px solid var(--bad)!important}
input[type=checkbox],input[type=radio]{width:1.5rem;height:1.5rem;margin-block:0;margin-inline:0 .6rem;flex:none;accent-color:var(--primary)}
.choice{display:flex;align-items:center;font-weight:400;margin:.25rem 0;min-height:44px}
.upload{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}.upload input[type=file]{flex:1 1 14rem;min-height:44px}
fieldset{border:1px solid #d6d6de;border-radius:8px;margin:1rem 0;padding:.25rem 1rem 1rem;min-width:0}
legend{font-weight:700;padding:0 .25rem}
fieldset.field-box{border:0;margin:0;padding:0}
output.computed{display:block;font-size:1.125rem;font-weight:600}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
button,.button{display:inline-block;margin-block:.75rem 0;margin-inline:0 .5rem;padding:.65rem 1.25rem;min-height:44px;border-radius:6px;border:2px solid var(--primary);background:var(--primary);color:var(--on-primary);font-weight:600;text-decoration:none;cursor:pointer}
button.quiet{background:var(--bg);color:var(--link)}
button.danger{background:var(--bad);border-color:var(--bad);color:#fff}
button[disabled]{opacity:.6;cursor:progress}
:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
details{margin:1.5rem 0}
summary{cursor:pointer;color:var(--link);font-weight:600;min-height:44px;padding:.5rem 0}
canvas{display:block;width:100%;height:10rem;border:2px dashed #5f5f6b;border-radius:6px;background:#fff;touch-action:none;cursor:crosshair}
.sig:has(#m-typed:not(:checked)) #p-typed,.sig:has(#m-drawn:not(:checked)) #p-drawn,.sig:has(#m-clicked:not(:checked)) #p-clicked{display:none}
.panel{margin-top:.5rem}
.intent{font-size:.9375rem}
dl{margin:.5rem 0}
dt{font-weight:600}
dd{margin:0 0 .5rem}
.drop{border:2px dashed #5f5f6b;border-radius:8px;padding:1rem;margin:.5rem 0}
.drop.over{background:#e8efff;border-color:var(--accent)}
.card{border:1px solid #d6d6de;border-radius:8px;padding:.5rem 1rem;margin:.5rem 0;list-style:none}
ol.cards{padding:0}
[hidden]{display:none!important}
bdi,.value{unicode-bidi:isolate}
[dir=rtl] .mono{direction:ltr;unicode-bidi:isolate}[dir=rtl] input[type=email],[dir=rtl] input[type=tel]{direction:ltr;text-align:end}
@media (min-width:40rem){h1{font-size:1.875rem}dl.facts{display:grid;grid-template-columns:14rem 1fr;gap:0 1rem}dl.facts dd{margin:0 0 .5rem}}
`
  .replace(/\n/g, "")
  .trim();

/** An envelope's signer page: the pages' sheet plus each document's card and its page pictures (only that page carries them). */
export const ENVELOPE_CSS = `${CSS}
.envdoc{border:1px solid #d6d6de;border-radius:8px;padding:.75rem 1rem;margin:1rem 0;background:var(--bg)}.envdoc h3{font-size:1.125rem;margin:0 0 .75rem}.envdoc>.hint:first-child{margin:0;font-size:.875rem;text-transform:uppercase;letter-spacing:.04em}.envdoc-todo{font-weight:600;color:var(--warn)}.envdoc-done{color:var(--ok)}
.pages{border:1px solid #d6d6de;border-radius:8px;padding:.5rem;margin:.5rem 0;background:var(--soft)}.pages img{display:block;inline-size:100%;block-size:auto;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.3)}.pages img+img{margin-block-start:.75rem}
`;
