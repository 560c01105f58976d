/** @jsxImportSource hono/jsx */
/**
 * The one frame every page renders through (`Frame`): the signer's pages, verification, the
 * public form, the kiosk, OAuth consent (through `Layout`) and the dashboard (its `AppPage` and
 * `OpenPage`, src/dashboard/frame.tsx). It holds the document: language and direction, viewport,
 * the style sheet(s) and the optional script under the response's nonce (src/http/page.ts), the
 * header (the brand, then the language switcher or the dashboard's signed-in controls), landmarks.
 * Hono's JSX escapes every text child and attribute value; only the static CSS and scripts are
 * inserted raw.
 *
 * A plain component, not hono's `jsxRenderer`: `c.render` answers 200 unless the status is set
 * beside it, and the pages answer 404, 422, 429 … with a page built before the answer's status
 * and headers are chosen (a refused form is the same page again); every face already answers
 * through one helper (src/http/page.ts), so a renderer per router would add a second path to the
 * same HTML without removing one.
 */
import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import { CSS, cssFor } from "./assets";
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
  /** The style sheet when the page needs rules of its own (`CSS` plus them); default `CSS`. */
  css?: string;
};

/**
 * The language switcher every page carries: one compact `<details>` menu (no script; Enter or
 * Space opens it) whose summary names the current language, and inside it a link to the same page
 * in each language, the current one marked. It stays one button whatever the number of languages;
 * the open list is a grid of two columns (three on a wide screen) over the page; the nav's label
 * ("Language") names the landmark.
 */
export function LanguageSwitcher(p: { label: string; current: Lang; href: (lang: Lang) => string }) {
  return (
    <nav class="langs" aria-label={p.label}>
      <details>
        <summary>{LANG_NAMES[p.current]}</summary>
        <ul>
          {LANGS.map((l) => (
            <li>
              <a href={p.href(l)} hreflang={l} lang={l} aria-current={l === p.current ? "true" : undefined}>
                {LANG_NAMES[l]}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

/** The name a page's title and header carry: the account's under white-label, else the service's. */
export const siteName = (p: { t: T; brand?: PageBrand }) => p.brand?.name ?? p.t("service");

export type FrameProps = {
  lang: Lang;
  nonce: string;
  title: string;
  /** The style sheet: the pages' one (`CSS`), or the dashboard's (the same plus its rules). */
  css: string;
  /** The account's brand rules, after the sheet (white-label). */
  brandCss?: string;
  bodyClass?: string;
  /** data-* attributes on <body> that the script reads. */
  bodyData?: Record<string, string>;
  /** Before the header: the dashboard's skip link. */
  before?: Child;
  /** The header's name: the site's (with the account's logo under white-label), or the dashboard's account. */
  brand: Child;
  /** The header's end: the language switcher, or the dashboard's signed-in controls. */
  headerEnd?: Child;
  /** Between the header and the content: the dashboard's navigation. */
  nav?: Child;
  /** The footer's content; no footer when absent. */
  footer?: Child;
  script?: string;
  children?: Child;
};

/** The document every page is: head under the nonce, header, optional navigation, main, footer, script. */
export function Frame(p: FrameProps) {
  const data = Object.fromEntries(Object.entries(p.bodyData ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <>
      {raw("<!DOCTYPE html>")}
      <html lang={p.lang} dir={dirOf(p.lang)}>
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex, nofollow" />
          <title>{p.title}</title>
          <link rel="icon" href="data:," />
          <style nonce={p.nonce} dangerouslySetInnerHTML={{ __html: cssFor(p.css, p.lang) }} />
          {p.brandCss !== undefined ? <style nonce={p.nonce} dangerouslySetInnerHTML={{ __html: p.brandCss }} /> : null}
        </head>
        <body class={p.bodyClass} {...data}>
          {p.before}
          <header>
            <span class="brand">{p.brand}</span>
            {p.headerEnd}
          </header>
          {p.nav}
          <main id="main">{p.children}</main>
          {p.footer === undefined ? null : <footer>{p.footer}</footer>}
          {p.script ? <script nonce={p.nonce} dangerouslySetInnerHTML={{ __html: p.script }} /> : null}
        </body>
      </html>
    </>
  );
}

/** A page of the signer's side (signing, verification, public form, kiosk, OAuth): the frame with the switcher in the header. */
export function Layout(p: LayoutProps) {
  return (
    <Frame
      lang={p.t.lang}
      nonce={p.nonce}
      title={p.title}
      css={p.css ?? CSS}
      brandCss={p.brand?.css}
      bodyData={p.bodyData}
      brand={
        <>
          {p.brand?.logo ? <img src={p.brand.logo} alt="" /> : null}
          {siteName(p)}
        </>
      }
      headerEnd={<LanguageSwitcher label={p.t("language")} current={p.t.lang} href={p.langHref} />}
      footer={
        p.brand ? (
          <>
            {p.brand.footer ? <p>{p.brand.footer}</p> : null}
            <p>{p.footer ?? p.t("footerBranded")}</p>
          </>
        ) : (
          <p>{p.footer ?? p.t("footer")}</p>
        )
      }
      script={p.script}
    >
      {p.children}
    </Frame>
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
