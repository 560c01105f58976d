/** @jsxImportSource hono/jsx */
/**
 * The business dashboard `/app`: server-rendered pages on the same style sheet as the signer's
 * page (plus a few dashboard rules), plain POST forms each carrying the CSRF token, no script.
 * Only what the member's role may do is offered; src/lib/session.ts refuses the rest anyway.
 * English only for now (docs/dashboard.md).
 */
import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import { CSS } from "./assets";
import { type Action, type MemberRole, can } from "../domain/members";

/** The dashboard's additions to the one style sheet: wider pages, tables, the header's forms. */
export const DASH_CSS = `${CSS}
.app header,.app main,.app footer{max-width:72rem}
.skip{position:absolute;inset-inline-start:-999px}.skip:focus{inset-inline-start:1rem;top:.5rem;background:#fff;padding:.5rem;z-index:2}
.who{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center;font-size:.9375rem}
.who form{display:inline}.who button{margin:0;padding:.35rem .75rem}
.modes button[aria-pressed=true]{background:var(--fg);border-color:var(--fg);color:#fff}
nav.main{border-bottom:1px solid #d6d6de}nav.main ul{max-width:72rem;margin:0 auto;padding:0 .5rem}nav.main a{padding:.6rem .5rem}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;font-size:.9375rem}
th,td{text-align:start;padding:.45rem .5rem;border-bottom:1px solid #d6d6de;vertical-align:top}
th{font-weight:700;background:var(--soft)}
.row{display:flex;flex-wrap:wrap;gap:0 1rem;align-items:flex-end}.row>*{flex:1 1 12rem}
.row>button,.row>.button{flex:0 0 auto}
.inline{display:inline}
.secret{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1rem;overflow-wrap:anywhere;background:#fff;border:2px solid var(--ok);padding:.5rem;border-radius:6px}
.status{font-weight:600}
.qr{display:block;width:15rem;height:15rem;border:1px solid #d6d6de}
dd{overflow-wrap:anywhere}
.pictures{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:0}.pictures img{display:block;max-height:6rem;max-width:100%}.pictures .dark{background:#1b1b1f;padding:.5rem}
`
  .replace(/\n/g, "")
  .trim();

export type Viewer = { tenantName: string; fullName: string; email: string; role: MemberRole; mode: "test" | "live"; csrf: string };

type NavItem = { href: string; label: string; action: Action };
/** Every page the dashboard has: a link is shown only to a role that may open it. */
export const NAV: NavItem[] = [
  { href: "/app/documents", label: "Documents", action: "read" },
  { href: "/app/templates", label: "Templates", action: "read" },
  { href: "/app/workflows", label: "Workflows", action: "read" },
  { href: "/app/packets", label: "Subjects", action: "read" },
  { href: "/app/tablets", label: "Tablets", action: "read" },
  { href: "/app/webhooks", label: "Webhooks", action: "webhooks.manage" },
  { href: "/app/keys", label: "API keys", action: "keys.manage" },
  { href: "/app/members", label: "Members", action: "members.manage" },
  { href: "/app/branding", label: "Branding", action: "branding.manage" },
  { href: "/app/connections", label: "Connections", action: "oauth.manage" },
  { href: "/app/retention", label: "Retention", action: "retention.manage" },
  { href: "/app/usage", label: "Usage", action: "read" },
  { href: "/app/account", label: "My sign-in", action: "read" },
];

export function Csrf({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}

function Frame(p: { nonce: string; title: string; children?: Child }) {
  return (
    <>
      {raw("<!DOCTYPE html>")}
      <html lang="en" dir="ltr">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex, nofollow" />
          <title>{p.title}</title>
          <link rel="icon" href="data:," />
          <style nonce={p.nonce} dangerouslySetInnerHTML={{ __html: DASH_CSS }} />
        </head>
        <body class="app">{p.children}</body>
      </html>
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
export function AppPage(p: { nonce: string; v: Viewer; title: string; path: string; flash?: Flash; children?: Child }) {
  return (
    <Frame nonce={p.nonce} title={`${p.title} · ${p.v.tenantName} · Edge Sign`}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header>
        <span class="brand">Edge Sign · {p.v.tenantName}</span>
        <div class="who">
          <span>
            {p.v.fullName} ({p.v.role})
          </span>
          <form method="post" action="/app/mode" class="modes">
            <Csrf token={p.v.csrf} />
            <input type="hidden" name="back" value={p.path} />
            <button type="submit" name="mode" value="test" class="quiet" aria-pressed={p.v.mode === "test" ? "true" : "false"}>
              Test data
            </button>
            <button type="submit" name="mode" value="live" class="quiet" aria-pressed={p.v.mode === "live" ? "true" : "false"}>
              Live data
            </button>
          </form>
          <form method="post" action="/app/sign-out">
            <Csrf token={p.v.csrf} />
            <button type="submit" class="quiet">
              Sign out
            </button>
          </form>
        </div>
      </header>
      <nav class="main" aria-label="Dashboard">
        <ul>
          {NAV.filter((n) => can(p.v.role, n.action)).map((n) => (
            <li>
              <a href={n.href} aria-current={p.path.startsWith(n.href) ? "page" : undefined}>
                {n.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main">
        <h1>{p.title}</h1>
        <p class="sub">{p.v.mode === "test" ? "Test data: documents made here have no legal effect and are never counted." : "Live data."}</p>
        <FlashBox flash={p.flash ?? null} />
        {p.children}
      </main>
      <footer>
        <p>Signed in as {p.v.email}.</p>
      </footer>
    </Frame>
  );
}

/** A page before sign-in (sign-in forms, link confirmation, refusals). */
export function OpenPage(p: { nonce: string; title: string; flash?: Flash; children?: Child }) {
  return (
    <Frame nonce={p.nonce} title={`${p.title} · Edge Sign`}>
      <header>
        <span class="brand">Edge Sign</span>
      </header>
      <main id="main">
        <h1>{p.title}</h1>
        <FlashBox flash={p.flash ?? null} />
        {p.children}
      </main>
    </Frame>
  );
}

export function SignInPage(p: { nonce: string; csrf: string; flash?: Flash; email?: string; accounts?: { slug: string; name: string }[]; next?: string }) {
  return (
    <OpenPage nonce={p.nonce} title="Sign in to the dashboard" flash={p.flash}>
      <form method="post" action="/app/sign-in">
        <Csrf token={p.csrf} />
        {p.next ? <input type="hidden" name="next" value={p.next} /> : null}
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={p.email ?? ""} />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        {p.accounts?.length ? (
          <>
            <label for="account">Account</label>
            <span class="hint" id="account-hint">
              This email belongs to several accounts: choose one.
            </span>
            <select id="account" name="account" aria-describedby="account-hint" required>
              {p.accounts.map((a) => (
                <option value={a.slug}>
                  {a.name} ({a.slug})
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button type="submit">Sign in</button>
      </form>
      <h2>No password, or forgot it?</h2>
      <form method="post" action="/app/sign-in/link">
        <Csrf token={p.csrf} />
        <label for="link-email">Email</label>
        <span class="hint" id="link-email-hint">
          We email a one-time sign-in link, valid for 15 minutes.
        </span>
        <input id="link-email" name="email" type="email" autocomplete="username" aria-describedby="link-email-hint" required />
        <button type="submit" class="quiet">
          Email me a sign-in link
        </button>
      </form>
    </OpenPage>
  );
}

/** A link from an email only shows a button: mail scanners that open links must not use it up. */
export function LinkConfirmPage(p: { nonce: string; csrf: string; token: string }) {
  return (
    <OpenPage nonce={p.nonce} title="Sign in with your link">
      <form method="post" action="/app/sign-in/link/use">
        <Csrf token={p.csrf} />
        <input type="hidden" name="token" value={p.token} />
        <p>This link signs you in once.</p>
        <button type="submit">Sign in</button>
      </form>
    </OpenPage>
  );
}

/** A table in a region that scrolls sideways on a narrow screen (and can be scrolled with the keyboard). */
export function Table(p: { label: string; head: string[]; rows: Child[][]; empty: string }) {
  if (p.rows.length === 0) return <p>{p.empty}</p>;
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <section class="scroll" aria-label={p.label} tabindex={0}>
      <table>
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
              {r.map((cell) => (
                <td>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export const when = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "—");

export function SignInAgain() {
  return (
    <p>
      <a href="/app/sign-in">Sign in</a>
    </p>
  );
}
