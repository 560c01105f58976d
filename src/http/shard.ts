/**
 * Which database a request works on, when accounts are spread over several (`SHARDS` > 1;
 * docs/scale.md, "Past one database"). Before any route runs, the request's account is found from
 * what it carries, in one directory lookup, and `c.env` becomes the env of that account's shard, so
 * every route, query and Durable Object call after it works there:
 *
 * - a key (`Authorization: Bearer mk_…`, an OAuth access token too, a tablet's key cookie): by its SHA-256;
 * - a dashboard session cookie: by its SHA-256;
 * - a signing link (`/v1/sign/{token}…`, `/s/{token}…`): by the token's SHA-256;
 * - a verification code (`/v1/verify/{code}`, `/verify/{code}`);
 * - a public form (`/f/{public_slug}`);
 * - an embedded editor's link (`/embed/{token}`) and its session cookie;
 * - the account named in the path (`/ops/v1/tenants/{id}…`, `/brand/{tenant_id}/…`).
 *
 * A request that names no account (sign-up, sign-in, the operator's lists) stays on shard 0, the
 * directory's database; routes that span accounts go over every shard themselves. While an account
 * moves, its writes answer 503 with `Retry-After`; its reads go on from where it was.
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { type KeyKind, type Placement, accountOfKey, placementOf, shardCount } from "../db/shards";
import { onShard } from "../db/shard-env";
import type { AppEnv } from "../env";
import { sha256Hex } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { normaliseVerificationCode } from "../lib/verification-code";
import { EMBED_COOKIE, KIOSK_KEY_COOKIE, SESSION_COOKIE } from "./session";

/** Seconds a write to a moving account is told to wait. */
export const MOVE_RETRY_AFTER_S = 5;

const HEX64 = /^[0-9a-f]{64}$/;
const BEARER = /^Bearer\s+(\S+)$/i;
const KEY = /^mk_(?:test|live)_[0-9a-f]{48}$/;
const TENANT_IN_PATH = /^\/(?:ops\/v1\/tenants|brand)\/([^/]+)/;
const LINK_IN_PATH = /^\/(?:v1\/sign|s)\/([0-9a-f]{64})(?:\/|$)/;
const CODE_IN_PATH = /^\/(?:v1\/)?verify\/([^/]+)$/;
const FORM_IN_PATH = /^\/f\/([^/]+)$/;
const EMBED_IN_PATH = /^\/embed\/([0-9a-f]{64})$/;

/** A path segment as written, or null when it is not valid percent-encoding (then it names nothing). */
function segment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The account a request names, by what it carries (see above), or null. */
async function accountOf(c: Context<AppEnv>): Promise<Placement | null> {
  const path = c.req.path;
  const tenant = segment(TENANT_IN_PATH.exec(path)?.[1] ?? "");
  if (tenant) return placementOf(c.env, tenant);
  const bearer = BEARER.exec(c.req.header("authorization") ?? "")?.[1] ?? getCookie(c, KIOSK_KEY_COOKIE);
  const keyed = async (kind: KeyKind, secret: string) => accountOfKey(c.env, kind, await sha256Hex(secret));
  if (bearer && KEY.test(bearer)) return keyed("key", bearer);
  const link = LINK_IN_PATH.exec(path);
  if (link) return keyed("sign", link[1]!);
  const code = segment(CODE_IN_PATH.exec(path)?.[1] ?? "");
  const normal = code && normaliseVerificationCode(code);
  if (normal) return accountOfKey(c.env, "code", normal);
  const form = segment(FORM_IN_PATH.exec(path)?.[1] ?? "");
  if (form) return accountOfKey(c.env, "form", form);
  const embed = EMBED_IN_PATH.exec(path);
  if (embed) return keyed("embed", embed[1]!);
  const session = getCookie(c, SESSION_COOKIE);
  if (session && HEX64.test(session)) return keyed("session", session);
  const embedded = getCookie(c, EMBED_COOKIE);
  if (embedded && HEX64.test(embedded)) return keyed("embed_session", embedded);
  return null;
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export const accountShard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (shardCount(c.env) === 1) return next();
  const placement = await accountOf(c);
  if (placement) {
    if (placement.movingTo !== null && !READS.has(c.req.method)) {
      throw new ApiError(
        "unavailable",
        "This account is moving to another database; its changes resume in a few seconds.",
        "Send the request again after Retry-After seconds.",
        {
          "Retry-After": String(MOVE_RETRY_AFTER_S),
        },
      );
    }
    c.env = onShard(c.env, placement.shard);
  }
  await next();
};
