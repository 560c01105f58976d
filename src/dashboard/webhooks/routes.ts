/** Webhook endpoints: add, ping, rotate the secret, deliveries and their replay. */
import { ApiError } from "../../lib/errors";
import { type C, type Status, ok, page, refusalOf, route, speech, tr, viewer } from "../kit";
import type { Child } from "hono/jsx";
import { type Flash, ShownOnce, ShownOnceSecret } from "../frame";
import { type SessionMember, principalOf } from "../../http/session";
import { formAll, formOf, parseForm } from "../../http/forms";
import { WebhookView, WebhooksView } from "./view";
import { WebhookAdd, addEndpoint, listDeliveries, listEndpoints, pingEndpoint, replayDelivery, rotateSecret } from "../../domain/webhook-endpoints";

async function webhooksPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string>; once?: Child } = {}) {
  const { endpoints } = await listEndpoints(c.env, principalOf(s));
  return page(c, s, speech(c).t("nav_webhooks"), [opts.once ?? null, WebhooksView({ v: viewer(c, s), endpoints, posted: opts.posted })], opts);
}

const secretOnce = (c: C, title: string, secret: string) => ShownOnce({ title, note: tr(c)("nt_secret_once"), children: ShownOnceSecret({ secret }) });

async function webhookPage(c: C, s: SessionMember, id: string, opts: { flash?: Flash; status?: Status; once?: Child } = {}) {
  const p = principalOf(s);
  const { deliveries } = await listDeliveries(c.env, p, id);
  const endpoint = (await listEndpoints(c.env, p)).endpoints.find((e) => e.id === id);
  if (!endpoint) throw new ApiError("not_found", "No such webhook endpoint in this account.");
  return page(
    c,
    s,
    tr(c)("nt_webhook_title", { name: endpoint.label || endpoint.url }),
    [opts.once ?? null, WebhookView({ v: viewer(c, s), endpoint, deliveries })],
    opts,
  );
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function webhookRoutes() {
  route("GET", "/app/webhooks", "webhooks.manage", (c, s) => webhooksPage(c, s));

  route("POST", "/app/webhooks", "webhooks.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      const events = await formAll(c, "events");
      const input = parseForm(WebhookAdd, { url: f.url ?? "", events, label: f.label || undefined });
      const r = await addEndpoint(c.env, principalOf(s), input);
      return webhooksPage(c, s, { once: secretOnce(c, tr(c)("nt_endpoint_added"), r.secret) });
    } catch (err) {
      return webhooksPage(c, s, { ...refusalOf(err), posted: f });
    }
  });

  route("GET", "/app/webhooks/:id", "webhooks.manage", (c, s) => webhookPage(c, s, c.req.param("id")!));

  route("POST", "/app/webhooks/:id/ping", "webhooks.manage", async (c, s) => {
    const id = c.req.param("id")!;
    const r = await pingEndpoint(c.env, principalOf(s), id);
    return webhookPage(c, s, id, { flash: ok(tr(c)("nt_ping_queued", { id: r.delivery_id })) });
  });

  route("POST", "/app/webhooks/:id/rotate", "webhooks.manage", async (c, s) => {
    const id = c.req.param("id")!;
    const r = await rotateSecret(c.env, principalOf(s), id);
    return webhookPage(c, s, id, { once: secretOnce(c, tr(c)("nt_secret_rotated"), r.secret) });
  });

  route("POST", "/app/webhooks/deliveries/:id/replay", "webhooks.manage", async (c, s) => {
    const f = await formOf(c);
    const endpoint = f.endpoint ?? "";
    try {
      const r = await replayDelivery(c.env, principalOf(s), c.req.param("id")!);
      if (!endpoint) return webhooksPage(c, s, { flash: ok(tr(c)("nt_replay_queued", { id: r.delivery_id })) });
      return webhookPage(c, s, endpoint, { flash: ok(tr(c)("nt_replay_queued", { id: r.delivery_id })) });
    } catch (err) {
      const r = refusalOf(err);
      return endpoint ? webhookPage(c, s, endpoint, r) : webhooksPage(c, s, r);
    }
  });
}
