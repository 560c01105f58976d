export type FuzzCase = {
  opId: string;
  mode: "valid" | "boundary" | "invalid" | "deep";
  method: string;
  path: string;
  headers: [string, string][];
  body: string | undefined;
  authKind: string;
  /** What the contract answers exactly, when it does (deep JSON). */
  expect?: { status: number; code: string; message: RegExp };
  /** A hostile PDF sent as a valid-family upload: it must be 422 with a message matching `expect`. */
  hostile?: HostilePdf;
};
export type HostilePdf = { name: string; expect: RegExp; body: string };
export function hostilePdfs(): Promise<HostilePdf[]>;
export type Operation = { id: string; method: string; path: string; scope: string | null; idem: boolean };
export function rng(seed: number): { next(): number; int(n: number): number; pick<T>(xs: T[]): T; chance(p: number): boolean };
export function operations(spec: unknown): Operation[];
export function cases(spec: unknown, fixture: unknown, opts?: { seed?: number; n?: number }): Generator<FuzzCase>;
export function deepCases(spec: unknown, fixture: unknown, opts?: { seed?: number }): Generator<FuzzCase>;
export function deepJson(levels: number, r: ReturnType<typeof rng>): string;
export const DEEP_LEVELS: number[];
export const WIDE_CSVS: { name: string; accepted: boolean; text: () => string }[];
export function judge(c: FuzzCase, status: number, text: string, contentType: string): string[];
export const NASTY_STRINGS: string[];
export const NASTY_NUMBERS: number[];
export const RAW_JSON: string[];
export const JUNK_IDS: string[];
export function encodeAny(v: string): string;
export function invalidValue(r: ReturnType<typeof rng>): unknown;
