/** @jsxImportSource hono/jsx */
/**
 * The landing page `/` (sign in, the API reference, verification) and the development mail
 * viewer `/dev/mail` (src/routes/home.ts), both in the one frame (layout.tsx).
 */
import type { Lang, T } from "../i18n";
import { Layout, siteName } from "./layout";

const withLang = (path: string, lang: Lang) => `${path}?lang=${lang}`;

/** `signUp`: self-service sign-up is on (`SIGNUP=open`), so the page offers it. */
export function HomePage(p: { t: T; nonce: string; signUp?: boolean }) {
  const { t } = p;
  const lang = t.lang;
  const links = [
    { href: withLang("/app", lang), title: t("homeSignIn"), text: t("homeSignInText") },
    ...(p.signUp ? [{ href: withLang("/app/sign-up", lang), title: t("homeSignUp"), text: t("homeSignUpText") }] : []),
    { href: "/docs", title: t("homeDocs"), text: t("homeDocsText") },
    { href: withLang("/verify", lang), title: t("homeVerify"), text: t("homeVerifyText") },
  ];
  return (
    <Layout t={t} nonce={p.nonce} title={`${t("homeTitle")} · ${siteName(p)}`} langHref={(l) => withLang("/", l)}>
      <h1>{t("homeTitle")}</h1>
      <p>{t("homeIntro")}</p>
      <ol class="cards">
        {links.map((l) => (
          <li class="card">
            <h2>
              <a href={l.href}>{l.title}</a>
            </h2>
            <p>{l.text}</p>
          </li>
        ))}
      </ol>
    </Layout>
  );
}

/** One queued message as the development outbox reads it (src/domain/messages.ts outboxView). */
export type DevMail = {
  id: string;
  channel: string;
  purpose: string;
  recipient: string;
  subject: string | null;
  body: string;
  link: string | null;
  code: string | null;
  status: string;
  created_at: string;
};

const URL_RE = /(https?:\/\/[^\s<>"')]+)/g;

/** The text with every http(s) address a link (Hono escapes the rest). */
function Linked(p: { text: string }) {
  const parts = p.text.split(URL_RE);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <a href={part}>{part}</a> : part))}</>;
}

export function DevMailPage(p: { t: T; nonce: string; messages: DevMail[] }) {
  const { t } = p;
  return (
    <Layout t={t} nonce={p.nonce} title={`${t("devMailTitle")} · ${siteName(p)}`} langHref={(l) => withLang("/dev/mail", l)}>
      <h1>{t("devMailTitle")}</h1>
      <p>{t("devMailIntro")}</p>
      {p.messages.length === 0 ? (
        <p class="box warn">{t("devMailEmpty")}</p>
      ) : (
        <ol class="cards">
          {p.messages.map((m) => (
            <li class="card" id={m.id}>
              <h2>{m.subject ?? (m.channel === "sms" ? t("devMailText") : t("devMailEmail"))}</h2>
              <dl class="facts">
                <dt>{t("devMailTo")}</dt>
                <dd class="mono">{m.recipient}</dd>
                <dt>{m.channel === "sms" ? t("devMailText") : t("devMailEmail")}</dt>
                <dd class="mono">
                  {m.purpose} · {m.status} · {m.created_at}
                </dd>
                {m.link ? (
                  <>
                    <dt>{t("devMailLink")}</dt>
                    <dd class="mono">
                      <a href={m.link}>{m.link}</a>
                    </dd>
                  </>
                ) : null}
                {m.code ? (
                  <>
                    <dt>{t("devMailCode")}</dt>
                    <dd class="mono">{m.code}</dd>
                  </>
                ) : null}
              </dl>
              <div class="doc">
                <Linked text={m.body} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Layout>
  );
}
