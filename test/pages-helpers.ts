/** Requests against the pages as a browser without JavaScript makes them, and a small HTML reader. */
import { exports } from "cloudflare:workers";
import { BASE } from "./helpers";

type PageInit = { form?: Record<string, string>; lang?: string; ip?: string; headers?: Record<string, string> };

/** GET or POST a page; redirects are not followed, so a test sees the 303 itself. */
export async function page(method: "GET" | "POST", path: string, init: PageInit = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": init.ip ?? "203.0.113.7", ...init.headers };
  if (init.lang) headers["accept-language"] = init.lang;
  let body: string | undefined;
  if (init.form) {
    body = new URLSearchParams(init.form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  const res = await exports.default.fetch(`${BASE}${path}`, { method, headers, body, redirect: "manual" });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, text: new TextDecoder().decode(bytes), bytes };
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

export type El = { tag: string; attrs: Record<string, string>; text: string };

/** Elements matching a CSS selector, with their attributes (as a browser reads them) and raw, still escaped, text. */
export async function select(html: string, selector: string): Promise<El[]> {
  const out: El[] = [];
  const open: El[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(el) {
        const item: El = { tag: el.tagName, attrs: Object.fromEntries([...el.attributes].map(([k, v]) => [k!, unescapeHtml(v ?? "")])), text: "" };
        out.push(item);
        if (VOID.has(el.tagName)) return;
        open.push(item);
        el.onEndTag(() => {
          open.splice(open.indexOf(item), 1);
        });
      },
    })
    .on("*", {
      text(t) {
        for (const o of open) o.text += t.text;
      },
    })
    .transform(new Response(html))
    .text();
  return out;
}

/** The text a browser shows for escaped HTML text (the entities Hono's escaping writes). */
export const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** Pages differ only by their nonce; this removes it so two pages can be compared whole. */
export const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

export const nonceOf = (headers: Headers) => /script-src 'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];

export async function gzipSize(text: string): Promise<number> {
  const stream = new Response(text).body!.pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/**
 * A page's weight: its bytes, its gzip size, and the bytes of its language switcher (one link per
 * language, the page's own address with `?lang=`), which grows with the list while the page does not.
 */
export async function pageWeight(html: string) {
  const size = (s: string) => new TextEncoder().encode(s).length;
  const nav = html.match(/<nav class="langs"[\s\S]*?<\/nav>/);
  return { bytes: size(html), gzip: await gzipSize(html), switcher: nav ? size(nav[0]) : 0 };
}
