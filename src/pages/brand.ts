/**
 * The brand on a page: what the shared layout needs from `brandOf` (name, logo, footer) and the
 * colours as CSS custom properties laid over the one style sheet. Only worn brands reach here;
 * an account without white-label gets the pages exactly as the service draws them.
 *
 * Colours come from the saved brand (validated `#rrggbb`, text/background and button text/button
 * at 4.5:1 or more). Everything else is derived so the page stays readable (axe-clean): links use
 * the accent colour only when it reaches 4.5:1 on the background (else the text colour); muted
 * text and boxes use the text and background colours; error text keeps the service's red only
 * where it reaches 4.5:1 on the background.
 */
import { type Brand, contrastRatio, MIN_CONTRAST, relativeLuminance } from "../domain/branding";

export type PageBrand = {
  name: string;
  /** Same-origin path of the logo suited to the background; null = none. */
  logo: string | null;
  /** Same-origin path of the opening image (the public form and the tablet's form show it); null = none. */
  opening: string | null;
  footer: string;
  /** `:root{…}` overrides, inserted under the page's nonce. */
  css: string;
};

const ERROR_RED = "#b3261e";

/** The opening image above a form: as wide as the column, never taller than a third of the screen. */
const OPENING_CSS = ".opening{display:block;width:100%;max-height:33vh;object-fit:cover;border-radius:6px;margin:0 0 1rem}";

/** What a page needs to wear the brand; undefined when the service's own brand is worn. */
export function pageBrand(b: Brand | null | undefined): PageBrand | undefined {
  if (!b?.whiteLabel) return undefined;
  const c = b.colors;
  const dark = relativeLuminance(c.backgroundColor) < 0.179;
  const logo = dark ? (b.logoDarkPath ?? b.logoPath) : (b.logoPath ?? b.logoDarkPath);
  const link = contrastRatio(c.accentColor, c.backgroundColor) >= MIN_CONTRAST ? c.accentColor : c.textColor;
  const err = contrastRatio(ERROR_RED, c.backgroundColor) >= MIN_CONTRAST ? ERROR_RED : c.textColor;
  const vars = {
    "--fg": c.textColor,
    "--muted": c.textColor,
    "--bg": c.backgroundColor,
    "--soft": c.backgroundColor,
    "--accent": c.accentColor,
    "--link": link,
    "--primary": c.primaryColor,
    "--on-primary": c.buttonTextColor,
    "--err": err,
  };
  // Every value is a validated #rrggbb: nothing here can close the rule or the style element.
  const css = `:root{${Object.entries(vars)
    .filter(([, v]) => /^#[0-9a-f]{6}$/.test(v))
    .map(([k, v]) => `${k}:${v}`)
    .join(";")}}${OPENING_CSS}`;
  return { name: b.businessName, logo, opening: b.openingPath, footer: b.footerText, css };
}
