/**
 * The business dashboard `/app`: member sign-in (password or one-time email link), sessions,
 * and the pages for documents (reminders and fresh links included), templates, workflows (create,
 * edit, QR), tablets, webhooks, keys, members, branding, OAuth connections, usage and the member's
 * own sign-in. Every page and action is declared once in `DASHBOARD_ROUTES` with the action it needs;
 * `requireAction` (src/http/session.ts) checks session, role and CSRF for each, in one place.
 * Each page calls the domain functions the JSON API calls; nothing here re-states a rule.
 * Not in /openapi.json: these are pages.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError, invalid } from "../lib/errors";
import { signerContext } from "../http/auth";
import { publicBaseUrl } from "../lib/config";
import { ADDRESS_LIMIT, limitOrThrow } from "../http/rate-limit";
import { validationError } from "../lib/errors";
import { logError } from "../lib/log";
import {
  type Refusal,
  type SessionMember,
  actorOf,
  clearSessionCookie,
  csrfOk,
  formAll,
  formOf,
  preSessionToken,
  principalOf,
  requireAction,
  sessionMember,
  setSessionCookie,
} from "../http/session";
import {
  type Action,
  MEMBER_ROLES,
  changeRole,
  endAllSessions,
  endSession,
  inviteMember,
  issueSignInLinks,
  linkSignIn,
  listMembers,
  passwordSignIn,
  setOwnPassword,
  switchMode,
  can,
} from "../domain/members";
import { PrepareInput, SendInput, VoidInput, ListQuery, getDocument, listDocuments, prepareDocument, sendDocument, voidDocument } from "../domain/documents";
import {
  TemplateCreate,
  TemplateRevise,
  latestPublished,
  listTemplates,
  publishTemplate,
  createTemplate,
  revisable,
  reviseTemplate,
} from "../domain/templates";
import { addEndpoint, listDeliveries, listEndpoints, pingEndpoint, replayDelivery, rotateSecret } from "../domain/webhook-endpoints";
import { PublicFormDailyCap, TurnstileSiteKey, issueKey, listKeys, revokeKey, updateTenant } from "../domain/accounts";
import { RetentionInput, retentionView } from "../domain/retention";
import { RedactInput, redactDocument } from "../domain/redaction";
import { retentionOf } from "../db/redaction";
import { dbOf } from "../db/client";
import { RetentionView } from "../pages/dashboard-retention";
import { usageThisMonth } from "../domain/quota";
import { getPacket, listPackets, packetOfItemFor, startItem } from "../domain/packets";
import { PacketView, PacketsView } from "../pages/dashboard-subjects";
import { WorkflowCreate, WorkflowEdit, createWorkflow, editWorkflow, getWorkflow, listWorkflows, workflowQr } from "../domain/workflows";
import { createPairingCode, listDevices, stopDevice } from "../domain/devices";
import { BRAND_PICTURES, type BrandPicture, brandOf, brandingView, pictureTooLarge, saveBrandPicture, saveBranding, signingLink } from "../domain/branding";
import { endAccountConnection, listConnections } from "../domain/oauth";
import { issueFreshLink, remindSigner } from "../domain/signer-links";
import { BRAND_PICTURE_LIMITS } from "../lib/image";
import { PairingCodeInput } from "./devices";
import { BrandingInput } from "./branding";
import { bodyLimit } from "hono/body-limit";
import { fromBase64, toBase64 } from "../lib/seal/der";
import { sealedFile, type SealedKind } from "../domain/evidence";
import { documentForAccount } from "../db/evidence";
import { memberById, membersDb } from "../db/members";
import { accountsDb, tenantById } from "../db/accounts";
import { SCOPES, type Scope } from "../domain/vocabulary";
import { newNonce, setPageHeaders } from "../pages/security";
import { AppPage, type Flash, LinkConfirmPage, OpenPage, SignInAgain, SignInPage, type Speech, type Viewer } from "../pages/dashboard";
import { dashTranslator } from "../pages/dashboard-i18n";
import { fromAcceptLanguage, isLang, type Lang } from "../pages/i18n";
import { getCookie, setCookie } from "hono/cookie";
import {
  AccountView,
  ChooseTemplateView,
  DocumentView,
  DocumentsView,
  KeysView,
  MembersView,
  SEND_ROWS,
  SendView,
  SentView,
  ShownOnce,
  ShownOnceSecret,
  TemplatesView,
  ReviseTemplateView,
  UsageView,
  WebhookView,
  WebhooksView,
  WorkflowView,
  WorkflowsView,
} from "../pages/dashboard-views";
import { BrandingPageView, ConnectionsView, NEW_WORKFLOW_FORM, TabletsView, WorkflowFormView, workflowForm } from "../pages/dashboard-manage";
import { createRouter } from "../http/router";
import type { Child } from "hono/jsx";
import { sendSignInLinks } from "../domain/sign-in-links";
import {
  PDF_TEMPLATE_LIMITS,
  originalPdf,
  pagePicture,
  pdfTemplateInfo,
  pdfTooLarge,
  pictureTooLarge as pagePictureTooLarge,
  placeFields,
  putPagePicture,
  uploadPdfTemplate,
} from "../domain/pdf-templates";
import { FieldInputSchema } from "../domain/templates";
import { pdfTemplateIdsOf, picturesOf, templateWithPdf } from "../db/pdf-templates";
import { type CsvImported, importCsv } from "../domain/subject-csv";
import { versionsOf } from "../db/templates";
import { PdfTemplatesSection, PlacementView, pdfToolPolicy } from "../pages/dashboard-pdf";
import { z } from "@hono/zod-openapi";

type C = Context<AppEnv>;
type Status = 200 | 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 500;

export const dashboard = createRouter();

function html(c: C, page: ReturnType<typeof AppPage> | ReturnType<typeof OpenPage>, status: Status = 200, policy?: (nonce: string) => string) {
  const nonce = pageNonce(c);
  setPageHeaders(c, nonce);
  if (policy) c.header("Content-Security-Policy", policy(nonce));
  // Not no-referrer: with it, browsers send `Origin: null` on form posts, and the same-origin
  // check of src/http/session.ts needs the real origin. Nothing leaves the service's own origin.
  c.header("Referrer-Policy", "same-origin");
  return c.html(page as string, status);
}

const nonces = new WeakMap<Request, string>();
const pageNonce = (c: C) => {
  let n = nonces.get(c.req.raw);
  if (!n) {
    n = newNonce();
    nonces.set(c.req.raw, n);
  }
  return n;
};

/** The member's language cookie: set by the switcher (`?lang=`), read before `Accept-Language`. */
const LANG_COOKIE = "__Host-es_lang";
const speeches = new WeakMap<Request, Speech>();

/**
 * The language a dashboard page speaks: `?lang=` (the switcher; remembered for a year in a
 * cookie), the cookie, `Accept-Language`, English. The switcher's links go through
 * `/app/language`, back to the same page (for a form's answer: the page the form was on).
 */
function speech(c: C): Speech {
  let sp = speeches.get(c.req.raw);
  if (sp) return sp;
  const asked = c.req.query("lang");
  const kept = getCookie(c, LANG_COOKIE);
  const lang: Lang | null = isLang(asked) ? asked : isLang(kept) ? kept : fromAcceptLanguage(c.req.header("accept-language"));
  const here = new URL(c.req.url);
  const referer = c.req.header("referer");
  const from = c.req.method === "GET" ? here : referer && URL.canParse(referer) ? new URL(referer) : null;
  const back = from && from.origin === here.origin ? withoutLang(from) : "/app/documents";
  sp = { t: dashTranslator(lang ?? "en"), chosen: lang !== null, langHref: (l) => `/app/language?to=${l}&back=${encodeURIComponent(back)}` };
  speeches.set(c.req.raw, sp);
  return sp;
}

/** The words of the page being answered. */
const tr = (c: C) => speech(c).t;

const withoutLang = (u: URL) => {
  const q = new URLSearchParams(u.search);
  q.delete("lang");
  const rest = q.toString();
  return rest ? `${u.pathname}?${rest}` : u.pathname;
};

const rememberLang = (c: C, lang: Lang) => setCookie(c, LANG_COOKIE, lang, { path: "/", secure: true, httpOnly: true, sameSite: "Lax", maxAge: 365 * 86_400 });

const viewer = (c: C, s: SessionMember): Viewer => ({
  tenantName: s.tenantName,
  fullName: s.fullName,
  email: s.email,
  role: s.role,
  mode: s.mode,
  csrf: s.csrf,
  t: speech(c).t,
});

/** A signed-in page. */
function page(c: C, s: SessionMember, title: string, content: Child, opts: { flash?: Flash; status?: Status; policy?: (nonce: string) => string } = {}) {
  const nonce = pageNonce(c);
  return html(
    c,
    AppPage({ nonce, v: viewer(c, s), langHref: speech(c).langHref, title, path: c.req.path, flash: opts.flash ?? null, children: content }),
    opts.status ?? 200,
    opts.policy,
  );
}

const bad = (text: string): Flash => ({ tone: "bad", text });
const ok = (text: string): Flash => ({ tone: "ok", text });

/** A rule's refusal (4xx) as a message on the page; anything else goes on up. */
function refusalOf(err: unknown): { flash: Flash; status: Status } {
  if (err instanceof ApiError && err.status < 500) return { flash: bad(err.hint ? `${err.message} ${err.hint}` : err.message), status: err.status as Status };
  throw err;
}

/** A comma-separated form input as a list, blanks dropped. */
const listOf = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/** Input checked by the API's own schema; its first complaint becomes the page's message. */
function parsed<T>(schema: { safeParse: (x: unknown) => { success: true; data: T } | { success: false; error: { issues: unknown[] } } }, input: unknown): T {
  const r = schema.safeParse(input);
  if (!r.success) throw validationError(r.error.issues as Parameters<typeof validationError>[0], "body");
  return r.data;
}

const refuse = (c: C, why: Refusal, s: SessionMember | null) => {
  const nonce = pageNonce(c);
  if (why === "signed_out") {
    clearSessionCookie(c);
    if (c.req.method === "GET") return c.redirect(`/app/sign-in?next=${encodeURIComponent(c.req.path)}`, 303);
    return html(
      c,
      OpenPage({
        ...speech(c),
        nonce,
        title: tr(c)("nt_signed_out"),
        flash: bad(tr(c)("nt_session_ended")),
        children: SignInAgain(speech(c)),
      }),
      401,
    );
  }
  const t = tr(c);
  const text = why === "csrf" || !s ? t("nt_csrf") : t("nt_role_may_not", { role: t(`role_${s.role}`) });
  if (!s) return html(c, OpenPage({ ...speech(c), nonce, title: t("nt_refused"), flash: bad(text) }), 403);
  return page(c, s, t("nt_refused"), null, { flash: bad(text), status: 403 });
};

/** Every dashboard page and action with what it needs; the role table is src/domain/members.ts. */
export const DASHBOARD_ROUTES: { method: "GET" | "POST"; path: string; action: Action }[] = [];

function route(method: "GET" | "POST", path: string, action: Action, handler: (c: C, s: SessionMember) => Promise<Response> | Response) {
  DASHBOARD_ROUTES.push({ method, path, action });
  const gate = requireAction(action, refuse);
  const run = async (c: C) => handler(c, (await sessionMember(c))!);
  if (method === "GET") dashboard.get(path, gate, run);
  else dashboard.post(path, gate, run);
}

const who = (c: C) => signerContext(c.req.raw);

/** Only dashboard paths are followed after sign-in (no open redirect). */
const safeNext = (next: string | undefined) =>
  next && (/^\/app(\/[A-Za-z0-9_\-/]*)?$/.test(next) || OAUTH_RETURN.test(next)) && !next.includes("//") ? next : "/app/documents";
/** An OAuth authorization request that sent the member to sign in (src/routes/oauth.ts) comes back to itself. */
const OAUTH_RETURN = /^\/oauth\/authorize\?[A-Za-z0-9_\-.~%&=+]*$/;

// ---- Sign-in ----

/** Sign-in attempts share the anonymous budget per address (60 a minute); lock-out is per member. */
const perAddress = async (c: C) => limitOrThrow(c, `addr:${c.req.header("cf-connecting-ip") ?? "unknown"}`, ADDRESS_LIMIT);

/** A page asked for in a language (`?lang=`) keeps speaking it. */
dashboard.use("/app/*", async (c, next) => {
  const asked = c.req.query("lang");
  if (c.req.method === "GET" && isLang(asked)) rememberLang(c, asked);
  await next();
});

/** The switcher: remember the language, then back to the page it was chosen on (a dashboard page only). */
dashboard.get("/app/language", (c) => {
  const to = c.req.query("to");
  if (isLang(to)) rememberLang(c, to);
  const back = c.req.query("back") ?? "";
  const safe = /^\/app(\/[A-Za-z0-9_\-/]*)?(\?[A-Za-z0-9_\-.~%&=+]*)?$/.test(back) && !back.includes("//") ? back : "/app/documents";
  return c.redirect(safe, 303);
});

dashboard.get("/app", async (c) => c.redirect((await sessionMember(c)) ? "/app/documents" : "/app/sign-in", 303));

dashboard.get("/app/sign-in", async (c) => {
  if (await sessionMember(c)) return c.redirect("/app/documents", 303);
  const sent = c.req.query("sent") === "1";
  const flash = sent ? ok(tr(c)("nt_link_sent")) : null;
  return html(c, SignInPage({ ...speech(c), nonce: pageNonce(c), csrf: preSessionToken(c), flash, next: c.req.query("next") }));
});

dashboard.post("/app/sign-in", async (c) => {
  await perAddress(c);
  const csrf = preSessionToken(c);
  const f = await formOf(c);
  const again = (flash: Flash, status: Status, accounts?: { slug: string; name: string }[]) =>
    html(c, SignInPage({ ...speech(c), nonce: pageNonce(c), csrf, flash, email: f.email, accounts, next: f.next }), status);
  if (!(await csrfOk(c, csrf))) return again(bad(tr(c)("nt_form_expired_sign_in")), 403);
  const r = await passwordSignIn(c.env, { email: f.email ?? "", password: f.password ?? "", account: f.account }, who(c));
  if (!r.ok) return r.why === "choose_account" ? again(null, 200, r.accounts) : again(bad(tr(c)("nt_password_refused")), 401);
  setSessionCookie(c, r.token);
  return c.redirect(safeNext(f.next), 303);
});

dashboard.post("/app/sign-in/link", async (c) => {
  await perAddress(c);
  const csrf = preSessionToken(c);
  const f = await formOf(c);
  if (!(await csrfOk(c, csrf))) return html(c, SignInPage({ ...speech(c), nonce: pageNonce(c), csrf, flash: bad(tr(c)("nt_form_expired")) }), 403);
  const links = await issueSignInLinks(c.env, f.email ?? "");
  const sp = speech(c);
  await sendSignInLinks(c.env, links, publicBaseUrl(c.env), sp.chosen ? sp.t.lang : null);
  // The same answer whether or not the email is known.
  return c.redirect("/app/sign-in?sent=1", 303);
});

dashboard.get("/app/sign-in/link", (c) => {
  return html(c, LinkConfirmPage({ ...speech(c), nonce: pageNonce(c), csrf: preSessionToken(c), token: c.req.query("token") ?? "" }));
});

dashboard.post("/app/sign-in/link/use", async (c) => {
  await perAddress(c);
  const csrf = preSessionToken(c);
  const f = await formOf(c);
  const nonce = pageNonce(c);
  if (!(await csrfOk(c, csrf))) return html(c, LinkConfirmPage({ ...speech(c), nonce, csrf, token: f.token ?? "" }), 403);
  const token = await linkSignIn(c.env, f.token ?? "", who(c));
  if (!token) {
    return html(
      c,
      SignInPage({
        ...speech(c),
        nonce,
        csrf,
        flash: bad(tr(c)("nt_link_dead")),
      }),
      404,
    );
  }
  setSessionCookie(c, token);
  return c.redirect("/app/documents", 303);
});

route("POST", "/app/sign-out", "read", async (c, s) => {
  await endSession(c.env, s);
  clearSessionCookie(c);
  return c.redirect("/app/sign-in", 303);
});

route("POST", "/app/sign-out-everywhere", "read", async (c, s) => {
  await endAllSessions(c.env, s);
  clearSessionCookie(c);
  return c.redirect("/app/sign-in", 303);
});

route("POST", "/app/mode", "read", async (c, s) => {
  const f = await formOf(c);
  if (f.mode === "test" || f.mode === "live") await switchMode(c.env, s, f.mode);
  return c.redirect(safeNext(f.back), 303);
});

// ---- Documents ----

route("GET", "/app/documents", "read", async (c, s) => {
  const q = ListQuery.safeParse({ ...c.req.query(), limit: 50, q: c.req.query("q") || undefined, status: c.req.query("status") || undefined });
  const query = q.success ? q.data : ListQuery.parse({ limit: 50 });
  const list = await listDocuments(c.env, principalOf(s), query);
  return page(c, s, speech(c).t("nav_documents"), DocumentsView({ v: viewer(c, s), list, status: query.status, q: query.q }), {
    flash: q.success ? null : bad(tr(c)("nt_bad_filter")),
  });
});

route("GET", "/app/documents/new", "documents.write", async (c, s) => {
  const code = c.req.query("template");
  if (!code) return page(c, s, speech(c).t("doc_send"), ChooseTemplateView({ t: speech(c).t, templates: await listTemplates(c.env, principalOf(s)) }));
  try {
    const t = await latestPublished(c.env, principalOf(s), code);
    return page(c, s, speech(c).t("doc_send"), SendView({ v: viewer(c, s), template: t }));
  } catch (err) {
    const r = refusalOf(err);
    return page(c, s, speech(c).t("doc_send"), ChooseTemplateView({ t: speech(c).t, templates: await listTemplates(c.env, principalOf(s)) }), r);
  }
});

/** Signer rows of the form; empty rows are skipped. */
function signersOf(f: Record<string, string>) {
  const out = [];
  for (let i = 0; i < SEND_ROWS; i++) {
    const full_name = (f[`signer.${i}.full_name`] ?? "").trim();
    const email = (f[`signer.${i}.email`] ?? "").trim();
    if (full_name || email) out.push({ full_name, email });
  }
  return out;
}

route("POST", "/app/documents", "documents.write", async (c, s) => {
  const f = await formOf(c);
  const p = principalOf(s);
  const values = Object.fromEntries(
    Object.entries(f)
      .filter(([k]) => k.startsWith("value."))
      .map(([k, v]) => [k.slice(6), v]),
  );
  let documentId: string | null = null;
  try {
    const prep = parsed(PrepareInput, { template_code: f.template_code ?? "", title: f.title || undefined, values, sequential: f.sequential === "true" });
    const send = parsed(SendInput, { signers: signersOf(f) });
    documentId = (await prepareDocument(c.env, p, prep, who(c))).document_id;
    const { links } = await sendDocument(c.env, p, documentId, send.signers, who(c));
    return page(c, s, speech(c).t("sd_doc_sent"), SentView({ t: speech(c).t, documentId, links, baseUrl: publicBaseUrl(c.env) }));
  } catch (err) {
    const r = refusalOf(err);
    if (documentId) {
      // Prepared but not sent (e.g. the quota): the draft stays, and its page can send it later.
      return page(c, s, speech(c).t("sd_not_sent"), DocumentView({ v: viewer(c, s), d: await getDocument(c.env, p, documentId) }), {
        ...r,
        flash: bad(tr(c)("nt_draft_not_sent", { why: r.flash!.text })),
      });
    }
    let template: Awaited<ReturnType<typeof latestPublished>> | null = null;
    try {
      template = await latestPublished(c.env, p, f.template_code ?? "");
    } catch {
      template = null;
    }
    const content = template
      ? SendView({ v: viewer(c, s), template, posted: f })
      : ChooseTemplateView({ t: speech(c).t, templates: await listTemplates(c.env, p) });
    return page(c, s, speech(c).t("doc_send"), content, r);
  }
});

async function documentPage(c: C, s: SessionMember, id: string, opts: { flash?: Flash; status?: Status; once?: Child } = {}) {
  const d = await getDocument(c.env, principalOf(s), id);
  return page(c, s, d.title, [opts.once ?? null, DocumentView({ v: viewer(c, s), d })], opts);
}

route("GET", "/app/documents/:id", "read", async (c, s) => {
  const done = c.req.query("done");
  const flash =
    done === "voided" ? ok(tr(c)("nt_voided")) : done === "redacted" ? ok(tr(c)("nt_redacted")) : done === "reminded" ? ok(tr(c)("nt_reminded")) : null;
  return documentPage(c, s, c.req.param("id")!, { flash });
});

route("POST", "/app/documents/:id/send", "documents.write", async (c, s) => {
  const f = await formOf(c);
  const id = c.req.param("id")!;
  try {
    const send = parsed(SendInput, { signers: signersOf(f) });
    const { links } = await sendDocument(c.env, principalOf(s), id, send.signers, who(c));
    return page(c, s, speech(c).t("sd_doc_sent"), SentView({ t: speech(c).t, documentId: id, links, baseUrl: publicBaseUrl(c.env) }));
  } catch (err) {
    return documentPage(c, s, id, refusalOf(err));
  }
});

route("POST", "/app/documents/:id/void", "documents.write", async (c, s) => {
  const f = await formOf(c);
  const id = c.req.param("id")!;
  try {
    const { reason } = parsed(VoidInput, { reason: f.reason ?? "" });
    await voidDocument(c.env, principalOf(s), id, reason, who(c));
  } catch (err) {
    return documentPage(c, s, id, refusalOf(err));
  }
  return c.redirect(`/app/documents/${id}?done=voided`, 303);
});

/** A reminder now (email, and a text where allowed) with a fresh link: the API's rule, one an hour per signer. */
route("POST", "/app/documents/:id/signers/:signer_id/remind", "documents.write", async (c, s) => {
  const id = c.req.param("id")!;
  try {
    await remindSigner(c.env, principalOf(s), id, c.req.param("signer_id")!, who(c));
  } catch (err) {
    return documentPage(c, s, id, refusalOf(err));
  }
  return c.redirect(`/app/documents/${id}?done=reminded`, 303);
});

/** A fresh link, shown once here; the signer's earlier link stops working. Nothing is sent. */
route("POST", "/app/documents/:id/signers/:signer_id/link", "documents.write", async (c, s) => {
  const id = c.req.param("id")!;
  try {
    const r = await issueFreshLink(c.env, principalOf(s), id, c.req.param("signer_id")!);
    const link = signingLink(await brandOf(c.env, s.tenantId), r.token);
    const once = ShownOnce({
      title: tr(c)("nt_fresh_link"),
      note: tr(c)("nt_fresh_link_note"),
      children: ShownOnceSecret({ secret: link }),
    });
    return documentPage(c, s, id, { once });
  } catch (err) {
    return documentPage(c, s, id, refusalOf(err));
  }
});

async function download(c: C, s: SessionMember, kind: SealedKind) {
  const p = principalOf(s);
  const doc = await documentForAccount(c.env, c.req.param("id")!, p.tenantId, p.mode);
  if (!doc) throw new ApiError("not_found", "No such document in this account.");
  const file = await sealedFile(c.env, doc, kind, publicBaseUrl(c.env));
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${file.filename}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}

route("GET", "/app/documents/:id/pdf", "read", (c, s) => download(c, s, "pdf"));
route("GET", "/app/documents/:id/bundle", "read", (c, s) => download(c, s, "bundle"));

// ---- Templates ----

async function templatesPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string> } = {}) {
  const [templates, pdfIds] = await Promise.all([listTemplates(c.env, principalOf(s)), pdfTemplateIdsOf(c.env, s.tenantId)]);
  const pdfs = PdfTemplatesSection({ nonce: pageNonce(c), v: viewer(c, s), pdfs: templates.filter((t) => pdfIds.has(t.template_id)), posted: opts.posted });
  return page(c, s, speech(c).t("nav_templates"), [TemplatesView({ v: viewer(c, s), templates, posted: opts.posted }), pdfs], {
    ...opts,
    policy: pdfToolPolicy,
  });
}

route("GET", "/app/templates", "read", (c, s) => templatesPage(c, s, { flash: c.req.query("done") === "saved" ? ok(tr(c)("nt_draft_saved")) : null }));

route("POST", "/app/templates", "templates.write", async (c, s) => {
  const f = await formOf(c);
  try {
    const input = parsed(TemplateCreate, {
      code: f.code ?? "",
      name: f.name ?? "",
      kind: f.kind || undefined,
      body: f.body ?? "",
      variables: listOf(f.variables),
    });
    await createTemplate(c.env, principalOf(s), input);
  } catch (err) {
    return templatesPage(c, s, { ...refusalOf(err), posted: f });
  }
  return c.redirect("/app/templates?done=saved", 303);
});

route("POST", "/app/templates/publish", "templates.write", async (c, s) => {
  const f = await formOf(c);
  try {
    const r = await publishTemplate(c.env, principalOf(s), f.code ?? "");
    return templatesPage(c, s, { flash: ok(tr(c)("nt_published", { code: r.code, version: r.version })) });
  } catch (err) {
    return templatesPage(c, s, refusalOf(err));
  }
});

/** The revise form, started from the code's latest version; a draft there is refused on the list. */
async function revisePage(c: C, s: SessionMember, code: string, opts: { flash?: Flash; status?: Status; posted?: Record<string, string> } = {}) {
  let from: Awaited<ReturnType<typeof revisable>>;
  try {
    from = await revisable(c.env, principalOf(s), code);
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") throw err;
    return templatesPage(c, s, refusalOf(err));
  }
  const { latest: l, pdf } = from;
  const view = ReviseTemplateView({
    v: viewer(c, s),
    from: { code: l.code, version: l.version, name: l.name, kind: l.kind, body: l.body, variables: l.variables, pdf: Boolean(pdf) },
    posted: opts.posted,
  });
  return page(c, s, tr(c)("tp_revise_title", { code: l.code }), view, opts);
}

route("GET", "/app/templates/revise", "templates.write", (c, s) => revisePage(c, s, c.req.query("code") ?? ""));

/** The next version as a draft: a text template with what the form says; a PDF template keeps its file and opens in the editor. */
route("POST", "/app/templates/revise", "templates.write", async (c, s) => {
  const f = await formOf(c);
  const code = f.code ?? "";
  try {
    const from = await revisable(c.env, principalOf(s), code);
    const pdf = from.pdf;
    const text = pdf ? {} : { body: f.body ?? "", variables: listOf(f.variables) };
    const r = await reviseTemplate(c.env, principalOf(s), parsed(TemplateRevise, { code, name: f.name ?? "", kind: f.kind || undefined, ...text }), from);
    if (pdf) return c.redirect(`/app/templates/${r.template_id}/place`, 303);
    return templatesPage(c, s, { flash: ok(tr(c)("nt_revised", { code, version: r.version })) });
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") throw err;
    return revisePage(c, s, code, { ...refusalOf(err), posted: f });
  }
});

// ---- PDF templates: upload, page pictures drawn in the browser, placement editor (docs/dashboard.md) ----

/** The page script asks for JSON (Accept); a plain form post gets a page. */
const wantsJson = (c: C) => (c.req.header("accept") ?? "").includes("application/json");
const jsonRefusal = (c: C, err: unknown) => {
  const r = refusalOf(err);
  return c.json({ error: r.flash!.text }, r.status as 400);
};

/** A template version of the member's account and mode, with its PDF row (404 otherwise, or when it is a text template). */
async function pdfVersion(c: C, s: SessionMember) {
  const row = await templateWithPdf(c.env, principalOf(s), c.req.param("id") ?? "");
  if (!row?.pdf) throw new ApiError("not_found", "No such PDF template in this account.");
  return row;
}

async function placementPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; fields?: unknown[] } = {}) {
  const { template: t } = await pdfVersion(c, s);
  const [info, pictures] = await Promise.all([pdfTemplateInfo(c.env, principalOf(s), t.id), picturesOf(c.env, t.id)]);
  const view = PlacementView({
    nonce: pageNonce(c),
    v: viewer(c, s),
    t: { template_id: t.id, code: t.code, name: t.name, version: t.version, is_published: t.isPublished, fields: t.fields },
    info,
    drawn: pictures.map((x) => x.n),
    fields: opts.fields ?? t.fields,
  });
  return page(c, s, tr(c)("nt_place_title", { name: t.name }), view, { ...opts, policy: pdfToolPolicy });
}

/** Multipart overhead allowed on top of a file's own limit (the form's other fields, the part headers). */
const PDF_FORM_SLACK = 64 * 1024;

dashboard.use(
  "/app/templates/pdf",
  bodyLimit({
    maxSize: PDF_TEMPLATE_LIMITS.maxBytes + PDF_FORM_SLACK,
    onError: () => {
      throw pdfTooLarge(null);
    },
  }),
);

route("POST", "/app/templates/pdf", "templates.write", async (c, s) => {
  const f = await formOf(c);
  try {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.file;
    if (!(file instanceof File) || file.size === 0) throw invalid("file: choose a PDF file to upload.");
    if (file.size > PDF_TEMPLATE_LIMITS.maxBytes) throw pdfTooLarge(file.size);
    const meta = parsed(z.object({ code: TemplateCreate.shape.code, name: TemplateCreate.shape.name, kind: TemplateCreate.shape.kind }), {
      code: (f.code ?? "").trim(),
      name: f.name ?? "",
      kind: f.kind || "contract",
    });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { template_id } = await uploadPdfTemplate(c.env, principalOf(s), meta, bytes, f.filename || file.name);
    if (!wantsJson(c)) return c.redirect(`/app/templates/${template_id}/place`, 303);
    return c.json({ template_id, info: await pdfTemplateInfo(c.env, principalOf(s), template_id) }, 200);
  } catch (err) {
    if (wantsJson(c)) return jsonRefusal(c, err);
    return templatesPage(c, s, { ...refusalOf(err), posted: f });
  }
});

route("GET", "/app/templates/:id/place", "read", (c, s) => placementPage(c, s, { flash: c.req.query("done") === "drawn" ? ok(tr(c)("nt_all_drawn")) : null }));

const pageNumber = (c: C) => {
  const n = c.req.param("n") ?? "";
  return /^[1-9][0-9]{0,2}$/.test(n) ? Number(n) : null;
};

/** A page picture, for the member's editor (the signer's page has its own route, /s/{token}/page). */
route("GET", "/app/templates/:id/pages/:n", "read", async (c, s) => {
  const { template: t } = await pdfVersion(c, s);
  const n = pageNumber(c);
  const picture = n === null ? null : await pagePicture(c.env, { tenantId: s.tenantId }, t.id, n);
  if (!picture) throw new ApiError("not_found", "This page has no picture yet.");
  return c.body(picture.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": picture.contentType,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
});

/** The original file, byte for byte: the editor's script draws missing pages from it. */
route("GET", "/app/templates/:id/file.pdf", "read", async (c, s) => {
  const { template: t } = await pdfVersion(c, s);
  const file = await originalPdf(c.env, t.id);
  if (!file) throw new ApiError("not_found", "No such PDF template in this account.");
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${t.code}-v${t.version}.pdf"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
});

/** Page pictures: each route path's own limit (the general 1 MB one is lifted in src/app.ts). */
dashboard.use(
  "/app/templates/:id/pages/:n",
  bodyLimit({
    maxSize: PDF_TEMPLATE_LIMITS.pictureMaxBytes + PDF_FORM_SLACK,
    onError: () => {
      throw pagePictureTooLarge(null);
    },
  }),
);

route("POST", "/app/templates/:id/pages/:n", "templates.write", async (c, s) => {
  try {
    const n = pageNumber(c);
    if (n === null) throw invalid("n: a page number (1, 2, …).");
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.file;
    if (!(file instanceof File) || file.size === 0) throw invalid("file: the page's picture (PNG or JPEG).");
    if (file.size > PDF_TEMPLATE_LIMITS.pictureMaxBytes) throw pagePictureTooLarge(file.size);
    const info = await putPagePicture(c.env, principalOf(s), c.req.param("id")!, n, new Uint8Array(await file.arrayBuffer()), file.type);
    return c.json({ info }, 200);
  } catch (err) {
    return jsonRefusal(c, err);
  }
});

const PlacedFields = z.array(FieldInputSchema).max(50);

route("POST", "/app/templates/:id/fields", "templates.write", async (c, s) => {
  const f = await formOf(c);
  let posted: unknown[] | undefined;
  try {
    try {
      const v = JSON.parse(f.fields ?? "");
      if (Array.isArray(v)) posted = v;
    } catch {
      posted = undefined;
    }
    if (!posted) throw invalid("fields: the editor's fields were not sent.", "Reload the page and place the fields again.");
    const fields = parsed(PlacedFields, posted);
    const r = await placeFields(c.env, principalOf(s), c.req.param("id")!, fields);
    const placed = r.fields.filter((x) => x.place).length;
    return placementPage(c, s, {
      flash: ok(tr(c)(r.fields.length === 1 ? "nt_fields_saved_one" : "nt_fields_saved_other", { fields: r.fields.length, placed })),
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") throw err;
    // The refusal above the editor, which keeps what was placed (not saved).
    return placementPage(c, s, { ...refusalOf(err), fields: posted });
  }
});

route("POST", "/app/templates/:id/publish", "templates.write", async (c, s) => {
  const { template: t } = await pdfVersion(c, s);
  try {
    if (t.isPublished) throw invalid(`Version ${t.version} of "${t.code}" is already published.`);
    const [latest] = await versionsOf(c.env, principalOf(s), t.code);
    if (latest?.id !== t.id) throw invalid(`Version ${t.version} of "${t.code}" is not its latest version; only the latest draft is published.`);
    const r = await publishTemplate(c.env, principalOf(s), t.code);
    return placementPage(c, s, { flash: ok(tr(c)("nt_published_pdf", { code: r.code, version: r.version })) });
  } catch (err) {
    return placementPage(c, s, refusalOf(err));
  }
});

// ---- Webhooks ----

async function webhooksPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string>; once?: Child } = {}) {
  const { endpoints } = await listEndpoints(c.env, principalOf(s));
  return page(c, s, speech(c).t("nav_webhooks"), [opts.once ?? null, WebhooksView({ v: viewer(c, s), endpoints, posted: opts.posted })], opts);
}

const secretOnce = (c: C, title: string, secret: string) => ShownOnce({ title, note: tr(c)("nt_secret_once"), children: ShownOnceSecret({ secret }) });

route("GET", "/app/webhooks", "webhooks.manage", (c, s) => webhooksPage(c, s));

route("POST", "/app/webhooks", "webhooks.manage", async (c, s) => {
  const f = await formOf(c);
  try {
    const events = await formAll(c, "events");
    const r = await addEndpoint(c.env, principalOf(s), { url: f.url ?? "", events, label: f.label || undefined });
    return webhooksPage(c, s, { once: secretOnce(c, tr(c)("nt_endpoint_added"), r.secret) });
  } catch (err) {
    return webhooksPage(c, s, { ...refusalOf(err), posted: f });
  }
});

async function webhookPage(c: C, s: SessionMember, id: string, opts: { flash?: Flash; status?: Status; once?: Child } = {}) {
  const p = principalOf(s);
  const { deliveries } = await listDeliveries(c.env, p, id);
  const endpoint = (await listEndpoints(c.env, p)).endpoints.find((e) => e.id === id);
  if (!endpoint) throw new ApiError("not_found", "No such webhook endpoint in this account.");
  return page(
    c,
    s,
    tr(c)("nt_webhook_title", { name: endpoint.label || endpoint.url }),
    [opts.once ?? null, WebhookView({ v: viewer(c, s), endpoint, deliveries })],
    opts,
  );
}

route("GET", "/app/webhooks/:id", "webhooks.manage", (c, s) => webhookPage(c, s, c.req.param("id")!));

route("POST", "/app/webhooks/:id/ping", "webhooks.manage", async (c, s) => {
  const id = c.req.param("id")!;
  const r = await pingEndpoint(c.env, principalOf(s), id);
  return webhookPage(c, s, id, { flash: ok(tr(c)("nt_ping_queued", { id: r.delivery_id })) });
});

route("POST", "/app/webhooks/:id/rotate", "webhooks.manage", async (c, s) => {
  const id = c.req.param("id")!;
  const r = await rotateSecret(c.env, principalOf(s), id);
  return webhookPage(c, s, id, { once: secretOnce(c, tr(c)("nt_secret_rotated"), r.secret) });
});

route("POST", "/app/webhooks/deliveries/:id/replay", "webhooks.manage", async (c, s) => {
  const f = await formOf(c);
  const endpoint = f.endpoint ?? "";
  try {
    const r = await replayDelivery(c.env, principalOf(s), c.req.param("id")!);
    if (!endpoint) return webhooksPage(c, s, { flash: ok(tr(c)("nt_replay_queued", { id: r.delivery_id })) });
    return webhookPage(c, s, endpoint, { flash: ok(tr(c)("nt_replay_queued", { id: r.delivery_id })) });
  } catch (err) {
    const r = refusalOf(err);
    return endpoint ? webhookPage(c, s, endpoint, r) : webhooksPage(c, s, r);
  }
});

// ---- Keys ----

async function keysPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string>; once?: Child } = {}) {
  const { keys } = await listKeys(c.env, s.tenantId);
  return page(c, s, speech(c).t("nav_keys"), [opts.once ?? null, KeysView({ v: viewer(c, s), keys, posted: opts.posted })], opts);
}

route("GET", "/app/keys", "keys.manage", (c, s) => keysPage(c, s, { flash: c.req.query("done") === "revoked" ? ok(tr(c)("nt_key_revoked")) : null }));

route("POST", "/app/keys", "keys.manage", async (c, s) => {
  const f = await formOf(c);
  try {
    const label = (f.label ?? "").trim();
    if (!label || label.length > 100) throw invalid("label: 1 to 100 characters.");
    if (f.mode !== "test" && f.mode !== "live") throw invalid("mode: test or live.");
    const scopes = await formAll(c, "scopes");
    if (scopes.length === 0) throw invalid("scopes: choose at least one.");
    const unknown = scopes.filter((x) => !(SCOPES as readonly string[]).includes(x));
    if (unknown.length) throw invalid(`scopes: unknown ${unknown.join(", ")}.`);
    const expires = f.expires_on ? new Date(`${f.expires_on}T23:59:59Z`) : null;
    if (expires && Number.isNaN(expires.getTime())) throw invalid("expires_on: a date such as 2027-01-31.");
    const r = await issueKey(c.env, s.tenantId, { label, mode: f.mode, scopes: scopes as Scope[], expires_at: expires?.toISOString() ?? null }, actorOf(s));
    const once = ShownOnce({
      title: tr(c)("nt_key_issued", { label }),
      note: tr(c)("nt_key_once"),
      children: ShownOnceSecret({ secret: r.key }),
    });
    return keysPage(c, s, { once });
  } catch (err) {
    return keysPage(c, s, { ...refusalOf(err), posted: f });
  }
});

route("POST", "/app/keys/:id/revoke", "keys.manage", async (c, s) => {
  const f = await formOf(c);
  try {
    const reason = (f.reason ?? "").trim();
    if (!reason || reason.length > 500) throw invalid("reason: 1 to 500 characters.");
    await revokeKey(c.env, c.req.param("id")!, reason, actorOf(s), s.tenantId);
  } catch (err) {
    return keysPage(c, s, refusalOf(err));
  }
  return c.redirect("/app/keys?done=revoked", 303);
});

// ---- Members ----

async function membersPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string> } = {}) {
  const members = await listMembers(c.env, s.tenantId);
  return page(c, s, speech(c).t("nav_members"), MembersView({ v: viewer(c, s), members, posted: opts.posted }), opts);
}

route("GET", "/app/members", "members.manage", (c, s) => membersPage(c, s));

const isRole = (r: string | undefined): r is (typeof MEMBER_ROLES)[number] => (MEMBER_ROLES as readonly string[]).includes(r ?? "");

route("POST", "/app/members", "members.manage", async (c, s) => {
  const f = await formOf(c);
  try {
    const email = (f.email ?? "").trim();
    const full_name = (f.full_name ?? "").trim();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || email.length > 254) throw invalid("email: not an email address.");
    if (!full_name || full_name.length > 200) throw invalid("full_name: 1 to 200 characters.");
    if (!isRole(f.role)) throw invalid("role: owner, admin, member or viewer.");
    await inviteMember(c.env, s, { email, full_name, role: f.role });
    return membersPage(c, s, { flash: ok(tr(c)("nt_member_added", { name: full_name, role: tr(c)(`role_${f.role}`) })) });
  } catch (err) {
    return membersPage(c, s, { ...refusalOf(err), posted: f });
  }
});

route("POST", "/app/members/:id/role", "members.manage", async (c, s) => {
  const f = await formOf(c);
  try {
    if (!isRole(f.role)) throw invalid("role: owner, admin, member or viewer.");
    const r = await changeRole(c.env, s, c.req.param("id")!, f.role);
    return membersPage(c, s, { flash: ok(tr(c)(r.updated ? "nt_role_changed" : "nt_role_same")) });
  } catch (err) {
    return membersPage(c, s, refusalOf(err));
  }
});

// ---- Workflows (read, with the QR code of a public one) ----

route("GET", "/app/workflows", "read", async (c, s) => {
  const { workflows } = await listWorkflows(c.env, principalOf(s));
  return page(c, s, speech(c).t("nav_workflows"), WorkflowsView({ v: viewer(c, s), workflows }));
});

/** The codes of the account's templates (any version), for the workflow form's choice. */
async function templateCodes(c: C, s: SessionMember) {
  return [...new Set((await listTemplates(c.env, principalOf(s))).map((t) => t.code))];
}

async function workflowFormPage(c: C, s: SessionMember, f: Record<string, string>, id: string | null, opts: { flash?: Flash; status?: Status } = {}) {
  const content = WorkflowFormView({ v: viewer(c, s), f, templateCodes: await templateCodes(c, s), id: id ?? undefined });
  return page(c, s, id ? (f.name ? tr(c)("nt_edit_workflow", { name: f.name }) : tr(c)("nt_edit_unnamed")) : tr(c)("wf_new"), content, opts);
}

const num = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : Number(v));
const opt = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : v.trim());

/** The workflow form as the API's body: empty role and field rows are skipped; unchecked boxes are false. */
export function workflowInputOf(f: Record<string, string>) {
  const signer_roles = [];
  for (let i = 0; i < 10; i++) {
    const [label, role, order, email, full_name] = ["label", "role", "order", "email", "full_name"].map((k) => opt(f[`role.${i}.${k}`]));
    if (!label && !role && !email && !full_name) continue;
    signer_roles.push({
      label: label ?? "",
      role: role ?? "signer",
      order: num(order) ?? signer_roles.length + 1,
      participant: f.participant === String(i),
      ...(email !== undefined ? { email } : {}),
      ...(full_name !== undefined ? { full_name } : {}),
    });
  }
  const form_fields = [];
  for (let i = 0; i < 20; i++) {
    const [key, label] = [opt(f[`field.${i}.key`]), opt(f[`field.${i}.label`])];
    if (!key && !label) continue;
    form_fields.push({ key: key ?? "", label: label ?? "", required: f[`field.${i}.required`] === "true" });
  }
  const yes = (k: string) => f[k] === "true";
  return {
    code: (f.code ?? "").trim(),
    name: f.name ?? "",
    template_code: f.template_code ?? "",
    signer_roles,
    sequential: yes("sequential"),
    countersign: yes("countersign"),
    expires_days: num(f.expires_days),
    remind_after_days: num(f.remind_after_days),
    public: yes("public"),
    intro: f.intro ?? "",
    form_fields,
    active: yes("active"),
    packet: f.packet_kind
      ? { kind: f.packet_kind, per: f.packet_per || undefined, required: yes("packet_required"), minors: f.packet_minors || undefined }
      : null,
  };
}

route("GET", "/app/workflows/new", "workflows.write", (c, s) => workflowFormPage(c, s, NEW_WORKFLOW_FORM, null));

route("POST", "/app/workflows", "workflows.write", async (c, s) => {
  const f = await formOf(c);
  let id: string;
  try {
    id = (await createWorkflow(c.env, principalOf(s), parsed(WorkflowCreate, workflowInputOf(f)))).id;
  } catch (err) {
    return workflowFormPage(c, s, f, null, refusalOf(err));
  }
  return c.redirect(`/app/workflows/${id}?done=created`, 303);
});

route("GET", "/app/workflows/:id/edit", "workflows.write", async (c, s) => {
  const w = await getWorkflow(c.env, principalOf(s), c.req.param("id")!);
  return workflowFormPage(c, s, workflowForm(w), w.id);
});

route("POST", "/app/workflows/:id", "workflows.write", async (c, s) => {
  const f = await formOf(c);
  const id = c.req.param("id")!;
  try {
    await editWorkflow(c.env, principalOf(s), id, parsed(WorkflowEdit, workflowInputOf(f)));
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") throw err;
    return workflowFormPage(c, s, f, id, refusalOf(err));
  }
  return c.redirect(`/app/workflows/${id}?done=saved`, 303);
});

route("GET", "/app/workflows/:id", "read", async (c, s) => {
  const p = principalOf(s);
  const w = await getWorkflow(c.env, p, c.req.param("id")!);
  const qr = w.public_url ? await workflowQr(c.env, p, w.id) : null;
  const svg64 = qr ? toBase64(new TextEncoder().encode(qr.svg)) : null;
  const done = c.req.query("done");
  const flash = done === "created" ? ok(tr(c)("nt_workflow_created")) : done === "saved" ? ok(tr(c)("nt_changes_saved")) : null;
  return page(c, s, w.name, WorkflowView({ v: viewer(c, s), w, qrSvgBase64: svg64 }), { flash });
});

async function qrFile(c: C, s: SessionMember, kind: "png" | "svg") {
  const qr = await workflowQr(c.env, principalOf(s), c.req.param("id")!);
  const headers = {
    "Content-Disposition": `attachment; filename="qr-${qr.workflow_id}.${kind}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (kind === "svg") return c.body(qr.svg, 200, { ...headers, "Content-Type": "image/svg+xml" });
  return c.body(fromBase64(qr.png_base64) as Uint8Array<ArrayBuffer>, 200, { ...headers, "Content-Type": "image/png" });
}

route("GET", "/app/workflows/:id/qr.png", "read", (c, s) => qrFile(c, s, "png"));
route("GET", "/app/workflows/:id/qr.svg", "read", (c, s) => qrFile(c, s, "svg"));

// ---- Subjects and packets (imported by API or from a CSV file; items started here) ----

async function packetsPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; imported?: CsvImported[] } = {}) {
  const packets = await listPackets(c.env, principalOf(s));
  return page(c, s, tr(c)("nt_packets_title"), PacketsView({ v: viewer(c, s), packets, imported: opts.imported }), opts);
}

route("GET", "/app/packets", "read", (c, s) => packetsPage(c, s));

/** What a CSV import reads: one subject with a minor and the guardian who signs for them. */
const EXAMPLE_CSV = [
  "external_id,provider,kind,label,starts_on,ends_on,fact:name,ref,full_name,email,phone,is_minor,guardian_ref",
  'BK-1001,bookings,reservation,"Harbour tour, Saturday",2026-12-19,,the Saturday harbour group,p1,Pia Parent,pia@example.com,+4915112345678,no,',
  'BK-1001,bookings,reservation,"Harbour tour, Saturday",2026-12-19,,,k1,Kit Kid,,,yes,p1',
  "",
].join("\r\n");

route("GET", "/app/packets/import/example.csv", "read", (c) =>
  c.body(EXAMPLE_CSV, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": 'attachment; filename="subjects-example.csv"',
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  }),
);

route("POST", "/app/packets/import", "subjects.write", async (c, s) => {
  try {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.file;
    if (!(file instanceof File) || file.size === 0) throw invalid("file: choose a CSV file to import.");
    const { imported } = await importCsv(c.env, principalOf(s), new Uint8Array(await file.arrayBuffer()));
    const note = imported.length === 1 ? tr(c)("nt_imported_one") : tr(c)("nt_imported_other", { count: imported.length });
    return packetsPage(c, s, { flash: ok(note), imported });
  } catch (err) {
    return packetsPage(c, s, refusalOf(err));
  }
});

async function packetPage(c: C, s: SessionMember, id: string, opts: { flash?: Flash; status?: Status } = {}) {
  const packet = await getPacket(c.env, principalOf(s), id);
  return page(c, s, packet.subject.label || packet.subject.external_id, PacketView({ v: viewer(c, s), packet }), opts);
}

route("GET", "/app/packets/:id", "read", (c, s) => packetPage(c, s, c.req.param("id")!));

route("POST", "/app/packets/items/:id/start", "subjects.write", async (c, s) => {
  const p = principalOf(s);
  const itemId = c.req.param("id")!;
  const packetId = await packetOfItemFor(c.env, p, itemId);
  try {
    const started = await startItem(c.env, p, itemId, who(c));
    const to = started.signers.find((x) => x.participant) ?? started.signers[0];
    return packetPage(c, s, packetId, { flash: ok(tr(c)("nt_item_sent", { name: to?.full_name ?? "", email: to?.email ?? "" })) });
  } catch (err) {
    return packetPage(c, s, packetId, refusalOf(err));
  }
});

// ---- Tablets ----

async function tabletsPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string>; once?: Child } = {}) {
  const p = principalOf(s);
  const [{ devices }, { workflows }] = await Promise.all([listDevices(c.env, p), listWorkflows(c.env, p)]);
  return page(c, s, tr(c)("nav_tablets"), [opts.once ?? null, TabletsView({ v: viewer(c, s), devices, workflows, posted: opts.posted })], opts);
}

route("GET", "/app/tablets", "read", (c, s) => tabletsPage(c, s, { flash: c.req.query("done") === "stopped" ? ok(tr(c)("nt_tablet_stopped")) : null }));

route("POST", "/app/tablets", "tablets.write", async (c, s) => {
  const f = await formOf(c);
  try {
    const input = parsed(PairingCodeInput, { name: f.name ?? "", workflow_id: f.workflow_id ?? "" });
    const r = await createPairingCode(c.env, principalOf(s), input);
    const once = ShownOnce({
      title: tr(c)("nt_pairing_title", { name: input.name }),
      note: tr(c)("nt_pairing_note", { url: `${publicBaseUrl(c.env)}/t`, when: tr(c).when(r.expires_at) }),
      children: ShownOnceSecret({ secret: r.code }),
    });
    return tabletsPage(c, s, { once });
  } catch (err) {
    return tabletsPage(c, s, { ...refusalOf(err), posted: f });
  }
});

route("POST", "/app/tablets/:id/stop", "tablets.write", async (c, s) => {
  await stopDevice(c.env, principalOf(s), c.req.param("id")!);
  return c.redirect("/app/tablets?done=stopped", 303);
});

// ---- Branding ----

async function brandingPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string> } = {}) {
  const b = await brandOf(c.env, s.tenantId);
  const worn = { logo: b.logoPath, logoDark: b.logoDarkPath, opening: b.openingPath };
  return page(c, s, tr(c)("nav_branding"), BrandingPageView({ v: viewer(c, s), b: brandingView(c.env, b), worn, posted: opts.posted }), opts);
}

route("GET", "/app/branding", "branding.manage", (c, s) => brandingPage(c, s, { flash: c.req.query("done") === "saved" ? ok(tr(c)("nt_brand_saved")) : null }));

route("POST", "/app/branding", "branding.manage", async (c, s) => {
  const f = await formOf(c);
  try {
    const input = parsed(BrandingInput, {
      businessName: f.businessName ?? "",
      primaryColor: f.primaryColor ?? "",
      accentColor: f.accentColor ?? "",
      backgroundColor: f.backgroundColor ?? "",
      textColor: f.textColor ?? "",
      buttonTextColor: f.buttonTextColor ?? "",
      footerText: f.footerText ?? "",
      signingHost: f.signingHost ?? "",
    });
    await saveBranding(c.env, s.tenantId, input, actorOf(s));
  } catch (err) {
    return brandingPage(c, s, { ...refusalOf(err), posted: f });
  }
  return c.redirect("/app/branding?done=saved", 303);
});

/** Multipart overhead allowed on top of a picture's own limit (the form's other fields, the part headers). */
const MULTIPART_SLACK = 16 * 1024;

for (const picture of Object.keys(BRAND_PICTURES) as BrandPicture[]) {
  const max = BRAND_PICTURE_LIMITS[BRAND_PICTURES[picture].kind].maxBytes;
  const path = `/app/branding/${picture}`;
  // Past the picture's own limit the body is not read; the page says why (the API's 413 wording).
  dashboard.use(
    path,
    bodyLimit({
      maxSize: max + MULTIPART_SLACK,
      onError: () => {
        throw pictureTooLarge(picture, null);
      },
    }),
  );
  route("POST", path, "branding.manage", async (c, s) => {
    try {
      const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = body.file;
      if (!(file instanceof File) || file.size === 0) throw invalid(`${picture}: choose a file to upload.`);
      if (file.size > max) throw pictureTooLarge(picture, file.size);
      await saveBrandPicture(c.env, s.tenantId, picture, new Uint8Array(await file.arrayBuffer()), actorOf(s));
    } catch (err) {
      return brandingPage(c, s, refusalOf(err));
    }
    return c.redirect("/app/branding?done=saved", 303);
  });
}

// ---- OAuth connections ----

async function connectionsPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status } = {}) {
  const { connections } = await listConnections(c.env, s.tenantId, { ended: true });
  return page(c, s, tr(c)("nt_connections_title"), ConnectionsView({ v: viewer(c, s), connections }), opts);
}

route("GET", "/app/connections", "oauth.manage", (c, s) =>
  connectionsPage(c, s, { flash: c.req.query("done") === "ended" ? ok(tr(c)("nt_connection_ended")) : null }),
);

route("POST", "/app/connections/:id/end", "oauth.manage", async (c, s) => {
  const f = await formOf(c);
  try {
    const reason = (f.reason ?? "").trim();
    if (!reason || reason.length > 500) throw invalid("reason: 1 to 500 characters.");
    await endAccountConnection(c.env, s.tenantId, c.req.param("id")!, reason, actorOf(s));
  } catch (err) {
    return connectionsPage(c, s, refusalOf(err));
  }
  return c.redirect("/app/connections?done=ended", 303);
});

// ---- Usage ----

route("GET", "/app/usage", "read", async (c, s) =>
  page(c, s, speech(c).t("nav_usage"), UsageView({ t: speech(c).t, u: await usageThisMonth(c.env, s.tenantId) })),
);

// ---- Retention (docs/retention.md) ----

async function retentionPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status } = {}) {
  const r = retentionView(await retentionOf(dbOf(c.env.DB), s.tenantId));
  return page(c, s, tr(c)("nav_retention"), RetentionView({ v: viewer(c, s), r }), opts);
}

route("GET", "/app/retention", "retention.manage", (c, s) =>
  retentionPage(c, s, { flash: c.req.query("done") === "saved" ? ok(tr(c)("nt_retention_saved")) : null }),
);

route("POST", "/app/retention", "retention.manage", async (c, s) => {
  const f = await formOf(c);
  const num = (v: string | undefined) => (v === undefined || v.trim() === "" ? null : Number(v));
  try {
    const patch = parsed(RetentionInput, { completed_days: num(f.completed_days), ended_days: num(f.ended_days), minimum_days: num(f.minimum_days) ?? 0 });
    await updateTenant(c.env, s.tenantId, { retention: patch }, actorOf(s));
  } catch (err) {
    return retentionPage(c, s, refusalOf(err));
  }
  return c.redirect("/app/retention?done=saved", 303);
});

route("POST", "/app/documents/:id/redact", "retention.manage", async (c, s) => {
  const f = await formOf(c);
  const id = c.req.param("id")!;
  try {
    const { reason } = parsed(RedactInput, { reason: f.reason ?? "" });
    await redactDocument(c.env, principalOf(s), id, reason);
  } catch (err) {
    return documentPage(c, s, id, refusalOf(err));
  }
  return c.redirect(`/app/documents/${id}?done=redacted`, 303);
});

// ---- My sign-in ----

async function accountPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status } = {}) {
  const me = await memberById(membersDb(c.env.DB), s.memberId);
  // The owner also sees the account's public form settings (docs/workflows.md).
  const tenant = can(s.role, "account.manage") ? await tenantById(accountsDb(c.env.DB), s.tenantId) : undefined;
  const publicForms = tenant ? { dailyCap: tenant.publicFormDailyCap, turnstileSiteKey: tenant.turnstileSiteKey } : undefined;
  return page(c, s, speech(c).t("nav_account"), AccountView({ v: viewer(c, s), hasPassword: !!me?.passwordHash, publicForms }), opts);
}

route("GET", "/app/account", "read", (c, s) => accountPage(c, s));

route("POST", "/app/account/password", "read", async (c, s) => {
  const f = await formOf(c);
  try {
    await setOwnPassword(c.env, s, { current: f.current, password: f.password ?? "" });
  } catch (err) {
    return accountPage(c, s, refusalOf(err));
  }
  return accountPage(c, s, { flash: ok(tr(c)("nt_password_saved")) });
});

/** The owner sets the account's daily cap on public form starts and its Turnstile site key, checked as the operator API checks them. */
route("POST", "/app/account/public-forms", "account.manage", async (c, s) => {
  const f = await formOf(c);
  try {
    const cap = (f.public_form_daily_cap ?? "").trim();
    const key = (f.turnstile_site_key ?? "").trim();
    const patch = parsed(z.object({ public_form_daily_cap: PublicFormDailyCap, turnstile_site_key: TurnstileSiteKey }), {
      public_form_daily_cap: /^\d{1,7}$/.test(cap) ? Number(cap) : cap,
      turnstile_site_key: key === "" ? null : key,
    });
    await updateTenant(c.env, s.tenantId, patch, actorOf(s));
  } catch (err) {
    return accountPage(c, s, refusalOf(err));
  }
  return accountPage(c, s, { flash: ok(tr(c)("nt_public_forms_saved")) });
});

/** Anything unexpected on a dashboard page answers as a page (never the JSON envelope). */
dashboard.onError(async (err, c) => {
  const nonce = pageNonce(c);
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    if (err.status < 500) {
      const s = await sessionMember(c).catch(() => null);
      const t = tr(c);
      const flash = bad(err.code === "rate_limited" ? t("nt_too_many") : err.message);
      if (s) return page(c, s, t(err.code === "not_found" ? "nt_not_found" : "nt_refused"), null, { flash, status: err.status as Status });
      return html(c, OpenPage({ ...speech(c), nonce, title: t("nt_refused"), flash }), err.status as Status);
    }
  }
  const requestId = c.get("requestId") ?? "unknown";
  logError("unhandled error", err, { requestId });
  return html(c, OpenPage({ ...speech(c), nonce, title: tr(c)("nt_fault_title"), flash: bad(tr(c)("nt_fault", { id: requestId })) }), 500);
});
