/**
 * The Worker's requests, by route group. Every address belongs to exactly one group (`groupOf`);
 * a group (src/groups/) is a router with the cross-cutting rules (request id, body limit, the
 * single error handler, 404 / 405) and its routes, loaded the first time an isolate serves one of
 * its addresses. So an isolate starts without building any route, and one that serves only
 * signers never builds the dashboard, the operator API or the rest of the API.
 */
import type { RouterRoute } from "hono/types";
import { getPath } from "hono/utils/url";
import type { Group } from "./groups/group";

export const GROUPS = {
  signer: () => import("./groups/signer"),
  dashboard: () => import("./groups/dashboard"),
  ops: () => import("./groups/ops"),
  api: () => import("./groups/api"),
} satisfies Record<string, () => Promise<{ default: Group }>>;
export type GroupName = keyof typeof GROUPS;

const SIGNER = /^\/(?:s|t|f|brand)\/|^\/t$|^\/verify(?:\/|$)|^\/v1\/(?:sign|verify)\//;
const DASHBOARD = /^\/(?:app|embed)(?:\/|$)/;
const OPS = /^\/ops(?:\/|$)/;

/** The group serving an address (as Hono routes it: the path, percent-decoded). */
export function groupOf(path: string): GroupName {
  if (SIGNER.test(path)) return "signer";
  if (DASHBOARD.test(path)) return "dashboard";
  if (OPS.test(path)) return "ops";
  return "api";
}

const loaded = new Map<GroupName, Promise<Group>>();
/** A group's router, loaded once per isolate (a failed load is tried again by the next request). */
export function loadGroup(name: GroupName): Promise<Group> {
  let p = loaded.get(name);
  if (!p) {
    p = GROUPS[name]().then((m) => m.default);
    p.catch(() => loaded.delete(name));
    loaded.set(name, p);
  }
  return p;
}

type Bindings = Parameters<Group["fetch"]>[1];
type Ctx = Parameters<Group["fetch"]>[2];

export const app = {
  async fetch(req: Request, env?: Bindings, ctx?: Ctx): Promise<Response> {
    return (await loadGroup(groupOf(getPath(req)))).fetch(req, env, ctx);
  },
  /** Like Hono's `app.request`: a path alone is asked of http://localhost. */
  request(input: string | Request, init?: RequestInit, env?: Bindings, ctx?: Ctx): Promise<Response> {
    const req =
      input instanceof Request ? (init ? new Request(input, init) : input) : new Request(/^https?:\/\//.test(input) ? input : `http://localhost${input}`, init);
    return app.fetch(req, env, ctx);
  },
};

/** Every route the service serves, each from the group its address belongs to. */
export async function everyRoute(): Promise<RouterRoute[]> {
  const out: RouterRoute[] = [];
  for (const name of Object.keys(GROUPS) as GroupName[]) {
    for (const r of (await loadGroup(name)).routes) if (groupOf(r.path) === name) out.push(r);
  }
  return out;
}
