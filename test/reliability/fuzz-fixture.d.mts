export const SCOPES: string[];
type Call = (
  method: string,
  path: string,
  init?: { key?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<{ status: number; json: Record<string, unknown> | null }>;
export type Fixture = {
  tenantId: string;
  templateCode: string;
  revokedKey: string;
  keyFor(scope: string): string;
  keyWithout(scope: string): string;
  hookUrl(p: string): string;
  ids: Record<string, string[]>;
  /** Set by the caller: valid-family PDF uploads send these in turn (test/reliability/fuzz-cases.mjs). */
  hostilePdfs?: { name: string; expect: RegExp; body: string }[];
};
export function buildFixture(call: Call, opts: { operatorToken: string; hookUrl: (p: string) => string; keys?: number }): Promise<Fixture>;
export function tableCounts(db: D1Database): Promise<Record<string, number>>;
export function objectCount(bucket: R2Bucket): Promise<number>;
export function storesSnapshot(db: D1Database, bucket: R2Bucket): Promise<{ rows: Record<string, number>; objects: number }>;
export function untilStill(db: D1Database, bucket: R2Bucket): Promise<void>;
export function diffCounts(a: Record<string, number>, b: Record<string, number>): Record<string, [number, number]>;
