/** The owner's public form settings on "My sign-in": the daily cap and Cloudflare Turnstile (docs/workflows.md). */
export const publicForms = {
  pfs_title: "Public forms",
  pfs_intro: "For all of this account's public forms together. Only an owner changes these.",
  pfs_daily_cap: "Starts a day (UTC), all forms together; 0 closes them",
  pfs_site_key: "Cloudflare Turnstile site key (empty: no check)",
  pfs_save: "Save public form settings",
  nt_public_forms_saved: "Public form settings saved.",
};
