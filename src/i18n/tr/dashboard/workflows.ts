/** The dashboard's workflows words in Turkish; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Yeni iş akışı",
  wf_public_form: "Herkese açık form",
  wf_started: "Başlatılan",
  wf_completed: "Tamamlanan",
  wf_none: "Bu modda iş akışı yok.",
  wf_not_public: "herkese açık değil",
  wf_edit: "Bu iş akışını düzenle",
  wf_not_published: "(henüz yayımlanmadı)",
  wf_roles: "İmzalayan rolleri",
  wf_participant: "{role} (başlatan kişi)",
  wf_order: "Sıra",
  wf_one_after: "birbiri ardına",
  wf_any_order: "herhangi bir sırayla",
  wf_countersigned: ", en son karşı imza",
  wf_expiry: "Süre sonu ve hatırlatmalar",
  wf_days: "{days, plural, one {# gün} other {# gün}}",
  wf_reminders: "{days} gün sonra hatırlatma",
  wf_no_reminders: "hatırlatma yok",
  wf_fields: "Form alanları",
  wf_required: "zorunlu",
  wf_no_fields: "yok",
  wf_started_completed: "Başlatılan / tamamlanan",
  wf_qr: "QR kodu",
  wf_qr_alt: "{url} adresini açan QR kodu",
  wf_qr_png: "QR kodunu indir (PNG, 1024 piksel)",
  wf_qr_svg: "QR kodunu indir (SVG)",
};
