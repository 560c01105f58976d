/**
 * The signer's page's way to the trust service provider (level `aes`/`qes`; docs/evidence.md):
 * `POST /s/{token}/provider` (registered in ./pages.ts) starts the provider step and answers 303
 * to its authorize page, so the page's form works without JavaScript; a refusal, and the
 * provider's way back when nothing was signed, are the failure page with a retry.
 */
import { phonesForAnswers } from "../domain/field-values";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { T } from "../i18n";
import { pageHeaders } from "../http/page";
import { ProviderFailedPage } from "../pages/provider-signing";
import { providerOrigin, startProviderSigning } from "../domain/qualified-signatures";
import { type SignFace, dead, formPost, refusal, signPage } from "./pages";
import { dropHiddenAnswers, placeAnswerProblems, postedAnswers } from "./pages-answers";
import { readLinkForPage } from "../domain/signing";
import { isSignatureField, type SignErrors } from "../pages/signing";

type C = Context<AppEnv>;

/** The CSP `form-action` targets of a page whose form leads (by a 303) to the provider. */
export const providerFormTargets = (c: C) => {
  const origin = providerOrigin(c.env);
  return origin ? [origin] : [];
};

/** Nothing was signed: why, and a retry (the signer stays pending). */
export function providerFailed(c: C, t: T, token: string, message: string) {
  const nonce = pageHeaders(c, { formTargets: providerFormTargets(c) });
  c.header("cache-control", "no-store");
  return c.html(ProviderFailedPage({ t, nonce, token, message }), 422);
}

/**
 * Checks the signer's answers posted with the provider form as signing checks them; then starts
 * the provider step (the answers stored with it) and sends the signer there. A problem: the page
 * again, each beside its field, nothing stored.
 */
export async function postProvider(c: C, face: SignFace) {
  const { body, t, token, who, page } = await formPost(c, face);
  if (!page) return dead(c, t);
  if (page.level === "ses") return c.redirect(`${face.base}?lang=${t.lang}`, 303);
  // The failure page's retry posts no answers: the ones on file are checked again by the sequencer.
  if (body.retry === "1") {
    try {
      return c.redirect((await startProviderSigning(c.env, token, t.lang)).url, 303);
    } catch (err) {
      return providerFailed(c, t, token, refusal(err));
    }
  }
  const posted = postedAnswers(page, body);
  const name = page.read.full_name ?? "";
  const phones = await phonesForAnswers(c.env.ASSETS, posted.fields, posted.answers);
  dropHiddenAnswers(posted.fields, posted.stored, posted.answers, name, phones);
  const errors: SignErrors = { fields: {} };
  placeAnswerProblems(t, errors, posted, phones);
  if (Object.keys(errors.fields!).length === 0) {
    // The signature field's answer is the signer's name (the sequencer sets it): not posted.
    const answers = Object.fromEntries(Object.entries(posted.answers).filter(([k]) => !posted.fields.some((f) => f.key === k && isSignatureField(f))));
    try {
      const { url } = await startProviderSigning(c.env, token, t.lang, answers);
      return c.redirect(url, 303);
    } catch (err) {
      return providerFailed(c, t, token, refusal(err));
    }
  }
  const again = (await readLinkForPage(c.env, token, who)) ?? page;
  return signPage(c, { t, token, page: again, base: face.base, footer: face.footer, errors, posted: { values: posted.values } }, 422);
}
