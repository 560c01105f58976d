/** Documents: the list, sending from a template, one document (reminders, fresh links, void) and its downloads. */
import { download } from "../../http/download";
import { ApiError } from "../../lib/errors";
import { type C, type Status, bad, ok, page, refusalOf, route, speech, tr, viewer, who } from "../kit";
import type { Child } from "hono/jsx";
import { ChooseTemplateView, DocumentView, DocumentsView, type DraftSend, SendView, SentView, rowsOf } from "./view";
import { sendOf, withOneMore } from "./send-form";
import { valuesOf } from "./values";
import { normaliseSigners, phonesForSigners } from "../../domain/send-signers";
import { type Flash, ShownOnce, ShownOnceSecret } from "../frame";
import { ListQuery, PrepareInput, SendInput, VoidInput, getDocument, listDocuments, prepareDocument, sendDocument, voidDocument } from "../../domain/documents";
import { type SealedKind, sealedFile } from "../../domain/evidence";
import { certificateRow } from "../../domain/certificates";
import { type SessionMember, principalOf } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";
import { brandOf, signingLink } from "../../domain/branding";
import { documentForAccount } from "../../db/evidence";
import { issueFreshLink, remindSigner } from "../../domain/signer-links";
import { CorrectCommand, correctSigner } from "../../domain/signer-changes";
import { latestPublished, listTemplates } from "../../domain/templates";
import { publicBaseUrl } from "../../lib/config";

export async function documentPage(c: C, s: SessionMember, id: string, opts: { flash?: Flash; status?: Status; once?: Child; send?: DraftSend } = {}) {
  const d = await getDocument(c.env, principalOf(s), id);
  const verificationCode = d.status === "completed" ? ((await certificateRow(c.env, d.document_id))?.verificationCode ?? null) : null;
  return page(c, s, d.title, [opts.once ?? null, DocumentView({ v: viewer(c, s), d, verificationCode, send: opts.send })], opts);
}

async function sealedDownload(c: C, s: SessionMember, kind: SealedKind) {
  const p = principalOf(s);
  const doc = await documentForAccount(c.env, c.req.param("id")!, p.tenantId, p.mode);
  if (!doc) throw new ApiError("not_found", "No such document in this account.");
  const file = await sealedFile(c.env, doc, kind, publicBaseUrl(c.env));
  return download(c, file.bytes, { type: "application/pdf", filename: file.filename });
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function documentRoutes() {
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

  route("POST", "/app/documents", "documents.write", async (c, s) => {
    const f = await formOf(c);
    const p = principalOf(s);
    const values = valuesOf(f, "value.");
    const more = withOneMore(f);
    if (more) {
      // "Add a signer", "Add a signing group" or "Add a member": the same form again with one more row and what was typed; nothing is made.
      const template = await latestPublished(c.env, p, f.template_code ?? "");
      return page(c, s, speech(c).t("doc_send"), SendView({ v: viewer(c, s), template, posted: more.posted as Record<string, string>, rows: more.rows }));
    }
    let documentId: string | null = null;
    try {
      const prep = parseForm(PrepareInput, { template_code: f.template_code ?? "", title: f.title || undefined, values, sequential: f.sequential === "true" });
      const send = parseForm(SendInput, sendOf(f));
      // The send rules (roles, witnesses, groups, phones) before anything is made: a refusal leaves no draft behind.
      normaliseSigners(send.signers, "en", await phonesForSigners(c.env.ASSETS, send.signers));
      documentId = (await prepareDocument(c.env, p, prep, who(c))).document_id;
      const { links } = await sendDocument(c.env, p, documentId, send.signers, who(c, s), {
        allowDelegation: send.allow_delegation,
        reauthenticate: send.reauthenticate,
      });
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

  route("GET", "/app/documents/:id", "read", async (c, s) => {
    const done = c.req.query("done");
    const flash =
      done === "voided" ? ok(tr(c)("nt_voided")) : done === "redacted" ? ok(tr(c)("nt_redacted")) : done === "reminded" ? ok(tr(c)("nt_reminded")) : null;
    return documentPage(c, s, c.req.param("id")!, { flash });
  });

  route("POST", "/app/documents/:id/send", "documents.write", async (c, s) => {
    const f = await formOf(c);
    const id = c.req.param("id")!;
    // "Add a signer", "Add a signing group" or "Add a member": the draft's page again with one more row and what was typed; nothing is sent.
    const more = withOneMore(f);
    if (more) return documentPage(c, s, id, { send: more });
    try {
      const send = parseForm(SendInput, sendOf(f));
      const { links } = await sendDocument(c.env, principalOf(s), id, send.signers, who(c, s), {
        allowDelegation: send.allow_delegation,
        reauthenticate: send.reauthenticate,
      });
      return page(c, s, speech(c).t("sd_doc_sent"), SentView({ t: speech(c).t, documentId: id, links, baseUrl: publicBaseUrl(c.env) }));
    } catch (err) {
      return documentPage(c, s, id, { ...refusalOf(err), send: { posted: f, rows: rowsOf(f) } });
    }
  });

  route("POST", "/app/documents/:id/void", "documents.write", async (c, s) => {
    const f = await formOf(c);
    const id = c.req.param("id")!;
    try {
      const { reason } = parseForm(VoidInput, { reason: f.reason ?? "" });
      await voidDocument(c.env, principalOf(s), id, reason, who(c, s));
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

  /** Corrects a pending signer before consent (the API's rule); their new link is shown once here. */
  route("POST", "/app/documents/:id/signers/:signer_id/correct", "documents.write", async (c, s) => {
    const f = await formOf(c);
    const id = c.req.param("id")!;
    try {
      const phone = (f.phone ?? "").trim();
      const input = parseForm(CorrectCommand, { full_name: f.full_name ?? "", email: (f.email ?? "").trim(), ...(phone ? { phone } : {}) });
      const r = await correctSigner(c.env, principalOf(s), id, c.req.param("signer_id")!, input, who(c));
      const once = ShownOnce({ title: tr(c)("cor_done"), note: tr(c)("cor_done_note"), children: ShownOnceSecret({ secret: r.url }) });
      return documentPage(c, s, id, { once });
    } catch (err) {
      return documentPage(c, s, id, refusalOf(err));
    }
  });

  route("GET", "/app/documents/:id/pdf", "read", (c, s) => sealedDownload(c, s, "pdf"));
  route("GET", "/app/documents/:id/bundle", "read", (c, s) => sealedDownload(c, s, "bundle"));
}
