/**
 * The signer's page's "Pass to someone else" post (`/s/{token}/delegate`, registered in
 * ./pages.ts): the same rules as `POST /v1/sign/{token}/delegate` (src/domain/signer-changes.ts).
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Key } from "../i18n";
import { pageHeaders } from "../http/page";
import { MessagePage } from "../pages/layout";
import { signPath } from "../pages/signing";
import type { DelegateErrors } from "../pages/delegate-form";
import { DelegateCommand, delegate } from "../domain/signer-changes";
import { type SignFace, dead, formPost, linkBrand, refusal, signPage } from "./pages";

type C = Context<AppEnv>;

/** The words for each input of the "Pass to someone else" form that did not validate. */
const DELEGATE_ERRORS = { full_name: "err_delegateName", email: "err_delegateEmail", reason: "err_delegateReason" } as const satisfies Record<string, Key>;

/** "Pass to someone else": the request goes to the person named (their link by email) and this link ends; a problem is shown in the form (422). */
export async function postDelegate(c: C, face: SignFace) {
  const { body, t, token, who, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  const posted = { full_name: (body.full_name ?? "").trim(), email: (body.email ?? "").trim(), reason: (body.reason ?? "").trim() };
  const parsed = DelegateCommand.safeParse(posted);
  const errors: DelegateErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const k = issue.path[0] as keyof typeof DELEGATE_ERRORS;
      if (k in DELEGATE_ERRORS) errors[k] = t(DELEGATE_ERRORS[k]);
    }
  } else {
    try {
      await delegate(c.env, token, parsed.data, who);
      const brand = await linkBrand(c, page);
      const nonce = pageHeaders(c, { frameAncestors: page.frameAncestors });
      const name = parsed.data.full_name;
      return c.html(
        MessagePage({
          t,
          nonce,
          brand,
          langHref: (l) => signPath(token, l),
          heading: t("delegatedTitle", { name }),
          lines: [t("delegatedBody", { name })],
          tone: "warn",
        }),
        200,
      );
    } catch (err) {
      const message = refusal(err);
      if (message.startsWith("email:")) errors.email = t("err_delegateTaken");
      else errors.form = message;
    }
  }
  return signPage(c, { t, token, page, base: face.base, footer: face.footer, errors: { delegate: errors }, posted: { delegate: posted } }, 422);
}
