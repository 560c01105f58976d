/** @jsxImportSource hono/jsx */
/**
 * The business dashboard `/app`: server-rendered pages in the one frame (src/pages/layout.tsx) on
 * the same style sheet as the signer's page (plus a few dashboard rules), plain POST forms each carrying the CSRF token, no script.
 * Only what the member's role may do is offered; src/http/session.ts refuses the rest anyway.
 * In eight languages (src/i18n/<lang>/dashboard/), right to left for Arabic and Hebrew.
 */
import { type Action, type MemberRole, PASSWORD_MAX, PASSWORD_MIN, can } from "../domain/members";
import { CSS } from "../pages/assets";
import type { Child } from "hono/jsx";
import type { DashKey, DashT } from "../i18n";
import type { Lang } from "../i18n";
import { Frame, LanguageSwitcher } from "../pages/layout";

/**
 * The dashboard's additions to the one style sheet: wider pages, tables (cards on a narrow screen),
 * the header's forms, and one form layout (labels above their fields, a form at most 40rem wide, a
 * row of fields and its button aligned at the bottom).
 */
export const DASH_CSS = `${CSS}
.app header,.app main,.app footer{max-width:72rem}footer .langs ul{position:static}
.skip{position:absolute;inset-inline-start:-999px}.skip:focus{inset-inline-start:1rem;top:.5rem;background:#fff;padding:.5rem;z-index:2}
.who{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center;font-size:.9375rem}
.who form{display:inline}.who button{margin:0;padding:.35rem .75rem}.who .modes{display:inline-flex;gap:.25rem}
.modes button[aria-pressed=true]{background:var(--fg);border-color:var(--fg);color:#fff}
nav.main{border-bottom:1px solid #d6d6de}nav.main .menu{max-width:72rem;margin:0 auto;padding:0 1rem}
nav.main summary{display:inline-flex;align-items:center;margin:.25rem 0;padding:.4rem 1rem;border:2px solid var(--primary);border-radius:6px}nav.main summary::after{content:"\\25BE"/"";margin-inline-start:.5rem}nav.main details[open] summary::after{content:"\\25B4"/""}
nav.main .groups{padding:0 0 .75rem}nav.main .group{margin:.5rem 0 0}
.gname{display:block;font-size:.8125rem;font-weight:700;color:var(--muted);padding:0 .5rem}
nav.main a{padding:.6rem .5rem}
@media (min-width:64rem){@supports selector(::details-content){nav.main summary{display:none}nav.main .menu::details-content{content-visibility:visible}
nav.main .groups{display:flex;gap:0 .75rem;padding:.25rem 0 0}nav.main .group{margin:0;padding-inline-start:.75rem;border-inline-start:1px solid #d6d6de}nav.main .group:first-child{padding-inline-start:0;border:0}
nav.main ul{flex-wrap:nowrap;white-space:nowrap}nav.main a{padding:.4rem .3rem .5rem;font-size:.9375rem}.gname{padding:0 .3rem}}}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;font-size:.9375rem}
th,td{text-align:start;padding:.45rem .5rem;border-bottom:1px solid #d6d6de;vertical-align:top}
th{font-weight:700;background:var(--soft)}
main form:not(.row):not(.inline){max-width:40rem}main form fieldset{margin:1rem 0}main form>button:last-child{margin-top:1.25rem}
.row{display:flex;flex-wrap:wrap;gap:0 1rem;align-items:flex-end}.row>*{flex:1 1 12rem}
.row>button,.row>.button{flex:0 0 auto}
.inline{display:inline}
.secret{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1rem;overflow-wrap:anywhere;background:#fff;border:2px solid var(--ok);padding:.5rem;border-radius:6px}
.status{font-weight:600}
.qr{display:block;width:15rem;height:15rem;border:1px solid #d6d6de}
dd{overflow-wrap:anywhere}
@media (max-width:40rem){table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;width:100%}
table.cards thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
table.cards tr{border:1px solid #d6d6de;border-radius:8px;margin:.75rem 0;padding:.25rem .75rem}
table.cards td{border:0;padding:.4rem 0;overflow-wrap:anywhere}table.cards td+td{border-top:1px solid #ececf1}
table.cards td:not([data-label=""])::before{content:attr(data-label)/"";display:block;font-size:.8125rem;font-weight:700;color:var(--muted)}}
.signer-row:has(select.role option[value=witness]:not(:checked)) .witness-pick{display:none}
.pictures{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:0}.pictures img{display:block;max-height:6rem;max-width:100%}.pictures .dark{background:#1b1b1f;padding:.5rem}
`
  .replace(/\n/g, "")
  .trim();

export type Viewer = {
  tenantName: string;
  fullName: string;
  email: string;
  role: MemberRole;
  mode: "test" | "live";
  csrf: string;
  t: DashT;
  /** An owner on a production deployment whose email goes to the outbox (src/lib/config.ts): the banner says so. */
  outboxWarning?: boolean;
  /** An identity provider is configured: the send form offers `ID check` (docs/identity.md). */
  idCheck?: boolean;
};

/** What every page needs to speak: the member's language, and the same page in another one. */
export type Speech = {
  t: DashT;
  langHref: (lang: Lang) => string;
  /** Whether the language came from the visitor (`?lang=`, the cookie, Accept-Language), not the English default. */
  chosen?: boolean;
};

type NavItem = { href: string; label: DashKey; action: Action };
type NavGroup = { label: DashKey; items: NavItem[] };
/** The dashboard's pages in three groups (the member's own sign-in page is the header's name link): a link is shown only to a role that may open it, a group only when it has one. */
export const NAV: NavGroup[] = [
  {
    label: "nav_group_send",
    items: [
      { href: "/app/documents", label: "nav_documents", action: "read" },
      { href: "/app/templates", label: "nav_templates", action: "read" },
      { href: "/app/workflows", label: "nav_workflows", action: "read" },
      { href: "/app/packets", label: "nav_packets", action: "read" },
      { href: "/app/tablets", label: "nav_tablets", action: "read" },
    ],
  },
  {
    label: "nav_group_developers",
    items: [
      { href: "/app/keys", label: "nav_keys", action: "keys.manage" },
      { href: "/app/webhooks", label: "nav_webhooks", action: "webhooks.manage" },
      { href: "/app/connections", label: "nav_connections", action: "oauth.manage" },
    ],
  },
  {
    label: "nav_group_account",
    items: [
      { href: "/app/members", label: "nav_members", action: "members.manage" },
      { href: "/app/branding", label: "nav_branding", action: "branding.manage" },
      { href: "/app/usage", label: "nav_usage", action: "read" },
      { href: "/app/retention", label: "nav_retention", action: "retention.manage" },
    ],
  },
];

/**
 * The navigation: one `<details>` menu. On a wide screen it is always shown, its groups on one
 * line (the summary hidden, the closed content shown by the style sheet); on a narrow one (or a
 * browser without `::details-content`) it is a "Menu" that opens with Enter or Space, no script.
 */
function Navigation(p: { t: DashT; role: MemberRole; path: string }) {
  const t = p.t;
  const groups = NAV.map((g) => ({ ...g, items: g.items.filter((n) => can(p.role, n.action)) })).filter((g) => g.items.length > 0);
  return (
    <nav class="main" aria-label={t("dash_nav")}>
      <details class="menu">
        <summary>{t("nav_menu")}</summary>
        <div class="groups">
          {groups.map((g) => (
            <div class="group">
              <span class="gname" id={`nav-${g.label}`}>
                {t(g.label)}
              </span>
              <ul aria-labelledby={`nav-${g.label}`}>
                {g.items.map((n) => (
                  <li>
                    <a href={n.href} aria-current={p.path.startsWith(n.href) ? "page" : undefined}>
                      {t(n.label)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </details>
    </nav>
  );
}

/** The pages whose data belongs to the test or live mode: only they say which one is shown (members, branding, usage … do not). */
export const MODE_AREAS = [
  "/app/documents",
  "/app/templates",
  "/app/pdf-templates",
  "/app/workflows",
  "/app/packets",
  "/app/tablets",
  "/app/webhooks",
  "/app/keys",
];

export function Csrf({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}

/** The language switcher (the choice is then remembered: src/dashboard/kit.ts). */
const Languages = (p: Speech) => <LanguageSwitcher label={p.t("dash_language")} current={p.t.lang} href={p.langHref} />;

/** What a form posted, shown again with its refusal. */
export type Form = Record<string, string>;

/** A new password's field (posted as `password`): the members' rule on the input, its hint before it. */
export function NewPasswordField(p: { id: string; label: string; hint: string }) {
  return (
    <>
      <label for={p.id}>{p.label}</label>
      <span class="hint" id={`${p.id}-hint`}>
        {p.hint}
      </span>
      <input
        id={p.id}
        name="password"
        type="password"
        autocomplete="new-password"
        minlength={PASSWORD_MIN}
        maxlength={PASSWORD_MAX}
        aria-describedby={`${p.id}-hint`}
        required
      />
    </>
  );
}

export type Flash = { tone: "ok" | "bad" | "warn"; text: string } | null;

export function FlashBox({ flash }: { flash: Flash }) {
  if (!flash) return null;
  return (
    <div class={`box ${flash.tone}`} role={flash.tone === "ok" ? "status" : "alert"}>
      <p>{flash.text}</p>
    </div>
  );
}

/** A signed-in page: header with account, mode and sign-out; the navigation the role allows; the content. */
export function AppPage(p: { nonce: string; v: Viewer; langHref: Speech["langHref"]; title: string; path: string; flash?: Flash; children?: Child }) {
  const t = p.v.t;
  return (
    <Frame
      lang={t.lang}
      nonce={p.nonce}
      title={`${p.title} · ${p.v.tenantName} · Edge Sign`}
      css={DASH_CSS}
      bodyClass="app"
      before={
        <a class="skip" href="#main">
          {t("skip")}
        </a>
      }
      brand={<>Edge Sign · {p.v.tenantName}</>}
      headerEnd={
        <div class="who">
          <a href="/app/account" aria-current={p.path.startsWith("/app/account") ? "page" : undefined} title={t("nav_account")}>
            {t("memberRole", { name: p.v.fullName, role: t(`role_${p.v.role}`) })}
          </a>
          <form method="post" action="/app/mode" class="modes">
            <Csrf token={p.v.csrf} />
            <input type="hidden" name="back" value={p.path} />
            <button type="submit" name="mode" value="test" class="quiet" aria-pressed={p.v.mode === "test" ? "true" : "false"}>
              {t("testData")}
            </button>
            <button type="submit" name="mode" value="live" class="quiet" aria-pressed={p.v.mode === "live" ? "true" : "false"}>
              {t("liveData")}
            </button>
          </form>
          <form method="post" action="/app/sign-out">
            <Csrf token={p.v.csrf} />
            <button type="submit" class="quiet">
              {t("signOut")}
            </button>
          </form>
        </div>
      }
      nav={<Navigation t={t} role={p.v.role} path={p.path} />}
      footer={
        <>
          <p>{t("signedInAs", { email: p.v.email })}</p>
          <Languages t={t} langHref={p.langHref} />
        </>
      }
    >
      {p.v.outboxWarning ? (
        <div class="box warn" id="outbox-warning">
          <p>
            <strong>{t("outboxTitle")}.</strong> {t("outboxBanner")}
          </p>
        </div>
      ) : null}
      <h1>{p.title}</h1>
      {MODE_AREAS.some((a) => p.path.startsWith(a)) ? <p class="sub">{p.v.mode === "test" ? t("testNote") : t("liveNote")}</p> : null}
      <FlashBox flash={p.flash ?? null} />
      {p.children}
    </Frame>
  );
}

/** A page before sign-in (sign-in forms, link confirmation, refusals). */
export function OpenPage(p: Speech & { nonce: string; title: string; flash?: Flash; children?: Child }) {
  return (
    <Frame
      lang={p.t.lang}
      nonce={p.nonce}
      title={`${p.title} · Edge Sign`}
      css={DASH_CSS}
      bodyClass="app"
      brand="Edge Sign"
      headerEnd={<Languages t={p.t} langHref={p.langHref} />}
    >
      <h1>{p.title}</h1>
      <FlashBox flash={p.flash ?? null} />
      {p.children}
    </Frame>
  );
}

/**
 * A table in a region that scrolls sideways if it must (and can be scrolled with the keyboard); on a
 * narrow screen each row is a card, each cell under its column's name (`data-label`, the one
 * `table.cards` rule of DASH_CSS).
 */
export function Table(p: { label: string; head: string[]; rows: Child[][]; empty: string }) {
  if (p.rows.length === 0) return <p>{p.empty}</p>;
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <section class="scroll" aria-label={p.label} tabindex={0}>
      <table class="cards">
        <thead>
          <tr>
            {p.head.map((h) => (
              <th scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.rows.map((r) => (
            <tr>
              {r.map((cell, i) => (
                <td data-label={p.head[i]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export const when = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "—");

export function SignInAgain({ t }: { t: DashT }) {
  return (
    <p>
      <a href="/app/sign-in">{t("signIn")}</a>
    </p>
  );
}

/** A value shown once (a key, a webhook secret, signing links) with what to do about it. */
export function ShownOnce(p: { title: string; note: string; children?: Child }) {
  return (
    <section class="box ok" aria-labelledby="once-title">
      <h2 id="once-title">{p.title}</h2>
      <p>{p.note}</p>
      {p.children}
    </section>
  );
}

export function ShownOnceSecret(p: { secret: string }) {
  return (
    <p class="secret" id="secret">
      {p.secret}
    </p>
  );
}

/**
 * A page of an embedded editing session (docs/embedding.md): the one tool inside a partner's
 * frame, with no navigation, no account controls and no language switcher: nothing else of the
 * dashboard is reachable from it.
 */
export function EmbedPage(p: { nonce: string; v: Viewer; title: string; flash?: Flash; children?: Child }) {
  return (
    <Frame lang={p.v.t.lang} nonce={p.nonce} title={`${p.title} · ${p.v.tenantName}`} css={DASH_CSS} bodyClass="app embed" brand={p.v.tenantName}>
      <h1>{p.title}</h1>
      <FlashBox flash={p.flash ?? null} />
      {p.children}
    </Frame>
  );
}
