import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeTenant, ops } from "./helpers";
import { page, select } from "./pages-helpers";
import { deliverLink, sentDocument } from "./signing-helpers";

/** A document whose one signer needs an email code, with the link emailed by the service. */
async function codeDocument(locale: "en" | "es" | "fr" | "de" = "en") {
  const t = await makeTenant();
  const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace", auth: "email_otp" }] });
  const link = links[0]!;
  await deliverLink(t.tenantId, id, link, locale);
  return { t, id, token: link.token, signerId: link.signer_id };
}

async function outboxCode(tenantId: string, documentId: string) {
  await env.MESSAGE_QUEUE.getByName(tenantId).idle();
  const out = await ops("GET", `/outbox?document_id=${documentId}`);
  return (out.json.messages as { purpose: string; code: string }[]).find((m) => m.purpose === "signing.code")!.code;
}

describe("the signing page's code step (no JavaScript)", () => {
  it("asks for a code before consent, sends it, takes it, then shows consent", async () => {
    const { t, id, token } = await codeDocument();
    const first = await page("GET", `/s/${token}?lang=en`);
    expect(first.status).toBe(200);
    expect(first.text).toContain("First, confirm it is you");
    expect(await select(first.text, `form[action="/s/${token}/consent"]`)).toEqual([]);
    expect((await select(first.text, 'input[name="code"]'))[0]!.attrs).toMatchObject({ autocomplete: "one-time-code", inputmode: "numeric", id: "otp" });
    expect(await select(first.text, 'label[for="otp"]')).toHaveLength(1);

    const sent = await page("POST", `/s/${token}/code`, { form: { lang: "en" } });
    expect(sent.status).toBe(303);
    const to = sent.headers.get("location")!;
    expect(to).toMatch(new RegExp(`^/s/${token}\\?lang=en&sent=email&to=`));
    const after = await page("GET", to);
    expect(after.text).toContain("We sent a code by email to a•••@example.com.");

    const soon = await page("POST", `/s/${token}/code`, { form: { lang: "en" } });
    expect(soon.status).toBe(429);
    expect(soon.text).toContain("A code can be sent once a minute");

    const code = await outboxCode(t.tenantId, id);
    const wrong = await page("POST", `/s/${token}/verify`, { form: { lang: "en", code: code === "000000" ? "111111" : "000000" } });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain("That code is not right. Tries left: 4.");
    const box = await select(wrong.text, "#otp");
    expect(box[0]!.attrs["aria-invalid"]).toBe("true");
    expect(box[0]!.attrs["aria-describedby"]).toContain("otp-error");

    const ok = await page("POST", `/s/${token}/verify`, { form: { lang: "en", code } });
    expect(ok.status).toBe(303);
    const next = await page("GET", `/s/${token}?lang=en`);
    expect(next.text).not.toContain("First, confirm it is you");
    expect(next.text).toContain("You confirmed a one-time code on");
    expect(await select(next.text, `form[action="/s/${token}/consent"]`)).toHaveLength(1);
  });

  it("speaks the page's language", async () => {
    const words = { es: "Primero, confirme que es usted", fr: "D'abord, confirmez que c'est bien vous", de: "Zuerst bestätigen, dass Sie es sind" } as const;
    for (const [lang, heading] of Object.entries(words)) {
      const { token } = await codeDocument(lang as "es");
      const p = await page("GET", `/s/${token}?lang=${lang}`);
      expect(p.text.replace(/&#39;/g, "'"), lang).toContain(heading);
    }
  });

  it("a signer who needs no code sees no code step", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { signers: [{ email: "bob@example.com", full_name: "Bob" }] });
    const p = await page("GET", `/s/${links[0]!.token}?lang=en`);
    expect(p.text).not.toContain("First, confirm it is you");
    expect(p.text).toContain("Step 1 of 2");
  });
});
