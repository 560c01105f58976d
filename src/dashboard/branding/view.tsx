/** @jsxImportSource hono/jsx */
/** The views of branding: colours, texts, the signing host and the brand pictures. */
import type { BrandingView } from "../../domain/branding";
import { Csrf, type Form, type Viewer } from "../frame";
import type { DashKey } from "../../i18n";

const COLOR_LABELS = [
  ["primaryColor", "mg_color_primary"],
  ["buttonTextColor", "mg_color_button_text"],
  ["accentColor", "mg_color_accent"],
  ["backgroundColor", "mg_color_background"],
  ["textColor", "mg_color_text"],
] as const satisfies readonly (readonly [string, DashKey])[];

export function BrandingPageView(p: {
  v: Viewer;
  b: BrandingView;
  worn: { logo: string | null; logoDark: string | null; opening: string | null };
  posted?: Form;
}) {
  const b = p.b;
  const t = p.v.t;
  const f: Form = p.posted ?? {
    businessName: b.businessName,
    footerText: b.footerText,
    signingHost: b.signingHost === new URL(b.logoUrl).hostname ? "" : b.signingHost,
    ...Object.fromEntries(COLOR_LABELS.map(([k]) => [k, b[k]])),
  };
  return (
    <>
      {b.whiteLabelEnabled ? null : (
        <div class="box warn" role="status">
          <p>{t("mg_no_white_label")}</p>
        </div>
      )}
      <dl class="facts">
        <dt>{t("mg_name_worn")}</dt>
        <dd>{b.businessName}</dd>
        <dt>{t("mg_host_worn")}</dt>
        <dd>{b.signingHost}</dd>
        <dt>{t("mg_pictures_worn")}</dt>
        <dd>
          {b.hasLogo ? t("mg_yes") : t("mg_no")} / {b.hasDarkLogo ? t("mg_yes") : t("mg_no")} /{" "}
          {b.hasOpening ? t("mg_yes_since", { when: t.when(b.openingUpdatedAt) }) : t("mg_no")}
        </dd>
      </dl>
      {p.worn.logo || p.worn.logoDark || p.worn.opening ? (
        <ul class="pictures">
          {p.worn.logo ? (
            <li>
              <img src={p.worn.logo} alt={t("mg_logo_alt")} />
            </li>
          ) : null}
          {p.worn.logoDark ? (
            <li class="dark">
              <img src={p.worn.logoDark} alt={t("mg_logo_dark_alt")} />
            </li>
          ) : null}
          {p.worn.opening ? (
            <li>
              <img src={p.worn.opening} alt={t("mg_opening_alt")} />
            </li>
          ) : null}
        </ul>
      ) : null}
      <form method="post" action="/app/branding">
        <h2>{t("mg_brand")}</h2>
        <Csrf token={p.v.csrf} />
        <p class="hint">{t("mg_contrast_hint")}</p>
        <label for="br-name">{t("mg_business_name")}</label>
        <input id="br-name" name="businessName" required maxlength={200} value={f.businessName ?? ""} />
        <div class="row">
          {COLOR_LABELS.map(([k, label]) => (
            <div>
              <label for={`br-${k}`}>{t(label)}</label>
              <input id={`br-${k}`} name={k} type="color" required value={f[k] ?? "#000000"} />
            </div>
          ))}
        </div>
        <label for="br-footer">{t("mg_footer")}</label>
        <textarea id="br-footer" name="footerText" rows={2} maxlength={500}>
          {f.footerText ?? ""}
        </textarea>
        <label for="br-host">{t("mg_host")}</label>
        <span class="hint" id="br-host-hint">
          {t("mg_host_hint")}
        </span>
        <input id="br-host" name="signingHost" maxlength={253} aria-describedby="br-host-hint" value={f.signingHost ?? ""} />
        <button type="submit">{t("mg_save_brand")}</button>
      </form>
      <h2>{t("mg_pictures")}</h2>
      {(
        [
          ["logo", "mg_pic_logo", "image/png", "mg_upload_logo"],
          ["logo-dark", "mg_pic_logo_dark", "image/png", "mg_upload_logo_dark"],
          ["opening", "mg_pic_opening", "image/jpeg", "mg_upload_opening"],
        ] as const
      ).map(([picture, label, type, upload]) => (
        <form method="post" action={`/app/branding/${picture}`} enctype="multipart/form-data">
          <Csrf token={p.v.csrf} />
          <label for={`pic-${picture}`}>{t(label)}</label>
          <input id={`pic-${picture}`} name="file" type="file" accept={type} required />
          <button type="submit" class="quiet">
            {t(upload)}
          </button>
        </form>
      ))}
    </>
  );
}
