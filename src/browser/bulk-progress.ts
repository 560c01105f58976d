/**
 * A bulk send's progress page (src/dashboard/bulk-sends/view.tsx): reads the send's progress every
 * 1.5 seconds and brings the counts, the bar and each row's status up to date, until it is done.
 * Without it the page shows the state it was drawn in, with a link to draw it again.
 */
import { byId } from "./dom";

type Row = { n: number; status: "queued" | "sent" | "failed"; document_id?: string; error?: string };
type Progress = { state: "queued" | "running" | "done"; total: number; sent: number; failed: number; finished_at: string | null; rows: Row[] };
type Words = { states: Record<string, string>; rows: Record<string, string>; progress: string; open: string };

const root = byId("bk");
const wordsEl = byId("bk-words");
if (root && wordsEl && typeof fetch === "function") {
  const words = JSON.parse(wordsEl.textContent ?? "{}") as Words;
  const url = root.getAttribute("data-progress") ?? "";
  const num = new Intl.NumberFormat(document.documentElement.lang || undefined);
  const set = (id: string, text: string) => {
    const el = byId(id);
    if (el && el.textContent !== text) el.textContent = text;
  };
  const seen = new Map<number, string>();
  const apply = (p: Progress) => {
    const done = p.sent + p.failed;
    set("bk-state", words.states[p.state] ?? p.state);
    byId("bk-state")?.setAttribute("data-status", p.state);
    set("bk-sent", num.format(p.sent));
    set("bk-failed", num.format(p.failed));
    const text = words.progress.replace("{done}", num.format(done)).replace("{total}", num.format(p.total));
    set("bk-progress-text", text);
    const bar = byId("bk-progress") as HTMLProgressElement | null;
    if (bar) {
      bar.value = done;
      bar.textContent = text;
    }
    for (const r of p.rows) {
      if (seen.get(r.n) === r.status) continue;
      seen.set(r.n, r.status);
      const status = root.querySelector(`[data-row-status="${r.n}"]`);
      if (status) {
        status.textContent = words.rows[r.status] ?? r.status;
        status.setAttribute("data-status", r.status);
      }
      const outcome = root.querySelector(`[data-row-outcome="${r.n}"]`);
      if (outcome && r.status !== "queued") {
        outcome.textContent = "";
        if (r.document_id) {
          const a = document.createElement("a");
          a.href = `/app/documents/${r.document_id}`;
          a.textContent = words.open;
          outcome.appendChild(a);
        } else outcome.textContent = r.error ?? "";
      }
    }
    if (p.state === "done") byId("bk-refresh")?.remove();
    return p.state === "done";
  };
  const tick = async () => {
    try {
      const res = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
      if (res.ok && apply((await res.json()) as Progress)) return;
    } catch {
      // Offline for a moment: try again at the next tick.
    }
    setTimeout(tick, 1500);
  };
  setTimeout(tick, 1500);
}
