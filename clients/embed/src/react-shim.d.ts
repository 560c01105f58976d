/**
 * The little of React the wrapper uses, declared here so that building this package needs no
 * React types (React is a peer dependency; the built react.d.ts names none of its types).
 */
declare module "react" {
  export function createElement(type: string, props: Record<string, unknown> | null, ...children: unknown[]): unknown;
  export function useEffect(effect: () => undefined | (() => void), deps?: readonly unknown[]): void;
  export function useRef<T>(initial: T): { current: T };
}
