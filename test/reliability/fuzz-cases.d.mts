export type FuzzCase = {
  opId: string;
  mode: "valid" | "boundary" | "invalid";
  method: string;
  path: string;
  headers: [string, string][];
  body: string | undefined;
  authKind: string;
};
export type Operation = { id: string; method: string; path: string; scope: string | null; idem: boolean };
export function rng(seed: number): { next(): number; int(n: number): number; pick<T>(xs: T[]): T; chance(p: number): boolean };
export function operations(spec: unknown): Operation[];
export function cases(spec: unknown, fixture: unknown, opts?: { seed?: number; n?: number }): Generator<FuzzCase>;
export function judge(c: FuzzCase, status: number, text: string, contentType: string): string[];
export const NASTY_STRINGS: string[];
