/** The dashboard's workflows words in Hungarian; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Új munkafolyamat",
  wf_public_form: "Nyilvános űrlap",
  wf_started: "Elindítva",
  wf_completed: "Befejezve",
  wf_none: "Ebben a módban nincsenek munkafolyamatok.",
  wf_not_public: "nem nyilvános",
  wf_edit: "A munkafolyamat szerkesztése",
  wf_not_published: "(még nincs közzétéve)",
  wf_roles: "Aláírói szerepkörök",
  wf_participant: "{role} (az indító személy)",
  wf_order: "Sorrend",
  wf_one_after: "egymás után",
  wf_any_order: "tetszőleges sorrendben",
  wf_countersigned: ", végül ellenjegyezve",
  wf_expiry: "Lejárat és emlékeztetők",
  wf_days: "{days, plural, one {# nap} other {# nap}}",
  wf_reminders: "emlékeztetők {days} nap után",
  wf_no_reminders: "nincsenek emlékeztetők",
  wf_fields: "Űrlapmezők",
  wf_required: "kötelező",
  wf_no_fields: "nincs",
  wf_started_completed: "Elindítva / befejezve",
  wf_qr: "QR-kód",
  wf_qr_alt: "QR-kód, amely ezt nyitja meg: {url}",
  wf_qr_png: "A QR-kód letöltése (PNG, 1024 képpont)",
  wf_qr_svg: "A QR-kód letöltése (SVG)",
};
