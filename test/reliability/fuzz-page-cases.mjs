/**
 * Requests for every route the app serves that is NOT in /openapi.json, for the page fuzz suite
 * (test/fuzz-pages.test.ts runs a seeded sample in `npm test`; `npm run reliability -- fuzz` runs
 * FUZZ_PAGE_REQUESTS of them). Plain JavaScript like test/reliability/fuzz-cases.mjs, whose
 * generator and hostile values it reuses.
 *
 * `PAGE_ROUTES` lists the routes: the signer's pages `/s/{token}…`, the tablet's `/t…`, the public
 * form `/f/{slug}`, the verification pages, the dashboard `/app…` (signed out and signed in), the
 * OAuth consent steps and metadata, the SMS provider hooks, the operator API `/ops/v1…`, the brand
 * writes and pictures, and the assets (`/docs`, Redoc, pdf.js, `/verify/*.js`, `/pki/*.crl`,
 * `/openapi.json`). Each has what a real caller sends: the query, the form (with its CSRF token),
 * the multipart upload or JSON body, and the credential (session cookie, operator token, tablet
 * cookie, provider signature).
 *
 * A case is "valid" (30%): that request with real tokens, slugs, codes and ids from the fixture;
 * or "hostile" (70%): the same request with one to three mutations drawn from `MUTATIONS`: junk
 * path parameters and path shapes, a wrong method, junk and huge and repeated query parameters
 * (`?lang=`, `?n=-1`, `?n=1e999`, `?next=//evil`), junk form values, malformed bodies (bad
 * percent-encoding, 2 MB, a wrong or missing content type, multipart with a broken or missing
 * boundary or no file), junk cookies (session, language, CSRF, tablet), junk headers (60 KB,
 * a 9,000-character Accept-Language, a malformed CF-Connecting-IP, foreign Origin and Referer),
 * a wrong or missing credential, another host. Everything is drawn from one seeded generator.
 */
import { JUNK_IDS, NASTY_NUMBERS, NASTY_STRINGS, RAW_JSON, WIDE_CSVS, encodeAny, invalidValue, judge, rng } from "./fuzz-cases.mjs";
import { concatBytes } from "../../src/lib/bytes.ts";

const te = new TextEncoder();

/** A hostile value as form or query text (objects as their JSON). */
function junkText(r) {
  const v = invalidValue(r);
  if (typeof v === "string") return v;
  return JSON.stringify(v) ?? String(v);
}

/** Query and form values that have broken pages elsewhere: open redirects, numbers, encodings. */
const QUERY_JUNK = [
  ...NASTY_STRINGS,
  ...NASTY_NUMBERS.map(String),
  "-1",
  "1e999",
  "Infinity",
  "0x10",
  " 1",
  "1.0",
  "//evil.example",
  "https://evil.example/",
  "/\\evil.example",
  "\\\\evil.example",
  "javascript:alert(1)",
  "/app//evil.example",
  "/app/../../etc",
  "/app/documents?x=%zz",
  "/oauth/authorize?client_id=x&redirect_uri=https://evil.example",
  "x".repeat(5000),
];
/** Sent as they are, not percent-encoded again. */
const RAW_QUERY = ["%", "%zz", "%ED%A0%80", "%E2%80%AE", "%00", "%C0%AF", "a&b=c", "%u0041", "+", "%2F%2Fevil.example"];

const pickLang = (fx, r) => r.pick(fx.langs);
const hex = (r, n) => Array.from({ length: n }, () => "0123456789abcdef"[r.int(16)]).join("");
const maybe = (r, p, v) => (r.chance(p) ? v : undefined);

// ---- the routes ------------------------------------------------------------------------------

/**
 * One route: `route` as "METHOD /path/{param}", `family` for the counts, `kind` for the judge
 * ("page": HTML or the router's envelope; "json": the API's error envelope; "jsonrpc": that or a
 * JSON-RPC error (the MCP transport's own); "script": a page's script's JSON `{error}` or a page; "asset"), `auth` (what it needs), and the valid request's
 * `query`, `form`, `multipart`, `json` or `raw` body builders `(fx, r) → …`.
 */
const R = (route, family, kind, spec = {}) => {
  const [method, path] = route.split(" ");
  return { route, family, kind, method, path, auth: "none", ...spec };
};

const langQ = { lang: pickLang };
const langF = { lang: pickLang };

/** The sign form of a link's page: the method, a name, a drawing, and the answers of the PDF document's fields. */
const signForm = {
  method: (_fx, r) => r.pick(["typed", "typed", "drawn", "clicked"]),
  typed_name: () => "Fuzz Signer",
  drawn_value: (fx) => fx.drawn,
  "field.tenant_name": () => "Ada Lovelace",
  "field.start": () => "2026-12-19",
  "field.agree": (_fx, r) => r.pick(["true", "false"]),
  lang: pickLang,
};
const codeForm = { code: (_fx, r) => r.pick(["123456", "000000", "12 34 56"]), lang: pickLang };
const declineForm = { reason: () => "Not the right document.", lang: pickLang };
const approveForm = { note: (_fx, r) => r.pick(["", "Checked against the budget."]), lang: pickLang };
const delegateForm = { full_name: () => "Dan Weiss", email: () => "dan@example.com", reason: () => "Dan signs for the team this week.", lang: pickLang };

const SIGNER = [
  R("GET /s/{token}", "signer", "page", {
    query: { lang: pickLang, done: () => "signed", sent: (_fx, r) => r.pick(["email", "sms"]), to: () => "a•••@example.com" },
  }),
  R("GET /s/{token}/page", "signer", "page", { query: { n: (_fx, r) => String(1 + r.int(3)) }, required: ["n"] }),
  R("GET /s/{token}/pdf", "signer", "page", { query: langQ }),
  // The trust service provider's way back (level aes/qes): a redirect to the page, or a page naming why nothing was signed.
  R("GET /s/{token}/provider/callback", "signer", "page", {
    query: { code: (_fx, r) => hex(r, 32), state: (_fx, r) => `${hex(r, 32)}.${hex(r, 64)}`, error: (_fx, r) => maybe(r, 0.3, "access_denied") },
  }),
  // Starts the signer's signature at the trust service provider (level aes/qes): a redirect there, or the page naming why not.
  R("POST /s/{token}/provider", "signer", "page", { form: langF }),
  R("POST /s/{token}/access-code", "signer", "page", { form: codeForm }),
  // Starts the identity check: a redirect to the provider, or the page naming why not.
  R("POST /s/{token}/id-check", "signer", "page", { form: langF }),
  R("POST /s/{token}/code", "signer", "page", { form: langF }),
  R("POST /s/{token}/verify", "signer", "page", { form: codeForm }),
  R("POST /s/{token}/consent", "signer", "page", { form: langF }),
  // An envelope's link saves one document's answers here; a document's link answers 404.
  R("POST /s/{token}/answers", "signer", "page", { form: { doc: (_fx, r) => String(r.int(3)), "field.start": () => "2026-12-19", lang: pickLang } }),
  R("POST /s/{token}/sign", "signer", "page", { form: signForm }),
  R("POST /s/{token}/decline", "signer", "page", { form: declineForm }),
  R("POST /s/{token}/withdraw", "signer", "page", { form: langF }),
  R("POST /s/{token}/approve", "signer", "page", { form: approveForm }),
  R("POST /s/{token}/acknowledge", "signer", "page", { form: langF }),
  // The page's script uploads with Accept: application/json: JSON, or a page without it.
  R("POST /s/{token}/files/{key}", "signer", "script", { multipart: { fields: { lang: pickLang }, file: (fx) => png(fx) } }),
  // The page's script asks the fields' states: JSON, or a page for a refusal.
  R("POST /s/{token}/state", "signer", "script", { form: signForm }),
  R("POST /s/{token}/delegate", "signer", "page", { form: delegateForm }),
];

const KIOSK = [
  R("GET /t", "tablet", "page", { auth: "kiosk", query: langQ }),
  R("POST /t/pair", "tablet", "page", { form: { code: (fx, r) => r.pick(fx.pairingCodes), lang: pickLang } }),
  R("POST /t/start", "tablet", "page", {
    auth: "kiosk",
    form: {
      full_name: () => "Tablet Visitor",
      email: (_fx, r) => `visitor${r.int(1e6)}@example.com`,
      "field.name": () => "Tablet Visitor",
      "field.company": () => "Acme",
      "field.visit_date": () => "Friday",
      attempt: (_fx, r) => hex(r, 32),
      lang: pickLang,
    },
  }),
  R("GET /t/sign", "tablet", "page", { auth: "kiosk-signer", query: langQ }),
  R("POST /t/sign/access-code", "tablet", "page", { auth: "kiosk-signer", form: codeForm }),
  R("POST /t/sign/code", "tablet", "page", { auth: "kiosk-signer", form: langF }),
  R("POST /t/sign/verify", "tablet", "page", { auth: "kiosk-signer", form: codeForm }),
  R("POST /t/sign/consent", "tablet", "page", { auth: "kiosk-signer", form: langF }),
  R("POST /t/sign/sign", "tablet", "page", { auth: "kiosk-signer", form: signForm }),
  R("POST /t/sign/decline", "tablet", "page", { auth: "kiosk-signer", form: declineForm }),
  R("POST /t/sign/withdraw", "tablet", "page", { auth: "kiosk-signer", form: langF }),
  R("POST /t/sign/approve", "tablet", "page", { auth: "kiosk-signer", form: approveForm }),
  R("POST /t/sign/acknowledge", "tablet", "page", { auth: "kiosk-signer", form: langF }),
  R("POST /t/sign/files/{key}", "tablet", "script", { auth: "kiosk-signer", multipart: { fields: { lang: pickLang }, file: (fx) => png(fx) } }),
  R("POST /t/sign/state", "tablet", "script", { auth: "kiosk-signer", form: signForm }),
  R("GET /t/thanks", "tablet", "page", { auth: "kiosk", query: { lang: pickLang, declined: () => "1" } }),
];

const FORM = [
  R("GET /f/{slug}", "public-form", "page", { query: langQ }),
  R("POST /f/{slug}", "public-form", "page", {
    form: {
      full_name: () => "Pat Public",
      email: (_fx, r) => `pat${r.int(1e6)}@example.com`,
      "field.name": () => "Patricia Public",
      "field.company": () => "Acme",
      "field.visit_date": () => "Friday",
      start_key: (_fx, r) => hex(r, 32),
      lang: pickLang,
    },
  }),
];

const VERIFY = [
  R("GET /", "verify", "page", { query: langQ }),
  // On only under npm start (DEV_MAIL); the fuzz configuration answers 404 like an unknown path.
  R("GET /dev/mail", "verify", "page", { query: langQ }),
  R("GET /verify", "verify", "page", {
    query: {
      code: (fx, r) => {
        const c = r.pick(fx.codes);
        return r.pick([c, c.toLowerCase(), c.replace(/(.{4})(?=.)/g, "$1-"), ` ${c} `]);
      },
      sha256: (fx, r) => r.pick([fx.sealedSha256, fx.sealedSha256.toUpperCase(), hex(r, 64)]),
      lang: pickLang,
    },
  }),
  R("GET /verify/{code}", "verify", "page", { query: { sha256: (fx, r) => r.pick([fx.sealedSha256, hex(r, 64)]), lang: pickLang } }),
  R("GET /verify/check.js", "assets", "asset"),
  R("GET /verify/offline.js", "assets", "asset"),
];

const ASSETS = [
  R("GET /docs", "assets", "asset"),
  R("GET /docs/redoc/{version}/{file}", "assets", "asset", { headers: { "if-none-match": (_fx, r) => maybe(r, 0.2, '"x"') } }),
  R("GET /app/pdfjs/{version}/{file}", "assets", "asset", { headers: { "if-none-match": (_fx, r) => maybe(r, 0.2, '"x"') } }),
  R("GET /pki/tsa.crl", "assets", "asset"),
  R("GET /pki/seal.crl", "assets", "asset"),
  R("GET /openapi.json", "assets", "json"),
  R("GET /docs/openapi.json", "assets", "json"),
];

const preCsrf = { auth: "pre-csrf" };
const OPEN_DASHBOARD = [
  R("GET /app", "dashboard-open", "page", { auth: "optional-session" }),
  // Embedded editing's one-use link (docs/embedding.md): opens once, then 404.
  R("GET /embed/{token}", "dashboard-open", "page", { query: langQ }),
  R("GET /app/language", "dashboard-open", "page", {
    query: { to: pickLang, back: (_fx, r) => r.pick(["/app/documents", "/app/templates?done=saved", "/app/workflows/new"]) },
  }),
  R("GET /app/sign-in", "dashboard-open", "page", {
    query: { next: (_fx, r) => r.pick(["/app/keys", "/app/documents/new"]), sent: () => "1", lang: pickLang },
  }),
  R("POST /app/sign-in", "dashboard-open", "page", {
    ...preCsrf,
    form: {
      email: (fx) => fx.member.email,
      password: (fx, r) => r.pick([fx.member.password, "wrong password 123"]),
      account: (fx, r) => maybe(r, 0.2, fx.tenantSlug),
      next: (_fx, r) => maybe(r, 0.5, r.pick(["/app/keys", "/app/documents"])),
    },
  }),
  R("POST /app/sign-in/link", "dashboard-open", "page", { ...preCsrf, form: { email: (fx, r) => r.pick([fx.member.email, "nobody@example.com"]) } }),
  R("GET /app/sign-in/link", "dashboard-open", "page", { query: { token: (fx, r) => r.pick([...fx.signInTokens, hex(r, 64)]) } }),
  R("POST /app/sign-in/link/use", "dashboard-open", "page", { ...preCsrf, form: { token: (fx, r) => r.pick([...fx.signInTokens, hex(r, 64)]) } }),
  // Sign-up and first run (docs/sign-up.md): under the tests' configuration (no SIGNUP, accounts exist) both answer 404.
  R("GET /app/sign-up", "dashboard-open", "page", { query: langQ }),
  R("POST /app/sign-up", "dashboard-open", "page", {
    ...preCsrf,
    form: {
      email: (fx, r) => r.pick([fx.member.email, `new${r.int(1e6)}@example.com`, "not-an-email"]),
      business_name: (_fx, r) => r.pick(["Acme", ""]),
      password: (fx, r) => r.pick([fx.member.password, "short"]),
    },
  }),
  R("GET /app/sign-up/confirm", "dashboard-open", "page", { query: { token: (_fx, r) => hex(r, 64) } }),
  R("POST /app/sign-up/confirm", "dashboard-open", "page", { ...preCsrf, form: { token: (_fx, r) => hex(r, 64) } }),
  R("GET /app/invitation", "dashboard-open", "page", { query: { token: (_fx, r) => hex(r, 64) } }),
  R("POST /app/invitation", "dashboard-open", "page", {
    ...preCsrf,
    form: { token: (_fx, r) => hex(r, 64), full_name: () => "Invited Person", password: (_fx, r) => r.pick(["short", "a long enough pass phrase"]) },
  }),
  R("GET /app/first-run", "dashboard-open", "page"),
  R("POST /app/first-run", "dashboard-open", "page", {
    ...preCsrf,
    form: {
      operator_token: (_fx, r) => hex(r, 32),
      email: (_fx, r) => `first${r.int(1e6)}@example.com`,
      business_name: () => "First",
      password: (fx) => fx.member.password,
    },
  }),
];

const session = (spec = {}) => ({ auth: "session", ...spec });
const signers = {
  "signer.0.full_name": () => "Dash Signer",
  "signer.0.email": (_fx, r) => `dash${r.int(1e6)}@example.com`,
  "signer.1.full_name": (_fx, r) => maybe(r, 0.3, "Second Signer"),
  "signer.1.email": (_fx, r) => maybe(r, 0.3, "second@example.com"),
};
const png = (fx) => ({ filename: "picture.png", type: "image/png", bytes: fx.files.png });
const BRAND_FORM = {
  businessName: () => "Fuzz Rentals",
  primaryColor: () => "#7a1f5c",
  accentColor: () => "#1f5c7a",
  backgroundColor: () => "#fffdf5",
  textColor: () => "#222222",
  buttonTextColor: () => "#ffffff",
  footerText: () => "Fuzz Rentals Ltd.",
  signingHost: (fx) => fx.signingHost,
};

const DASHBOARD = [
  R("POST /app/sign-out", "dashboard", "page", session({ role: "leaver" })),
  R("POST /app/sign-out-everywhere", "dashboard", "page", session({ role: "leaver" })),
  R("POST /app/mode", "dashboard", "page", session({ form: { mode: (_fx, r) => r.pick(["test", "live"]), back: () => "/app/documents" } })),
  R(
    "GET /app/documents",
    "dashboard",
    "page",
    session({ query: { q: () => "Fuzz", status: (_fx, r) => r.pick(["sent", "completed", "draft"]), offset: () => "0" } }),
  ),
  R("GET /app/documents/new", "dashboard", "page", session({ query: { template: (fx, r) => r.pick([fx.templateCode, fx.pdfTemplateCode]) } })),
  R(
    "POST /app/documents",
    "dashboard",
    "page",
    session({
      form: {
        template_code: (fx) => fx.templateCode,
        title: () => "Dashboard fuzz",
        "value.company": () => "Acme",
        "value.name": () => "Ada",
        sequential: (_fx, r) => r.pick(["true", "false"]),
        ...signers,
      },
    }),
  ),
  R("GET /app/documents/{id}", "dashboard", "page", session({ query: { done: (_fx, r) => r.pick(["voided", "redacted", "reminded"]) } })),
  R("POST /app/documents/{id}/send", "dashboard", "page", session({ form: signers })),
  R("POST /app/documents/{id}/void", "dashboard", "page", session({ form: { reason: () => "Fuzz void" } })),
  R("POST /app/documents/{id}/signers/{signer_id}/remind", "dashboard", "page", session()),
  R("POST /app/documents/{id}/signers/{signer_id}/link", "dashboard", "page", session()),
  R(
    "POST /app/documents/{id}/signers/{signer_id}/correct",
    "dashboard",
    "page",
    session({
      form: { full_name: () => "Corrected Signer", email: (_fx, r) => `fixed${r.int(1e6)}@example.com`, phone: (_fx, r) => maybe(r, 0.3, "+14155550100") },
    }),
  ),
  R("GET /app/documents/{id}/pdf", "dashboard", "page", session()),
  R("GET /app/documents/{id}/bundle", "dashboard", "page", session()),
  R("GET /app/envelopes", "dashboard", "page", session()),
  R("GET /app/envelopes/new", "dashboard", "page", session()),
  R(
    "POST /app/envelopes",
    "dashboard",
    "page",
    session({
      form: {
        attempt: (_fx, r) => hex(r, 32),
        title: () => "Envelope fuzz",
        documents: (_fx, r) => r.pick(["2", "3"]),
        "documents.0.template_code": (fx) => fx.templateCode,
        "documents.0.values.company": () => "Acme",
        "documents.0.values.name": () => "Ada",
        "documents.1.template_code": (fx, r) => r.pick([fx.templateCode, fx.pdfTemplateCode]),
        "documents.1.values.company": () => "Acme",
        "documents.1.values.name": () => "Ada",
        expires_on: (_fx, r) => maybe(r, 0.3, r.pick(["2099-01-31", "2001-01-01", "tomorrow"])),
        sequential: (_fx, r) => r.pick(["true", "false"]),
        add_document: (_fx, r) => maybe(r, 0.2, "1"),
        show_values: (_fx, r) => maybe(r, 0.1, "1"),
        ...signers,
      },
    }),
  ),
  R("GET /app/envelopes/{id}", "dashboard", "page", session({ query: { done: (_fx, r) => r.pick(["sent", "voided"]) } })),
  R("POST /app/envelopes/{id}/void", "dashboard", "page", session({ form: { reason: () => "Fuzz void" } })),
  R("GET /app/bulk-sends", "dashboard", "page", session()),
  R("GET /app/bulk-sends/new", "dashboard", "page", session()),
  R(
    "POST /app/bulk-sends",
    "dashboard-uploads",
    "page",
    session({
      multipart: {
        fields: { source: (fx, r) => r.pick([`template:${fx.templateCode}`, "template:nope", "workflow:wf_nope", "", "other:x"]) },
        file: (_fx, r) => ({
          filename: "people.csv",
          type: "text/csv",
          bytes: new TextEncoder().encode(
            r.pick([
              "email,full_name,values.company,values.name\nfz@example.com,Fuzz One,Acme,Ada\n",
              '\uFEFFemail;full_name;values.company\nbad-email;"Two; Fuzz";Acme\n',
              'email,full_name\n"unclosed,x\n',
              "full_name\nNo Email\n",
              "email,full_name,age\na@example.com,A,3\n",
            ]),
          ),
        }),
      },
    }),
  ),
  R("GET /app/bulk-sends/{id}", "dashboard", "page", session({ query: { done: () => "sent" } })),
  // The progress page's script polls it: JSON, or a page for a refusal.
  R("GET /app/bulk-sends/{id}/progress", "dashboard", "script", session()),
  R("GET /app/templates", "dashboard", "page", session({ query: { done: () => "saved" } })),
  R(
    "POST /app/templates",
    "dashboard",
    "page",
    session({
      form: {
        code: (_fx, r) => `dash-${hex(r, 8)}`,
        name: () => "Dashboard template",
        kind: (_fx, r) => r.pick(["nda", "contract", "waiver"]),
        body: () => "Between {{company}} and {{name}}.",
        variables: () => "company, name",
      },
    }),
  ),
  R("POST /app/templates/publish", "dashboard", "page", session({ form: { code: (fx, r) => r.pick([fx.templateCode, fx.pdfTemplateCode, "no-such-code"]) } })),
  R("GET /app/templates/revise", "dashboard", "page", session({ query: { code: (fx, r) => r.pick([fx.templateCode, fx.pdfTemplateCode, "no-such-code"]) } })),
  R(
    "POST /app/templates/revise",
    "dashboard",
    "page",
    session({
      form: {
        code: (fx, r) => r.pick([fx.templateCode, fx.pdfTemplateCode, "no-such-code"]),
        name: () => "Revised template",
        kind: (_fx, r) => r.pick(["nda", "contract", "waiver"]),
        body: (_fx, r) => maybe(r, 0.7, "Between {{company}} and {{name}}, revised."),
        variables: (_fx, r) => maybe(r, 0.7, "company, name"),
      },
    }),
  ),
  R(
    "POST /app/templates/pdf",
    "dashboard-uploads",
    "script",
    session({
      multipart: {
        fields: { code: (_fx, r) => `up-${hex(r, 8)}`, name: () => "Uploaded lease", kind: () => "contract", filename: () => "lease.pdf" },
        file: (fx) => ({ filename: "lease.pdf", type: "application/pdf", bytes: fx.files.pdf }),
      },
      headers: { accept: (_fx, r) => maybe(r, 0.5, "application/json") },
    }),
  ),
  R("GET /app/templates/{id}/place", "dashboard", "page", session({ query: { done: () => "drawn" } })),
  R("GET /app/templates/{id}/pages/{n}", "dashboard", "page", session()),
  R("GET /app/templates/{id}/file.pdf", "dashboard", "page", session()),
  R("POST /app/templates/{id}/pages/{n}", "dashboard-uploads", "script", session({ multipart: { fields: {}, file: png } })),
  R(
    "POST /app/templates/{id}/fields",
    "dashboard",
    "page",
    session({
      form: {
        fields: (_fx, r) =>
          JSON.stringify([
            { key: "tenant_name", label: "Tenant name", kind: "text", place: { page: 1, x: 0.1, y: 0.2, w: 0.5, h: 0.04 } },
            { key: "sig", label: "Signature", kind: "signature", place: { page: r.pick([1, 2]), x: 0.1, y: 0.8, w: 0.4, h: 0.1 } },
          ]),
      },
    }),
  ),
  R("POST /app/templates/{id}/publish", "dashboard", "page", session()),
  R("GET /app/webhooks", "dashboard", "page", session()),
  R(
    "POST /app/webhooks",
    "dashboard",
    "page",
    session({
      form: {
        url: (fx, r) => fx.hookUrl(`dash${r.int(1e9)}`),
        events: (_fx, r) => r.pick([["*"], ["signing.completed", "signing.signed"]]),
        label: () => "Dash hook",
      },
    }),
  ),
  R("GET /app/webhooks/{id}", "dashboard", "page", session()),
  R("POST /app/webhooks/{id}/ping", "dashboard", "page", session()),
  R("POST /app/webhooks/{id}/rotate", "dashboard", "page", session()),
  R("POST /app/webhooks/deliveries/{id}/replay", "dashboard", "page", session({ form: { endpoint: (fx, r) => maybe(r, 0.7, fx.hookId) } })),
  R("GET /app/keys", "dashboard", "page", session({ query: { done: () => "revoked" } })),
  R(
    "POST /app/keys",
    "dashboard",
    "page",
    session({
      form: {
        label: () => "Dash key",
        mode: (_fx, r) => r.pick(["test", "live"]),
        scopes: (_fx, r) => r.pick([["signing:read"], ["signing:read", "signing:write"]]),
        expires_on: (_fx, r) => maybe(r, 0.5, "2030-01-31"),
      },
    }),
  ),
  R("POST /app/keys/{id}/revoke", "dashboard", "page", session({ form: { reason: () => "Fuzz revoke" } })),
  R("GET /app/members", "dashboard", "page", session()),
  R(
    "POST /app/members",
    "dashboard",
    "page",
    session({
      form: {
        email: (_fx, r) => `invite${r.int(1e6)}@example.com`,
        full_name: () => "Invited Person",
        role: (_fx, r) => r.pick(["admin", "member", "viewer"]),
      },
    }),
  ),
  R("POST /app/members/{id}/role", "dashboard", "page", session({ form: { role: (_fx, r) => r.pick(["admin", "member", "viewer"]) } })),
  R(
    "POST /app/members/invitations",
    "dashboard",
    "page",
    session({ form: { email: (_fx, r) => `invitee${r.int(1e6)}@example.com`, role: (_fx, r) => r.pick(["admin", "member", "viewer"]) } }),
  ),
  R("POST /app/members/invitations/{id}/revoke", "dashboard", "page", session()),
  R("POST /app/members/{id}/remove", "dashboard", "page", session({ form: { confirm: (_fx, r) => r.pick(["yes", "", "no"]) } })),
  R("GET /app/workflows", "dashboard", "page", session()),
  R("GET /app/workflows/new", "dashboard", "page", session()),
  R("POST /app/workflows", "dashboard", "page", session({ form: workflowForm(true) })),
  R("GET /app/workflows/{id}/edit", "dashboard", "page", session()),
  R("POST /app/workflows/{id}", "dashboard", "page", session({ form: workflowForm(false) })),
  R("GET /app/workflows/{id}", "dashboard", "page", session({ query: { done: (_fx, r) => r.pick(["created", "saved"]) } })),
  R("GET /app/workflows/{id}/qr.png", "dashboard", "page", session()),
  R("GET /app/workflows/{id}/qr.svg", "dashboard", "page", session()),
  R("GET /app/packets", "dashboard", "page", session()),
  R("GET /app/packets/{id}", "dashboard", "page", session()),
  R("POST /app/packets/items/{id}/start", "dashboard", "page", session()),
  R("GET /app/packets/import/example.csv", "dashboard", "page", session()),
  R(
    "POST /app/packets/import",
    "dashboard-uploads",
    "page",
    session({
      multipart: {
        fields: {},
        file: (_fx, r) => ({
          filename: "bookings.csv",
          type: "text/csv",
          bytes: new TextEncoder().encode(
            ((p) => (typeof p === "string" ? p : p.text()))(
              r.pick([
                "external_id,starts_on,ref,full_name,email,is_minor,guardian_ref\nFZ-1,2026-12-19,p1,Pia Parent,pia@example.com,no,\nFZ-1,2026-12-19,k1,Kit Kid,,yes,p1\n",
                'external_id;starts_on;ref;full_name\nFZ-2;2026-02-30;a;"Ann ""Quote"""\n',
                'external_id,starts_on\n"unclosed,2026-12-19\n',
                "ref,full_name\nx,y\n",
                // Files past the column limit (40,000 columns, 201): refused at once, naming it.
                ...WIDE_CSVS.filter((f) => !f.accepted),
              ]),
            ),
          ),
        }),
      },
    }),
  ),
  R("GET /app/tablets", "dashboard", "page", session({ query: { done: () => "stopped" } })),
  R("POST /app/tablets", "dashboard", "page", session({ form: { name: () => "Dash tablet", workflow_id: (fx) => fx.publicWorkflowId } })),
  R("POST /app/tablets/{id}/stop", "dashboard", "page", session()),
  R("GET /app/branding", "dashboard", "page", session({ query: { done: () => "saved" } })),
  R("POST /app/branding", "dashboard", "page", session({ form: BRAND_FORM })),
  R("POST /app/branding/logo", "dashboard-uploads", "page", session({ multipart: { fields: {}, file: png } })),
  R("POST /app/branding/logo-dark", "dashboard-uploads", "page", session({ multipart: { fields: {}, file: png } })),
  R(
    "POST /app/branding/opening",
    "dashboard-uploads",
    "page",
    session({
      multipart: { fields: {}, file: (fx) => ({ filename: "opening.jpg", type: "image/jpeg", bytes: fx.files.jpeg }) },
    }),
  ),
  R("GET /app/connections", "dashboard", "page", session({ query: { done: () => "ended" } })),
  R("POST /app/connections/{id}/end", "dashboard", "page", session({ form: { reason: () => "Fuzz end" } })),
  R("GET /app/usage", "dashboard", "page", session()),
  R("GET /app/retention", "dashboard", "page", session({ query: { done: () => "saved" } })),
  R(
    "POST /app/retention",
    "dashboard",
    "page",
    session({
      form: {
        completed_days: (_fx, r) => r.pick(["", "365", "3650"]),
        ended_days: (_fx, r) => r.pick(["", "90"]),
        minimum_days: (_fx, r) => r.pick(["", "0", "30"]),
      },
    }),
  ),
  R("POST /app/documents/{id}/redact", "dashboard", "page", session({ form: { reason: () => "Fuzz redact" } })),
  R("GET /app/account", "dashboard", "page", session()),
  R(
    "POST /app/account/password",
    "dashboard",
    "page",
    session({
      role: "leaver",
      form: { current: (fx) => fx.member.password, password: (fx) => fx.member.password },
    }),
  ),
  R(
    "POST /app/account/disclosure",
    "dashboard",
    "page",
    session({
      form: {
        text: (_fx, r) => r.pick(["", "You agree to do business electronically.", "x".repeat(10_001)]),
        withdraw_instructions: (_fx, r) => r.pick(["", "Write to us.", "y".repeat(2_001)]),
        paper_how: (_fx, r) => r.pick(["", "Write to 1 Main St."]),
        paper_cost: (_fx, r) => r.pick(["", "Free", "z".repeat(201)]),
      },
    }),
  ),
  R(
    "POST /app/account/public-forms",
    "dashboard",
    "page",
    session({
      form: {
        public_form_daily_cap: (_fx, r) => r.pick(["", "500", "0", "1000000", "-1", "many"]),
        turnstile_site_key: (_fx, r) => r.pick(["", "0x4AAAAAAAfuzzkey", "x".repeat(300)]),
      },
    }),
  ),
];

/** The workflow form of the dashboard, as a browser fills it. */
function workflowForm(create) {
  return {
    code: create ? (_fx, r) => `dwf-${hex(r, 8)}` : (fx) => fx.editableWorkflowCode,
    name: () => "Dashboard workflow",
    template_code: (fx) => fx.waiverCode,
    "role.0.label": () => "Visitor",
    "role.0.role": () => "signer",
    "role.0.order": () => "1",
    participant: () => "0",
    "field.0.key": () => "name",
    "field.0.label": () => "Your name",
    "field.0.required": () => "true",
    "field.1.key": () => "company",
    "field.1.label": () => "Company",
    "field.2.key": () => "visit_date",
    "field.2.label": () => "Date",
    expires_days: (_fx, r) => r.pick(["", "14"]),
    remind_after_days: (_fx, r) => r.pick(["", "3"]),
    public: (_fx, r) => r.pick(["true", "false"]),
    intro: () => "Welcome.",
    active: () => "true",
    sequential: (_fx, r) => r.pick(["true", "false"]),
  };
}

const OAUTH = [
  R("GET /oauth/authorize", "oauth", "page", {
    auth: "optional-session",
    query: {
      response_type: () => "code",
      client_id: (fx) => fx.oauth.clientId,
      redirect_uri: (fx) => fx.oauth.redirectUri,
      scope: (_fx, r) => r.pick(["signing:read", "signing:read signing:write"]),
      state: (_fx, r) => `st${r.int(1e6)}`,
      code_challenge: (fx) => fx.oauth.challenge,
      code_challenge_method: () => "S256",
      lang: (fx, r) => maybe(r, 0.3, pickLang(fx, r)),
    },
    required: ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"],
  }),
  R(
    "POST /oauth/consent",
    "oauth",
    "page",
    session({
      form: { request: (fx, r) => r.pick(fx.oauth.requests), decision: (_fx, r) => r.pick(["allow", "deny"]), lang: pickLang },
    }),
  ),
  R("GET /.well-known/oauth-authorization-server", "oauth", "json"),
];

/** What an agent calls (docs/agents.md): the MCP server, the protected resource metadata under /mcp, the docs as Markdown. */
const AGENTS = [
  R("POST /mcp", "agents", "jsonrpc", {
    headers: {
      authorization: (fx, r) => maybe(r, 0.8, `Bearer ${fx.apiKey}`),
      accept: () => "application/json, text/event-stream",
    },
    json: (_fx, r) =>
      r.pick([
        {
          jsonrpc: "2.0",
          id: r.int(1e6),
          method: "initialize",
          params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "fuzz", version: "1" } },
        },
        { jsonrpc: "2.0", id: r.int(1e6), method: "tools/list", params: {} },
        { jsonrpc: "2.0", id: r.int(1e6), method: "tools/call", params: { name: "list_documents", arguments: { limit: 5 } } },
        { jsonrpc: "2.0", id: r.int(1e6), method: "tools/call", params: { name: "get_document", arguments: { document_id: "doc_nothing" } } },
        { jsonrpc: "2.0", method: "notifications/initialized" },
      ]),
  }),
  R("GET /.well-known/oauth-protected-resource/mcp", "agents", "json"),
  R("GET /llms.txt", "agents", "asset"),
  R("GET /docs/{file}", "agents", "asset"),
];

const smsForm = {
  MessageSid: (_fx, r) => `SM${hex(r, 32)}`,
  From: (_fx, r) => r.pick(["+14155550100", "+34612345678", "+447700900123"]),
  To: () => "+15005550006",
  Body: (_fx, r) => r.pick(["STOP", "start", "HELP", "unstop", "Hello", "stop all"]),
};
const SMS = [
  R("POST /hooks/sms/twilio", "sms-hooks", "json", { auth: "twilio", form: smsForm }),
  R("POST /hooks/sms/twilio/status", "sms-hooks", "json", {
    auth: "twilio",
    form: {
      MessageSid: (_fx, r) => `SM${hex(r, 32)}`,
      MessageStatus: (_fx, r) => r.pick(["delivered", "undelivered", "failed", "sent"]),
      ErrorCode: (_fx, r) => r.pick(["30003", "30005", "30006", "21614", "", "0"]),
      To: (_fx, r) => r.pick(["+14155550100", "+34612345678"]),
    },
  }),
];

/** The identity provider's callback, unsigned here: refused with the API's error envelope, nothing recorded. */
const IDENTITY = [
  R("POST /hooks/identity/stripe", "identity-hooks", "json", {
    json: (_fx, r) => ({
      id: `evt_${hex(r, 24)}`,
      type: r.pick(["identity.verification_session.verified", "identity.verification_session.requires_input"]),
      data: { object: { id: `vs_${hex(r, 24)}`, object: "identity.verification_session" } },
    }),
  }),
];

const op = (spec = {}) => ({ auth: "operator", ...spec });
const OPS = [
  R(
    "POST /ops/v1/tenants",
    "ops",
    "json",
    op({ json: (_fx, r) => ({ name: `Ops fuzz ${r.int(1e6)}`, ...(r.chance(0.3) ? { slug: `ops-${hex(r, 10)}` } : {}), plan: "starter" }) }),
  ),
  R("GET /ops/v1/tenants", "ops", "json", op({ query: { slug: (fx, r) => maybe(r, 0.3, fx.tenantSlug), limit: (_fx, r) => String(1 + r.int(200)) } })),
  R(
    "PATCH /ops/v1/tenants/{id}",
    "ops",
    "json",
    op({
      json: (_fx, r) =>
        r.pick([
          { plan: "pro" },
          { require_signer_code: false },
          { default_country: "ES", locale: "es" },
          { reply_to: "ops@example.com" },
          { frame_ancestors: [] },
        ]),
    }),
  ),
  R("POST /ops/v1/tenants/{id}/keys", "ops", "json", op({ json: () => ({ label: "Ops fuzz key", scopes: ["signing:read"], mode: "test" }) })),
  R("GET /ops/v1/tenants/{id}/keys", "ops", "json", op()),
  // One database here (SHARDS unset): every shard asked for is refused with 422, never a move.
  R("POST /ops/v1/tenants/{id}/move", "ops", "json", op({ json: (_fx, r) => ({ shard: r.int(4) }) })),
  R("POST /ops/v1/keys/{id}/revoke", "ops", "json", op({ json: () => ({ reason: "fuzz" }) })),
  R(
    "POST /ops/v1/tenants/{id}/members",
    "ops",
    "json",
    op({
      json: (_fx, r) => ({ email: `opsm${r.int(1e6)}@example.com`, full_name: "Ops Member", role: r.pick(["admin", "member", "viewer"]) }),
    }),
  ),
  R("POST /ops/v1/tenants/{id}/members/sign-in-link", "ops", "json", op({ json: (fx, r) => ({ email: r.pick([fx.member.email, "nobody@example.com"]) }) })),
  // Not the fixture's member: a new password would end the sessions the other cases use.
  R(
    "POST /ops/v1/tenants/{id}/members/password",
    "ops",
    "json",
    op({ json: (_fx, r) => ({ email: `opsm${r.int(1e6)}@example.com`, password: `fuzz pass phrase ${r.int(1e6)}` }) }),
  ),
  R(
    "POST /ops/v1/oauth-clients",
    "ops",
    "json",
    op({
      json: (_fx, r) => ({
        name: "Fuzz client",
        homepage: "https://partner.fuzz.example",
        redirect_uris: [`https://partner.fuzz.example/cb${r.int(100)}`],
        scopes: ["signing:read"],
      }),
    }),
  ),
  R("GET /ops/v1/tenants/{id}/oauth-connections", "ops", "json", op({ query: { ended: (_fx, r) => r.pick(["true", "false"]) } })),
  R("POST /ops/v1/tenants/{id}/oauth-connections/{connection_id}/end", "ops", "json", op({ json: () => ({ reason: "fuzz" }) })),
  R(
    "GET /ops/v1/outbox",
    "ops",
    "json",
    op({
      query: { tenant_id: (fx, r) => maybe(r, 0.6, fx.tenantId), document_id: (fx, r) => maybe(r, 0.3, fx.docId), limit: (_fx, r) => String(1 + r.int(200)) },
    }),
  ),
];

const BRANDING = [
  R("PUT /v1/branding", "branding", "json", {
    auth: "editor",
    json: (fx) => Object.fromEntries(Object.entries(BRAND_FORM).map(([k, f]) => [k, f(fx)])),
  }),
  ...["logo", "logo-dark", "opening"].map((p) =>
    R(`PUT /v1/branding/${p}`, "branding", "json", {
      auth: "editor",
      raw: (fx) => (p === "opening" ? { type: "image/jpeg", bytes: fx.files.jpeg } : { type: "image/png", bytes: fx.files.png }),
    }),
  ),
  ...["logo.png", "logo-dark.png", "opening.jpg"].map((f) =>
    R(`GET /brand/{tenant_id}/${f}`, "branding", "json", {
      query: { v: (_fx, r) => maybe(r, 0.3, r.pick(["1", "x"])) },
      headers: { "if-none-match": (_fx, r) => maybe(r, 0.2, '"1"') },
    }),
  ),
];

export const PAGE_ROUTES = [
  ...SIGNER,
  ...KIOSK,
  ...FORM,
  ...VERIFY,
  ...OPEN_DASHBOARD,
  ...DASHBOARD,
  ...OAUTH,
  ...SMS,
  ...IDENTITY,
  ...OPS,
  ...BRANDING,
  ...ASSETS,
  ...AGENTS,
];

// ---- building one request -------------------------------------------------------------------

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/** `k=v&…` with every name and value percent-encoded (lone surrogates as ED A0 80). */
function formText(fields) {
  const out = [];
  for (const [k, v] of fields) out.push(`${encodeAny(k)}=${encodeAny(v)}`);
  return out.join("&");
}

/** A multipart/form-data body: text parts and file parts. */
function multipartBytes(parts, boundary) {
  const chunks = [];
  for (const p of parts) {
    if (p.bytes) {
      chunks.push(te.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`));
      chunks.push(p.bytes, te.encode("\r\n"));
    } else {
      chunks.push(te.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(te.encode(`--${boundary}--\r\n`));
  return concatBytes(chunks);
}

function paramValue(fx, c, name, r) {
  const list = fx.ids[`${c.route}:${name}`] ?? fx.ids[name] ?? ["nothing"];
  return r.pick(list);
}

/** The values of a builder map, skipping undefined; arrays repeat the name. */
function build(map, fx, r) {
  const out = [];
  for (const [k, f] of Object.entries(map ?? {})) {
    const v = f(fx, r);
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) out.push([k, String(x)]);
  }
  return out;
}

/** The credential of a valid request: cookies, headers and form fields. */
function credential(c, fx, r) {
  const cookies = [];
  const headers = [];
  const fields = [];
  switch (c.auth) {
    case "session": {
      const s = fx.session(c.spec.role ?? "owner");
      cookies.push(["__Host-es_session", s.token]);
      if (c.method === "POST") fields.push(["csrf", s.csrf]);
      if (r.chance(0.5)) headers.push(["origin", fx.base]);
      c.sessionRole = c.spec.role ?? "owner";
      break;
    }
    case "optional-session":
      if (r.chance(0.6)) {
        cookies.push(["__Host-es_session", fx.session("owner").token]);
        c.sessionRole = "owner";
      }
      break;
    case "pre-csrf": {
      const v = hex(r, 32);
      cookies.push(["__Host-es_csrf", v]);
      fields.push(["csrf", v]);
      break;
    }
    case "operator":
      headers.push(["authorization", `Bearer ${fx.operatorToken}`]);
      break;
    case "kiosk":
      cookies.push(["kiosk_key", fx.kioskKey]);
      break;
    case "kiosk-signer":
      cookies.push(["kiosk_key", fx.kioskKey], ["kiosk_signer", paramValue(fx, c, "token", r)]);
      break;
    case "editor":
      if (r.chance(0.5)) {
        headers.push(["authorization", `Bearer ${fx.operatorToken}`]);
        c.editorTenant = true;
      } else {
        const s = fx.session("owner");
        cookies.push(["__Host-es_session", s.token]);
        c.sessionRole = "owner";
      }
      break;
    case "twilio":
      c.twilio = "signed";
      break;
  }
  return { cookies, headers, fields };
}

/**
 * One request for route `rt`: {route, family, kind, mode, mutations, method, origin, path,
 * headers: [name, value][], cookies: [name, value][], body: string | Uint8Array | undefined,
 * noWrite (a refusal of it must change nothing), sessionRole, twilio}.
 */
export function makePageCase(rt, fx, r, mode) {
  const c = {
    route: rt.route,
    family: rt.family,
    kind: rt.kind,
    mode,
    mutations: [],
    method: rt.method,
    origin: fx.base,
    spec: rt,
    auth: rt.auth,
    noWrite: false,
    sessionRole: null,
    twilio: null,
    editorTenant: false,
  };
  const params = {};
  for (const m of rt.path.matchAll(/\{([^}]+)\}/g)) params[m[1]] = paramValue(fx, c, m[1], r);
  let query = build(rt.query, fx, r).filter(([k]) => mode !== "valid" || (rt.required ?? []).includes(k) || r.chance(0.6));
  const cred = credential(c, fx, r);
  let cookies = cred.cookies;
  let headers = [["cf-connecting-ip", `198.51.100.${1 + r.int(250)}`], ...cred.headers, ...build(rt.headers, fx, r)];
  let fields = [...cred.fields, ...build(rt.form, fx, r)];
  let files = rt.multipart
    ? [...build(rt.multipart.fields, fx, r).map(([name, value]) => ({ name, value })), { name: "file", ...rt.multipart.file(fx, r) }]
    : null;
  let json = rt.json ? rt.json(fx, r) : undefined;
  let raw = rt.raw ? rt.raw(fx, r) : undefined;
  if (c.editorTenant) query.push(["tenant_id", fx.tenantId]);
  let body;
  let contentType;
  let pathShape = null;
  let hostile = null;

  if (mode === "hostile") {
    const count = 1 + r.int(3);
    for (let i = 0; i < count; i++) {
      const m = r.pick(MUTATIONS);
      c.mutations.push(m.name);
      const out = m.apply({ c, rt, fx, r, params, query, cookies, headers, fields, files, json, raw });
      if (!out) continue;
      ({ query = query, cookies = cookies, headers = headers, fields = fields, files = files, json = json, raw = raw } = out);
      if (out.body !== undefined) hostile = out;
      if (out.pathShape) pathShape = out.pathShape;
      if (out.method) c.method = out.method;
      if (out.origin) c.origin = out.origin;
    }
  }

  let path = rt.path.replace(/\{([^}]+)\}/g, (_, name) => params[name]);
  if (pathShape) path = pathShape(path);
  const q = query.map(([k, v, isRaw]) => `${isRaw ? k : encodeAny(k)}=${isRaw ? v : encodeAny(v)}`).join("&");
  if (q) path += `?${q}`;

  // The body as the route takes it, unless a mutation replaced it.
  if (hostile) {
    body = hostile.body;
    contentType = hostile.contentType;
  } else if (files) {
    const boundary = `----fuzz${hex(r, 16)}`;
    body = multipartBytes([...fields.map(([name, value]) => ({ name, value })), ...files], boundary);
    contentType = `multipart/form-data; boundary=${boundary}`;
  } else if (json !== undefined) {
    body = JSON.stringify(json);
    contentType = "application/json";
  } else if (raw) {
    body = raw.bytes;
    contentType = raw.type;
  } else if (fields.length || rt.form) {
    body = formText(fields);
    contentType = r.chance(0.1) && c.method === "POST" ? `multipart/form-data; boundary=x` : "application/x-www-form-urlencoded";
    if (contentType.startsWith("multipart"))
      body = multipartBytes(
        fields.map(([name, value]) => ({ name, value })),
        "x",
      );
  }
  if (contentType) headers = [...headers, ["content-type", contentType]];
  if (c.method === "GET" || c.method === "HEAD") body = undefined;
  const { spec: _, ...rest } = c;
  return { ...rest, path, headers, cookies, body };
}

// ---- the mutations of a hostile case --------------------------------------------------------

const base64 = (bytes) => {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};

/** A drawn signature that is no picture the service takes: a hostile file as a data URL, or a broken data URL. */
function drawnJunk(fx, r) {
  if (r.chance(0.5)) {
    const f = r.pick(fx.hostileFiles.filter((x) => x.bytes.length < 150_000));
    return `data:${r.pick(["image/png", "image/jpeg", f.type])};base64,${base64(f.bytes)}`;
  }
  return r.pick([
    "data:image/png;base64,AAAA",
    "data:image/png;base64,",
    "data:image/png;base64,====",
    "data:image/png;base64,iVBORw0KGgo=",
    "data:image/svg+xml;base64,PHN2Zy8+",
    `data:image/png;base64,${"A".repeat(300_000)}`,
    "data:image/png,plain",
    `${"data:image/png;base64,"}${base64(fx.files.png)}#`,
  ]);
}

const junkFields = (fields, r, fx) => {
  const out = fields.map(([k, v]) => [k, v]);
  if (fx && out.some(([k]) => k === "drawn_value") && r.chance(0.4)) {
    return out.map(([k, v]) => [k, k === "drawn_value" ? drawnJunk(fx, r) : k === "method" ? "drawn" : v]);
  }
  const i = out.length ? r.int(out.length + 1) : 0;
  const v = r.chance(0.7) ? junkText(r) : r.pick(QUERY_JUNK);
  if (i < out.length && out[i][0] !== "csrf") out[i][1] = v;
  else out.push([r.pick(["lang", "method", "field.x", "__proto__", "constructor", "\ud800", "", "a".repeat(3000)]), v]);
  return out;
};

/**
 * Each mutation returns what it changed: {query, cookies, headers, fields, files, json, raw,
 * body + contentType (a body that replaces the route's own), pathShape, method, origin}.
 */
const MUTATIONS = [
  {
    name: "junk path parameter",
    apply: ({ params, r }) => {
      const names = Object.keys(params);
      if (!names.length) return { pathShape: (p) => `${p}/${r.pick(JUNK_IDS)}` };
      params[r.pick(names)] = r.pick([...JUNK_IDS, "%2F", "..%2F..%2Fopenapi.json", "%E2%80%8F", `${params[names[0]]}%00`, params[names[0]].toUpperCase()]);
    },
  },
  {
    name: "path shape",
    apply: ({ r }) => ({
      pathShape: r.pick([
        (p) => `${p}/`,
        (p) => p.replace(/^\//, "//"),
        (p) => p.replace(/\/([^/]*)$/, "/./$1"),
        (p) => `${p}/..`,
        (p) => `${p}%00`,
        (p) => p.toUpperCase(),
        (p) => `${p}/${"x".repeat(5000)}`,
        (p) => `${p};jsessionid=1`,
      ]),
    }),
  },
  {
    name: "wrong method",
    apply: ({ c, r }) => ({ method: r.pick(METHODS.filter((m) => m !== c.method)) }),
  },
  {
    name: "junk query",
    apply: ({ query, r }) => {
      const q = query.map(([k, v]) => [k, v]);
      const which = r.int(6);
      if (which === 0 && q.length) q[r.int(q.length)][1] = r.pick(QUERY_JUNK);
      else if (which === 1) q.push(["lang", r.pick([...QUERY_JUNK, "xx", "EN", "en-US", "zh-Hant-TW", "ar-EG"])]);
      else if (which === 2) q.push(...r.pick([[["n", "-1"]], [["n", "1e999"]], [["n", "0"]], [["n", "999"]], [["n", "1.0"]], [["n", " 1"]]]));
      else if (which === 3) q.push([r.pick(["next", "back", "to", "redirect_uri", "return"]), r.pick(QUERY_JUNK.slice(-11))]);
      else if (which === 4 && q.length) q.push(...q.map(([k]) => [k, r.pick(QUERY_JUNK)]));
      else q.push([r.pick(["lang", "n", "code", "x"]), r.pick(RAW_QUERY), true]);
      return { query: q };
    },
  },
  {
    name: "huge or repeated query",
    apply: ({ query, r }) => {
      if (r.chance(0.5)) return { query: [...query, ["x", "y".repeat(r.pick([4000, 15000]))]] };
      const q = [...query];
      for (let i = 0; i < 200; i++) q.push([r.pick(["lang", "n", "a", "__proto__"]), String(i)]);
      return { query: q };
    },
  },
  {
    name: "junk form value",
    apply: ({ fields, files, json, r, fx }) => {
      if (json && typeof json === "object") {
        // One property of the JSON body (or a new one) set to a wrong or hostile value, or the whole body replaced.
        if (r.chance(0.15)) return { json: invalidValue(r) };
        const keys = Object.keys(json);
        const k = keys.length && r.chance(0.8) ? r.pick(keys) : r.pick(["extra", "__proto__", "constructor", "\ud800", ""]);
        return { json: { ...json, [k]: invalidValue(r) } };
      }
      if (files) {
        const f = files.map((p) => ({ ...p }));
        const text = f.filter((p) => !p.bytes);
        if (text.length && r.chance(0.5)) text[r.int(text.length)].value = junkText(r);
        else f[f.length - 1].filename = r.pick(["../../etc/passwd", "", "x".repeat(2000), "a\u0000.png", "\u202egnp.exe", 'q"uote.png']);
        return { files: f };
      }
      return { fields: junkFields(fields, r, fx) };
    },
  },
  {
    name: "repeated form fields",
    apply: ({ fields, r }) => {
      if (r.chance(0.3)) return { fields: [...fields, ...Array.from({ length: 5000 }, (_, i) => [`f${i % 50}`, String(i)])] };
      return { fields: [...fields, ...fields.map(([k, v]) => [k, r.chance(0.5) ? v : r.pick(QUERY_JUNK)])].sort(() => r.next() - 0.5) };
    },
  },
  {
    name: "malformed body",
    apply: ({ fields, r }) => {
      const base = formText(fields);
      const which = r.int(9);
      if (which === 0) return { body: `${base}&x=%zz&%E0%A4%A=1&y=%&=&&=x`, contentType: "application/x-www-form-urlencoded" };
      if (which === 1) return { body: `${base}&pad=${"a".repeat(2_000_000)}`, contentType: "application/x-www-form-urlencoded" };
      if (which === 2)
        return {
          body: base,
          contentType: r.pick([
            undefined,
            "text/plain",
            "application/json",
            "multipart/form-data",
            "multipart/form-data; boundary=",
            "application/x-www-form-urlencoded; charset=utf-16",
            "application/x-www-form-urlencoded, text/plain",
            "image/png",
          ]),
        };
      if (which === 3) return { body: r.pick(RAW_JSON), contentType: r.pick(["application/json", "application/x-www-form-urlencoded"]) };
      if (which === 4) return { body: Uint8Array.of(0xff, 0xfe, 0x80, 0x3d, 0xc0, 0xaf, 0x26, 0x00), contentType: "application/x-www-form-urlencoded" };
      if (which === 5) return { body: "", contentType: r.pick(["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) };
      if (which === 6) return { body: `${base}&lang=\u0000&csrf=\u0000`, contentType: "application/x-www-form-urlencoded" };
      if (which === 7) return { body: "x".repeat(2_000_000), contentType: r.pick(["application/json", "text/plain", "multipart/form-data; boundary=x"]) };
      return { body: JSON.stringify(invalidValue(r)), contentType: r.pick(["application/json", "application/x-www-form-urlencoded"]) };
    },
  },
  {
    name: "broken multipart",
    apply: ({ fields, files, r }) => {
      const parts = [...fields.map(([name, value]) => ({ name, value })), ...(files ?? [])];
      const good = multipartBytes(parts, "fuzzboundary");
      const which = r.int(7);
      if (which === 0) return { body: good, contentType: "multipart/form-data; boundary=otherboundary" };
      if (which === 1)
        return {
          body: good.subarray(0, Math.max(1, good.length - 20 - r.int(Math.min(good.length, 200)))),
          contentType: "multipart/form-data; boundary=fuzzboundary",
        };
      if (which === 2)
        return {
          body: good,
          contentType: r.pick([
            "multipart/form-data",
            'multipart/form-data; boundary="fuzzboundary"',
            `multipart/form-data; boundary=${"b".repeat(200)}`,
            "multipart/form-data; boundary=fuzzboundary; boundary=other",
            "multipart/form-data; charset=utf-8; boundary=fuzzboundary",
            "multipart/mixed; boundary=fuzzboundary",
          ]),
        };
      if (which === 3)
        return {
          body: multipartBytes(
            parts.filter((p) => !p.bytes),
            "fuzzboundary",
          ),
          contentType: "multipart/form-data; boundary=fuzzboundary",
        };
      if (which === 4)
        return {
          body: concatBytes([te.encode("--fuzzboundary\r\nContent-Type: text/plain\r\n\r\nno name\r\n"), good]),
          contentType: "multipart/form-data; boundary=fuzzboundary",
        };
      if (which === 5) {
        // The CSRF token (or any field) sent as a file, the file as text.
        const swapped = parts.map((p) =>
          p.bytes ? { name: p.name, value: "not a file" } : { name: p.name, filename: "f.txt", type: "text/plain", bytes: te.encode(p.value) },
        );
        return { body: multipartBytes(swapped, "fuzzboundary"), contentType: "multipart/form-data; boundary=fuzzboundary" };
      }
      return {
        body: multipartBytes(
          [
            ...parts.filter((p) => !p.bytes),
            {
              name: "file",
              filename: "x.png",
              type: "image/png",
              bytes: r.pick([new Uint8Array(0), te.encode("GIF89a not a png"), new Uint8Array(3_000_000)]),
            },
          ],
          "fuzzboundary",
        ),
        contentType: "multipart/form-data; boundary=fuzzboundary",
      };
    },
  },
  {
    name: "hostile file",
    apply: ({ files, raw, r, fx }) => {
      const f = r.pick(fx.hostileFiles);
      const type = r.chance(0.7) ? f.type : r.pick(["image/png", "image/jpeg", "application/pdf", "", "image/png; charset=binary"]);
      if (raw) return { raw: { type, bytes: f.bytes } };
      if (files) return { files: files.map((p) => (p.bytes ? { ...p, type, bytes: f.bytes, filename: r.pick([p.filename, "x.pdf", "x.png", "noext"]) } : p)) };
    },
  },
  {
    name: "junk cookie",
    apply: ({ cookies, r, fx }) => {
      const which = r.int(8);
      const out = cookies.filter(() => r.chance(0.5));
      if (which === 0)
        out.unshift(["__Host-es_session", r.pick(["", "zz", "0".repeat(64), "g".repeat(64), "x".repeat(10_000), "%zz", '"quoted"', "A".repeat(64)])]);
      else if (which === 1) out.push(["__Host-es_lang", r.pick(["xx", "EN", "ar;", "%E2%80%AE", "%zz", "he".repeat(500), "__proto__"])]);
      else if (which === 2) out.unshift(["__Host-es_csrf", r.pick(["", "zz", "0".repeat(32), "x".repeat(10_000)])]);
      else if (which === 3) out.unshift(["kiosk_key", r.pick(["", "mk_test_" + "0".repeat(48), "x".repeat(10_000), "Bearer%20x", "mk_live_%00", fx.apiKey])]);
      else if (which === 4) out.unshift(["kiosk_signer", r.pick(["", "0".repeat(64), "%zz", "x".repeat(5000), ...JUNK_IDS])]);
      else if (which === 5) out.push(["big", "c".repeat(10_000)]);
      else if (which === 6) out.push(...cookies, ...cookies);
      else out.push(["", "=;=;;"], ["no-equals", ""]);
      return { cookies: out };
    },
  },
  {
    name: "junk header",
    apply: ({ headers, r, fx }) => {
      const which = r.int(12);
      const h = [...headers];
      if (which === 11) {
        h.push(["content-encoding", r.pick(["gzip", "br", "deflate", "identity", "x-junk", "gzip, gzip"])]);
        return { headers: h };
      }
      if (which === 0) h.push(["x-fuzz", "v".repeat(r.pick([8_000, 60_000]))]);
      else if (which === 1) h.push(["accept-language", `${"xx-".repeat(3000)}en`]);
      else if (which === 2) h.push(["accept-language", r.pick(["*;q=NaN, de;q=1e999, ar-EG;q=-1", "he;q=0.5;q=0.9", ";;,,", "zh-Hant-TW-x-private", "q=1"])]);
      else if (which === 3) {
        const i = h.findIndex(([k]) => k === "cf-connecting-ip");
        h.splice(i, 1);
        if (r.chance(0.8))
          h.push(["cf-connecting-ip", r.pick(["not-an-ip", "999.1.1.1", "::ffff:zz", "1.2.3.4, 5.6.7.8", "", "x".repeat(5000), "2001:db8::1"])]);
      } else if (which === 4)
        h.push([
          "origin",
          r.pick(["null", "https://evil.example", "", "sign.example.test", `${fx.base}.evil.example`, fx.base.toUpperCase(), "http://sign.example.test"]),
        ]);
      else if (which === 5)
        h.push([
          "referer",
          r.pick([
            "not a url",
            "https://evil.example/app/documents",
            `${fx.base}/app/x?lang=%zz&back=//evil`,
            `${fx.base}/%ED%A0%80`,
            "/relative",
            `${fx.base}/app/documents?${"q=1&".repeat(2000)}`,
          ]),
        ]);
      else if (which === 6) h.push(["sec-fetch-site", r.pick(["cross-site", "same-site", "junk", ""])]);
      else if (which === 7) h.push(["accept", r.pick(["application/json", "*/*;q=junk", "text/html, application/json"])]);
      else if (which === 8) h.push(["if-none-match", r.pick(['"x"', "*", 'W/"1"', "x".repeat(5000)])]);
      else if (which === 9) h.push(["user-agent", r.pick(["x".repeat(20_000), "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X)", "Android", ""])]);
      else
        h.push([
          "authorization",
          r.pick(["Bearer", "Bearer ", "Basic Zm9vOmJhcg==", `Bearer ${"k".repeat(9000)}`, `Bearer ${fx.apiKey}`, `Bearer ${fx.operatorToken}`]),
        ]);
      return { headers: h };
    },
  },
  {
    name: "wrong credential",
    apply: ({ c, cookies, headers, fields, files, r, fx }) => {
      c.noWrite = true;
      const dropCookie = (name) => cookies.filter(([k]) => k !== name);
      const csrfless = fields.filter(([k]) => k !== "csrf");
      const filesCsrfless = files?.filter((p) => p.name !== "csrf") ?? null;
      switch (c.auth) {
        case "session":
        case "optional-session": {
          const which = r.int(7);
          if (which === 0) return { cookies: dropCookie("__Host-es_session") };
          if (which === 1) return { cookies: [["__Host-es_session", hex(r, 64)]] };
          if (which === 2 || c.method !== "POST") {
            c.sessionRole = "viewer";
            const s = fx.session("viewer");
            return { cookies: [["__Host-es_session", s.token]], fields: fields.map(([k, v]) => [k, k === "csrf" ? s.csrf : v]) };
          }
          if (which === 3) return { fields: csrfless, files: filesCsrfless };
          if (which === 4) return { fields: [...csrfless, ["csrf", r.pick([fx.session("viewer").csrf, "", hex(r, 48), "x".repeat(5000)])]] };
          if (which === 5) return { headers: [...headers, ["origin", r.pick(["https://evil.example", "null"])]] };
          return { headers: [...headers, ["sec-fetch-site", "cross-site"]] };
        }
        case "pre-csrf": {
          const which = r.int(3);
          if (which === 0) return { cookies: [] };
          if (which === 1) return { fields: [...csrfless, ["csrf", hex(r, 32)]] };
          return { headers: [...headers, ["origin", "https://evil.example"]] };
        }
        case "operator":
          return {
            headers: [
              ...headers.filter(([k]) => k !== "authorization"),
              ...r.pick([
                [],
                [["authorization", "Bearer wrong-token"]],
                [["authorization", `Basic ${fx.operatorToken}`]],
                [["authorization", `Bearer ${fx.apiKey}`]],
                [["authorization", `Bearer ${fx.operatorToken}x`]],
              ]),
            ],
          };
        case "kiosk":
        case "kiosk-signer": {
          const which = r.int(4);
          if (which === 0) return { cookies: [] };
          if (which === 1) return { cookies: [["kiosk_key", r.pick([fx.apiKey, fx.stoppedKioskKey, `mk_test_${hex(r, 48)}`])], ...dropCookie("kiosk_key")] };
          if (which === 2) return { cookies: [...dropCookie("kiosk_signer"), ["kiosk_signer", hex(r, 64)]] };
          return {
            headers: [
              ...headers,
              r.pick([
                ["origin", "https://evil.example"],
                ["sec-fetch-site", "cross-site"],
              ]),
            ],
          };
        }
        case "editor": {
          const which = r.int(4);
          const bare = headers.filter(([k]) => k !== "authorization");
          if (which === 0) return { headers: bare, cookies: [] };
          if (which === 1) return { headers: [...bare, ["authorization", `Bearer ${fx.apiKey}`]], cookies: [] };
          if (which === 2) {
            c.sessionRole = "viewer";
            return { headers: bare, cookies: [["__Host-es_session", fx.session("viewer").token]] };
          }
          return { headers: [...bare, ["origin", "https://evil.example"]], cookies: [["__Host-es_session", fx.session("owner").token]] };
        }
        case "twilio":
          c.twilio = r.pick(["unsigned", "bad signature"]);
          return;
        default:
          // No credential to get wrong: a session's cookie where none is needed.
          c.noWrite = false;
          return { cookies: [...cookies, ["__Host-es_session", hex(r, 64)]] };
      }
    },
  },
  {
    name: "other host",
    apply: ({ r, fx }) => ({
      origin: r.pick([
        `https://${fx.signingHost}`,
        `https://${fx.signingHost}`,
        "https://unknown-host.example",
        "http://sign.example.test",
        "https://SIGN.example.test",
      ]),
    }),
  },
];

export const MUTATION_NAMES = MUTATIONS.map((m) => m.name);

/** `n` cases, round-robin over the routes, 30% valid and 70% hostile. */
export function* pageCases(fx, { seed = 1, n = 300 } = {}) {
  const r = rng(seed);
  for (let i = 0; i < n; i++) {
    const rt = PAGE_ROUTES[i % PAGE_ROUTES.length];
    yield makePageCase(rt, fx, r, r.next() < 0.3 ? "valid" : "hostile");
  }
}

/**
 * What every answer must be. No 5xx, ever. A redirect goes to a path of this service (never
 * `//host` or another site; OAuth's answers go to the client's registered address). A 4xx of a
 * page is a page (text/html) or the router's error envelope (a path that does not exist, a wrong
 * method, a body past the limit); of a JSON route, the envelope `{error: {code, message, hint?}}`;
 * of the dashboard's upload scripts, a page or `{error: string}`.
 */
const ROUTER_CODES = ["not_found", "method_not_allowed", "too_large"];

/** A JSON-RPC 2.0 error answer: `{jsonrpc: "2.0", error: {code: integer, message}, id}`. */
function jsonRpcError(text) {
  try {
    const j = JSON.parse(text);
    return j?.jsonrpc === "2.0" && Number.isInteger(j.error?.code) && typeof j.error?.message === "string" && "id" in j;
  } catch {
    return false;
  }
}

export function judgePage(c, res, fx) {
  const problems = [];
  const { status, text, contentType, location } = res;
  if (status >= 500) problems.push(`${status}: ${text.slice(0, 300)}`);
  if (status >= 300 && status < 400 && status !== 304) {
    const loc = location ?? "";
    const local = /^\/(?![/\\])/.test(loc) || loc.startsWith(`${c.origin}/`);
    const client = c.family === "oauth" && fx.oauth.redirectUris.some((u) => loc.startsWith(u));
    if (!local && !client) problems.push(`${status} to ${JSON.stringify(loc.slice(0, 200))}: not a path of this service`);
  }
  if (status >= 400 && status < 500) {
    const html = contentType.includes("text/html");
    if (c.kind === "jsonrpc" && jsonRpcError(text)) {
      // The MCP transport's own refusals (a body that is not JSON-RPC, a wrong Accept) are JSON-RPC errors.
    } else if (c.kind === "json" || c.kind === "jsonrpc") problems.push(...judge({ opId: c.route, path: c.path }, status, text, contentType));
    else if (!html) {
      let j = null;
      try {
        j = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      const scriptShape = c.kind === "script" && j && typeof j.error === "string" && Object.keys(j).length === 1;
      if (!scriptShape) {
        const shape = judge({ opId: c.route, path: c.path }, status, text, contentType);
        if (shape.length) problems.push(...shape.map((p) => `not a page, and ${p}`));
        // Only the router itself answers a page's address with the envelope: no such path, a wrong method, a body past the limit.
        else if (c.kind === "page" && !ROUTER_CODES.includes(j.error.code))
          problems.push(`${status} ${j.error.code} as JSON where a page is due: ${text.slice(0, 200)}`);
      }
    }
  }
  return problems;
}
