/** @jsxImportSource hono/jsx */
/**
 * The frame every page shares: language, viewport, the one style sheet and (optionally) the one
 * script under the response's nonce, the language switcher, landmarks. Hono's JSX escapes every
 * text child and attribute value; only the static CSS and scripts are inserted raw.
 */
import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import { CSS } from "./assets";
import { dirOf, LANGS, LANG_NAMES, type Lang, type T } from "../i18n";
import type { PageBrand } from "./brand";

export type LayoutProps = {
  t: T;
  nonce: string;
  title: string;
  /** The same page in another language (keeps the page's own query). */
  langHref: (lang: Lang) => string;
  script?: string;
  /** data-* attributes on <body> that the script reads. */
  bodyData?: Record<string, string>;
  /** The footer's line, when the page says something else than the default (the tablet's page keeps a cookie). */
  footer?: string;
  children?: Child;
  /** The account's brand, when it wears its own (white-label): name, logo, colours, footer. */
  brand?: PageBrand;
};

/** The language switcher every page carries: the same page in each language, the current one marked. */
export function LanguageSwitcher(p: { label: string; current: Lang; href: (lang: Lang) => string }) {
  return (
    <nav aria-label={p.label}>
      <ul>
        {LANGS.map((l) => (
          <li>
            <a href={p.href(l)} hreflang={l} lang={l} aria-current={l === p.current ? "true" : undefined}>
              {LANG_NAMES[l]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The name a page's title and header carry: the account's under white-label, else the service's. */
export const siteName = (p: { t: T; brand?: PageBrand }) => p.brand?.name ?? p.t("service");

export function Layout(p: LayoutProps) {
  const data = Object.fromEntries(Object.entries(p.bodyData ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <>
      {raw("<!DOCTYPE html>")}
      <html lang={p.t.lang} dir={dirOf(p.t.lang)}>
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex, nofollow" />
          <title>{p.title}</title>
          <link rel="icon" href="data:," />
          <style nonce={p.nonce} dangerouslySetInnerHTML={{ __html: CSS }} />
          {p.brand ? <style nonce={p.nonce} dangerouslySetInnerHTML={{ __html: p.brand.css }} /> : null}
        </head>
        <body {...data}>
          <header>
            <span class="brand">
              {p.brand?.logo ? <img src={p.brand.logo} alt="" /> : null}
              {siteName(p)}
            </span>
            <LanguageSwitcher label={p.t("language")} current={p.t.lang} href={p.langHref} />
          </header>
          <main id="main">{p.children}</main>
          <footer>
            {p.brand ? (
              <>
                {p.brand.footer ? <p>{p.brand.footer}</p> : null}
                <p>{p.footer ?? p.t("footerBranded")}</p>
              </>
            ) : (
              <p>{p.footer ?? p.t("footer")}</p>
            )}
          </footer>
          {p.script ? <script nonce={p.nonce} dangerouslySetInnerHTML={{ __html: p.script }} /> : null}
        </body>
      </html>
    </>
  );
}

/** A page that only says one thing: dead links, rate limits, faults. */
export function MessagePage(p: Omit<LayoutProps, "children" | "title"> & { heading: string; lines: string[]; tone?: "bad" | "warn" }) {
  return (
    <Layout {...p} title={`${p.heading} · ${siteName(p)}`}>
      <h1>{p.heading}</h1>
      <div class={`box ${p.tone ?? "bad"}`}>
        {p.lines.map((l) => (
          <p>{l}</p>
        ))}
      </div>
    </Layout>
  );
}

/** The words every page of a test document's PDFs carries (TEST_MARK of src/lib/pdf/certificate.ts). */
export const TEST_MARK_EN = "TEST \u2014 no legal effect";

/**
 * A test-mode document's banner (made with an `mk_test_` key), at the top of its signing and
 * verification pages: in the page's language, with the PDFs' English words beside it.
 */
export function TestModeBanner({ t, body }: { t: T; body: string }) {
  return (
    <div class="box bad test-mode" id="test-mode" role="note" aria-labelledby="test-mode-heading">
      <h2 id="test-mode-heading">
        {t("testMark")}
        {t.lang === "en" ? null : (
          <>
            {" "}
            <span lang="en">({TEST_MARK_EN})</span>
          </>
        )}
      </h2>
      <p>{body}</p>
    </div>
  );
}
