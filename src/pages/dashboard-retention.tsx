/** The dashboard's retention settings and a document's redaction form (docs/retention.md). */
import { Csrf, type Viewer } from "./dashboard";

export type RetentionValues = { completed_days: number | null; ended_days: number | null; minimum_days: number };

const days = (n: number | null) => (n === null ? "" : String(n));

export function RetentionView(p: { v: Viewer; r: RetentionValues }) {
  return (
    <>
      <p>
        How long documents keep their signers' personal data. After that the service redacts them: names, email addresses, phone numbers, addresses, answers,
        signatures and the sealed files are erased; the fingerprints, the verification code and the trail's dates stay, so a signed copy can still be verified.
        Leave a box empty to keep personal data forever.
      </p>
      <form method="post" action="/app/retention">
        <Csrf token={p.v.csrf} />
        <label for="completed-days">Completed documents: days after completion</label>
        <input id="completed-days" name="completed_days" type="number" min={1} max={36500} value={days(p.r.completed_days)} />
        <label for="ended-days">Drafts, declined, voided and expired documents: days after they ended</label>
        <input id="ended-days" name="ended_days" type="number" min={1} max={36500} value={days(p.r.ended_days)} />
        <label for="minimum-days">Erasure requests keep completed documents for at least (days after completion)</label>
        <input id="minimum-days" name="minimum_days" type="number" min={0} max={36500} value={String(p.r.minimum_days)} required />
        <button type="submit">Save retention</button>
      </form>
    </>
  );
}

/** On an ended document's page, for owners and admins: erase its personal data for good. */
export function RedactForm(p: { v: Viewer; documentId: string }) {
  return (
    <form method="post" action={`/app/documents/${p.documentId}/redact`}>
      <h2>Redact</h2>
      <Csrf token={p.v.csrf} />
      <p>
        Erases the signers' personal data and deletes the sealed files for good. The fingerprints and the verification code stay, so a copy held elsewhere can
        still be verified. This cannot be undone.
      </p>
      <label for="redact-reason">Reason (kept on the trail; do not name the person)</label>
      <input id="redact-reason" name="reason" required maxlength={500} />
      <button type="submit" class="danger">
        Redact this document
      </button>
    </form>
  );
}
