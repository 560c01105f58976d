/**
 * Embedded editing's one-use link `/embed/{token}` (docs/embedding.md): its first open starts the
 * embedded session (src/domain/embed-sessions.ts) and goes to the one page it was made for;
 * an unknown, expired or used link is a 404 page. The token never leaves in a Referer.
 */
import { OpenPage } from "../frame";
import { bad, dashboard, html, pageNonce, speech, tr } from "../kit";
import { openEmbedLink } from "../../domain/embed-sessions";
import { setEmbedCookie } from "../../http/session";

export function embedRoutes() {
  dashboard.get("/embed/:token", async (c) => {
    const opened = await openEmbedLink(c.env, c.req.param("token"));
    if (!opened) {
      const t = tr(c);
      return html(c, OpenPage({ ...speech(c), nonce: pageNonce(c), title: t("nt_refused"), flash: bad(t("nt_embed_dead")) }), 404);
    }
    setEmbedCookie(c, opened.sessionToken);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(opened.start, 303);
  });
}
