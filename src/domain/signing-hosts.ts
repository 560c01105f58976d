/**
 * Signing hosts on arrival: which account a request's host belongs to. Apart from the branding
 * rules (src/domain/branding.ts, which saves the hosts) so that every request's check of its host
 * loads only this.
 */
import { findOnShards } from "../db/shards";
import { tenantOfSigningHost } from "../db/branding";
import type { Env } from "../env";
import { publicBaseUrl } from "../lib/config";

/** Hosts named by a saved brand, remembered per isolate for a short while (see `accountOfHost`). */
const HOST_CACHE_MS = 30_000;
const hostCache = new Map<string, { tenantId: string | null; until: number }>();

/** After a brand is saved: every host is asked again. */
export function forgetSigningHosts(): void {
  hostCache.clear();
}

/**
 * The account a request's host belongs to as its signing host, or null for any other host. The
 * service's own host is never a signing host (no lookup). Remembered for 30 seconds per isolate
 * (cleared by every save: `forgetSigningHosts`), so a host newly set or removed takes effect everywhere within that.
 */
export async function accountOfHost(env: Env, host: string): Promise<string | null> {
  const h = host.toLowerCase();
  if (h === new URL(publicBaseUrl(env)).hostname) return null;
  const hit = hostCache.get(h);
  if (hit && hit.until > Date.now()) return hit.tenantId;
  const tenantId = (await findOnShards(env, async (e) => (await tenantOfSigningHost(e, h)) ?? undefined))?.found ?? null;
  if (hostCache.size > 1000) hostCache.clear();
  hostCache.set(h, { tenantId, until: Date.now() + HOST_CACHE_MS });
  return tenantId;
}
