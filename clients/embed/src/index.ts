/**
 * `<edge-sign-form>`: Edge Sign's signing page inside your page.
 *
 *   <script type="module">import "@edge-sign/embed";</script>
 *   <edge-sign-form src="https://sign.example.com/s/9f3b…"></edge-sign-form>
 *
 * `src` is the signer's link, or only its token with `host` set to the service's origin (or the
 * account's signing host). The element frames the signing page, sizes the frame to the page's
 * content as it changes, and emits DOM CustomEvents `loaded`, `signed`, `declined` and
 * `completed` (bubbling, composed) whose `detail` is what the page said: `document_id` (or
 * `envelope_id`), `signer_id`, `document_status`.
 *
 * The signing page talks only to origins the account allows to frame it (its `frame_ancestors`,
 * set by the operator), and this element listens only to its own frame and the link's origin.
 * Treat an event as a hint: confirm with the API (GET /v1/documents/{id}) or a webhook.
 */

export const EVENT_TYPES = ["loaded", "signed", "declined", "completed"] as const;
export type EdgeSignEventType = (typeof EVENT_TYPES)[number];

/** What the signing page says with each event. */
export interface EdgeSignEventDetail {
  type: EdgeSignEventType;
  document_id?: string | null;
  envelope_id?: string | null;
  signer_id: string | null;
  document_status: string | null;
}

export type EdgeSignEvent = CustomEvent<EdgeSignEventDetail>;

/** The signing page's address for a `src` (a link, or a token with `host`), or null when it is neither. */
export function signingUrl(src: string | null, host?: string | null): URL | null {
  const s = (src ?? "").trim();
  if (!s) return null;
  if (/^[0-9a-f]{64}$/i.test(s)) {
    if (!host) return null;
    try {
      return new URL(`/s/${s}`, host);
    } catch {
      return null;
    }
  }
  try {
    const u = new URL(s, host ?? undefined);
    return u.protocol === "https:" || u.protocol === "http:" ? u : null;
  } catch {
    return null;
  }
}

const isEventType = (t: unknown): t is EdgeSignEventType => typeof t === "string" && (EVENT_TYPES as readonly string[]).includes(t);

/** The least height before the page has said its own. */
const FIRST_HEIGHT = 480;

// Node and server-side rendering have no HTMLElement: the class is then never defined as an element.
const Base: typeof HTMLElement = typeof HTMLElement === "undefined" ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

export class EdgeSignFormElement extends Base {
  static get observedAttributes() {
    return ["src", "host", "title"];
  }

  #frame: HTMLIFrameElement | null = null;
  #origin: string | null = null;
  #height = FIRST_HEIGHT;

  get src(): string {
    return this.getAttribute("src") ?? "";
  }
  set src(v: string) {
    this.setAttribute("src", v);
  }
  get host(): string {
    return this.getAttribute("host") ?? "";
  }
  set host(v: string) {
    this.setAttribute("host", v);
  }
  /** The frame's height in CSS pixels, as the page last said. */
  get height(): number {
    return this.#height;
  }

  connectedCallback(): void {
    if (!this.#frame) {
      const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
      // Styles through the CSSOM only: a partner's strict Content-Security-Policy allows them (a <style> it would not).
      if (!this.style.display) this.style.display = "block";
      const f = document.createElement("iframe");
      f.setAttribute("part", "frame");
      Object.assign(f.style, { display: "block", width: "100%", border: "0", height: `${this.#height}px` });
      this.#frame = f;
      root.append(f);
    }
    window.addEventListener("message", this.#onMessage);
    this.#load();
  }

  disconnectedCallback(): void {
    window.removeEventListener("message", this.#onMessage);
  }

  attributeChangedCallback(name: string, old: string | null, now: string | null): void {
    if (!this.#frame || old === now) return;
    if (name === "title") this.#frame.title = now || "Signing";
    else this.#load();
  }

  #load(): void {
    const frame = this.#frame;
    if (!frame) return;
    frame.title = this.getAttribute("title") || "Signing";
    const url = signingUrl(this.getAttribute("src"), this.getAttribute("host"));
    this.#origin = url ? url.origin : null;
    const next = url ? url.href : "about:blank";
    if (frame.getAttribute("src") !== next) frame.setAttribute("src", next);
  }

  #onMessage = (e: MessageEvent): void => {
    const frame = this.#frame;
    if (!frame || e.source !== frame.contentWindow || e.origin !== this.#origin) return;
    const d = e.data as Record<string, unknown> | null;
    if (!d || typeof d !== "object" || d.source !== "edge-sign") return;
    if (d.type === "height") {
      const h = Number(d.height);
      if (Number.isFinite(h) && h > 0 && h < 100_000) {
        this.#height = Math.ceil(h);
        frame.style.height = `${this.#height}px`;
      }
      return;
    }
    if (!isEventType(d.type)) return;
    const detail: EdgeSignEventDetail = {
      type: d.type,
      signer_id: typeof d.signer_id === "string" ? d.signer_id : null,
      document_status: typeof d.document_status === "string" ? d.document_status : null,
      ...(typeof d.envelope_id === "string" ? { envelope_id: d.envelope_id } : { document_id: typeof d.document_id === "string" ? d.document_id : null }),
    };
    this.dispatchEvent(new CustomEvent<EdgeSignEventDetail>(d.type, { detail, bubbles: true, composed: true }));
  };
}

/** Defines the element (once; `name` defaults to `edge-sign-form`). Called on import where there is a DOM. */
export function defineEdgeSignForm(name = "edge-sign-form"): void {
  if (typeof customElements === "undefined" || customElements.get(name)) return;
  customElements.define(name, name === "edge-sign-form" ? EdgeSignFormElement : class extends EdgeSignFormElement {});
}

defineEdgeSignForm();

declare global {
  interface HTMLElementTagNameMap {
    "edge-sign-form": EdgeSignFormElement;
  }
}
