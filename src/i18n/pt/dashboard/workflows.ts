/** The dashboard's workflows words in Portuguese; keys and placeholders as in ../../en/dashboard/workflows.ts. */
import type { Catalogue } from "../../catalogue";
import type { workflows as en } from "../../en/dashboard/workflows";

export const workflows: Catalogue<typeof en> = {
  wf_new: "Novo fluxo",
  wf_public_form: "Formulário público",
  wf_started: "Iniciados",
  wf_completed: "Concluídos",
  wf_none: "Nenhum fluxo neste modo.",
  wf_not_public: "não público",
  wf_edit: "Editar este fluxo",
  wf_not_published: "(ainda não publicado)",
  wf_roles: "Papéis dos signatários",
  wf_participant: "{role} (a pessoa que inicia)",
  wf_order: "Ordem",
  wf_one_after: "um após o outro",
  wf_any_order: "em qualquer ordem",
  wf_countersigned: ", com contra-assinatura no final",
  wf_expiry: "Expiração e lembretes",
  wf_days: "{days, plural, one {# dia} many {# de dias} other {# dias}}",
  wf_reminders: "lembretes após {days} dias",
  wf_no_reminders: "sem lembretes",
  wf_fields: "Campos do formulário",
  wf_required: "obrigatório",
  wf_no_fields: "nenhum",
  wf_started_completed: "Iniciados / concluídos",
  wf_qr: "Código QR",
  wf_qr_alt: "Código QR que abre {url}",
  wf_qr_png: "Baixar o código QR (PNG, 1024 pixels)",
  wf_qr_svg: "Baixar o código QR (SVG)",
};
