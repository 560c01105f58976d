/** @jsxImportSource hono/jsx */
/** The dashboard's retention settings and a document's redaction form (docs/retention.md). */
import { Csrf, type Viewer } from "../frame";

export type RetentionValues = { completed_days: number | null; ended_days: number | null; minimum_days: number };

const days = (n: number | null) => (n === null ? "" : String(n));

export function RetentionView(p: { v: Viewer; r: RetentionValues }) {
  const t = p.v.t;
  return (
    <>
      <p>{t("rt_intro")}</p>
      <form method="post" action="/app/retention">
        <Csrf token={p.v.csrf} />
        <label for="completed-days">{t("rt_completed_days")}</label>
        <input id="completed-days" name="completed_days" type="number" min={1} max={36500} value={days(p.r.completed_days)} />
        <label for="ended-days">{t("rt_ended_days")}</label>
        <input id="ended-days" name="ended_days" type="number" min={1} max={36500} value={days(p.r.ended_days)} />
        <label for="minimum-days">{t("rt_minimum_days")}</label>
        <input id="minimum-days" name="minimum_days" type="number" min={0} max={36500} value={String(p.r.minimum_days)} required />
        <button type="submit">{t("rt_save")}</button>
      </form>
    </>
  );
}

/** On an ended document's page, for owners and admins: erase its personal data for good. */
export function RedactForm(p: { v: Viewer; documentId: string }) {
  const t = p.v.t;
  return (
    <form method="post" action={`/app/documents/${p.documentId}/redact`}>
      <h2>{t("rt_redact")}</h2>
      <Csrf token={p.v.csrf} />
      <p>{t("rt_redact_intro")}</p>
      <label for="redact-reason">{t("rt_redact_reason")}</label>
      <input id="redact-reason" name="reason" required maxlength={500} />
      <button type="submit" class="danger">
        {t("rt_redact_submit")}
      </button>
    </form>
  );
}
