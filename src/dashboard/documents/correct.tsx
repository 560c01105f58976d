/** @jsxImportSource hono/jsx */
/**
 * "Correct a signer" on a sent document's page: for each pending signer who has not consented, a
 * form with their name and email (and a new phone, if any) posting to
 * `/app/documents/{id}/signers/{signer_id}/correct` (PATCH /v1/documents/{id}/signers/{signer_id}'s
 * rule). The new link is shown once after the change; the earlier link stops working.
 */
import { Csrf, type Viewer } from "../frame";
import type { getDocument } from "../../domain/documents";

type Doc = Awaited<ReturnType<typeof getDocument>>;
type Signer = Doc["signers"][number];

/** The signers the rules let the sender correct: pending, not consented, not passed on to someone else. */
export const correctable = (d: Doc) => (d.status === "sent" ? d.signers.filter((s) => s.status === "pending" && !s.consented_at && !s.delegated_to) : []);

function CorrectForm({ v, documentId, s }: { v: Viewer; documentId: string; s: Signer }) {
  const t = v.t;
  const id = (what: string) => `correct-${s.signer_id}-${what}`;
  return (
    <details>
      <summary>{t("cor_summary", { name: s.full_name })}</summary>
      <form method="post" action={`/app/documents/${documentId}/signers/${s.signer_id}/correct`}>
        <Csrf token={v.csrf} />
        <label for={id("name")}>{t("cor_name")}</label>
        <input id={id("name")} name="full_name" value={s.full_name} required maxlength={200} autocomplete="off" />
        <label for={id("email")}>{t("cor_email")}</label>
        <input id={id("email")} name="email" type="email" value={s.email} required maxlength={254} autocomplete="off" />
        <label for={id("phone")}>{t("cor_phone")}</label>
        <span class="hint" id={id("phone-hint")}>
          {t("cor_phone_hint")}
        </span>
        <input id={id("phone")} name="phone" type="tel" maxlength={20} autocomplete="off" aria-describedby={id("phone-hint")} />
        <button type="submit">{t("cor_button")}</button>
      </form>
    </details>
  );
}

export function CorrectSigners({ v, d }: { v: Viewer; d: Doc }) {
  const signers = correctable(d);
  if (signers.length === 0) return null;
  return (
    <section aria-labelledby="correct-heading">
      <h2 id="correct-heading">{v.t("cor_heading")}</h2>
      <p class="hint">{v.t("cor_intro")}</p>
      {signers.map((s) => (
        <CorrectForm v={v} documentId={d.document_id} s={s} />
      ))}
    </section>
  );
}
