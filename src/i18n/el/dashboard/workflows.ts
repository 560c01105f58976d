/** The dashboard's workflows words in Greek; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Νέα ροή εργασίας",
  wf_public_form: "Δημόσια φόρμα",
  wf_started: "Ξεκίνησαν",
  wf_completed: "Ολοκληρώθηκαν",
  wf_none: "Δεν υπάρχουν ροές εργασίας σε αυτή τη λειτουργία.",
  wf_not_public: "μη δημόσια",
  wf_edit: "Επεξεργασία αυτής της ροής εργασίας",
  wf_not_published: "(δεν έχει δημοσιευτεί ακόμη)",
  wf_roles: "Ρόλοι υπογραφόντων",
  wf_participant: "{role} (το άτομο που ξεκινά)",
  wf_order: "Σειρά",
  wf_one_after: "ο ένας μετά τον άλλον",
  wf_any_order: "με οποιαδήποτε σειρά",
  wf_countersigned: ", με προσυπογραφή στο τέλος",
  wf_expiry: "Λήξη και υπενθυμίσεις",
  wf_days: "{days, plural, one {# ημέρα} other {# ημέρες}}",
  wf_reminders: "υπενθυμίσεις μετά από {days, plural, one {# ημέρα} other {# ημέρες}}",
  wf_no_reminders: "χωρίς υπενθυμίσεις",
  wf_fields: "Πεδία φόρμας",
  wf_required: "υποχρεωτικό",
  wf_no_fields: "κανένα",
  wf_started_completed: "Ξεκίνησαν / ολοκληρώθηκαν",
  wf_qr: "Κωδικός QR",
  wf_qr_alt: "Κωδικός QR που ανοίγει το {url}",
  wf_qr_png: "Λήψη του κωδικού QR (PNG, 1024 pixel)",
  wf_qr_svg: "Λήψη του κωδικού QR (SVG)",
};
