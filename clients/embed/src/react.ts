/**
 * `EdgeSignForm`: the `<edge-sign-form>` web component as a React component (React 18 or 19, a
 * peer dependency).
 *
 *   import { EdgeSignForm } from "@edge-sign/embed/react";
 *   <EdgeSignForm src={link} onSigned={(d) => confirm(d.document_id)} onCompleted={…} />
 *
 * The callbacks get the event's `detail` (`document_id` or `envelope_id`, `signer_id`,
 * `document_status`). Rendered on a server it is the bare element; the browser upgrades it.
 */
import { createElement, useEffect, useRef } from "react";
import { type EdgeSignEventDetail, type EdgeSignEventType, defineEdgeSignForm } from "./index.js";

export type { EdgeSignEventDetail, EdgeSignEventType };

export interface EdgeSignFormProps {
  /** The signer's link, or its token with `host`. */
  src: string;
  /** The service's origin (or the account's signing host) when `src` is a token. */
  host?: string;
  /** The frame's accessible name (default "Signing"). */
  title?: string;
  className?: string;
  style?: Record<string, string | number>;
  id?: string;
  onLoaded?: (detail: EdgeSignEventDetail) => void;
  onSigned?: (detail: EdgeSignEventDetail) => void;
  onDeclined?: (detail: EdgeSignEventDetail) => void;
  onCompleted?: (detail: EdgeSignEventDetail) => void;
}

/**
 * What React renders: a React element's shape, declared here so that these types need no React
 * types installed, and assignable to React's own `ReactElement` (18 and 19) where they are.
 */
export interface EdgeSignFormElementNode {
  // biome-ignore lint/suspicious/noExplicitAny: React's ReactElement types these as its own; any keeps this assignable to both versions.
  type: any;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  props: any;
  key: string | null;
}

export function EdgeSignForm(props: EdgeSignFormProps): EdgeSignFormElementNode {
  const ref = useRef<HTMLElement | null>(null);
  const handlers = useRef(props);
  handlers.current = props;
  useEffect(() => {
    defineEdgeSignForm();
    const el = ref.current;
    if (!el) return undefined;
    const on = {
      loaded: () => handlers.current.onLoaded,
      signed: () => handlers.current.onSigned,
      declined: () => handlers.current.onDeclined,
      completed: () => handlers.current.onCompleted,
    } as const;
    const listeners = (Object.keys(on) as EdgeSignEventType[]).map((type) => {
      const listener = (e: Event) => on[type]()?.((e as CustomEvent<EdgeSignEventDetail>).detail);
      el.addEventListener(type, listener);
      return [type, listener] as const;
    });
    return () => {
      for (const [type, listener] of listeners) el.removeEventListener(type, listener);
    };
  }, []);
  return createElement("edge-sign-form", {
    ref,
    src: props.src,
    host: props.host,
    title: props.title,
    id: props.id,
    className: props.className,
    style: props.style,
  }) as EdgeSignFormElementNode;
}
