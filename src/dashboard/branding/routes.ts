/** Branding: colours, texts, the signing host and the brand pictures. */
import {
  BRAND_PICTURES,
  BrandingInput,
  type BrandPicture,
  brandOf,
  brandingView,
  pictureTooLarge,
  saveBrandPicture,
  saveBranding,
} from "../../domain/branding";
import { BRAND_PICTURE_LIMITS } from "../../lib/image";
import { BrandingPageView } from "./view";
import { type C, type Status, dashboard, ok, page, refusalOf, route, tr, viewer } from "../kit";
import type { Flash } from "../frame";
import { type SessionMember, actorOf } from "../../http/session";
import { formFile, formOf, parseForm } from "../../http/forms";
import { uploadLimitOf } from "../../http/body-limit";
import { invalid } from "../../lib/errors";

async function brandingPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string> } = {}) {
  const b = await brandOf(c.env, s.tenantId);
  const worn = { logo: b.logoPath, logoDark: b.logoDarkPath, opening: b.openingPath };
  return page(c, s, tr(c)("nav_branding"), BrandingPageView({ v: viewer(c, s), b: brandingView(c.env, b), worn, posted: opts.posted }), opts);
}

/** Multipart overhead allowed on top of a picture's own limit (the form's other fields, the part headers). */
const MULTIPART_SLACK = 16 * 1024;

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function brandingRoutes() {
  route("GET", "/app/branding", "branding.manage", (c, s) =>
    brandingPage(c, s, { flash: c.req.query("done") === "saved" ? ok(tr(c)("nt_brand_saved")) : null }),
  );

  route("POST", "/app/branding", "branding.manage", async (c, s) => {
    const f = await formOf(c);
    try {
      const input = parseForm(BrandingInput, {
        businessName: f.businessName ?? "",
        primaryColor: f.primaryColor ?? "",
        accentColor: f.accentColor ?? "",
        backgroundColor: f.backgroundColor ?? "",
        textColor: f.textColor ?? "",
        buttonTextColor: f.buttonTextColor ?? "",
        footerText: f.footerText ?? "",
        signingHost: f.signingHost ?? "",
      });
      await saveBranding(c.env, s.tenantId, input, actorOf(s));
    } catch (err) {
      return brandingPage(c, s, { ...refusalOf(err), posted: f });
    }
    return c.redirect("/app/branding?done=saved", 303);
  });

  for (const picture of Object.keys(BRAND_PICTURES) as BrandPicture[]) {
    const max = BRAND_PICTURE_LIMITS[BRAND_PICTURES[picture].kind].maxBytes;
    const path = `/app/branding/${picture}`;
    // Past the picture's own limit the body is not read; the page says why (the API's 413 wording).
    dashboard.use(
      path,
      uploadLimitOf(max + MULTIPART_SLACK, () => {
        throw pictureTooLarge(picture, null);
      }),
    );
    route("POST", path, "branding.manage", async (c, s) => {
      try {
        const file = await formFile(c, "file");
        if (!file || file.size === 0) throw invalid(`${picture}: choose a file to upload.`);
        if (file.size > max) throw pictureTooLarge(picture, file.size);
        await saveBrandPicture(c.env, s.tenantId, picture, new Uint8Array(await file.arrayBuffer()), actorOf(s));
      } catch (err) {
        return brandingPage(c, s, refusalOf(err));
      }
      return c.redirect("/app/branding?done=saved", 303);
    });
  }
}
