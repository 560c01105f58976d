/** The dashboard's "Correct a signer" form in Spanish; keys and placeholders as in ../../en/dashboard/corrections.ts. */
import type { Catalogue } from "../../catalogue";
import type { corrections as en } from "../../en/dashboard/corrections";

export const corrections: Catalogue<typeof en> = {
  cor_heading: "Corregir un firmante",
  cor_intro:
    "Antes de que un firmante dé su consentimiento puede corregir su nombre, correo o teléfono. Recibe un enlace nuevo y el anterior deja de funcionar.",
  cor_summary: "Corregir a {name}",
  cor_name: "Nombre completo",
  cor_email: "Correo electrónico",
  cor_phone: "Teléfono nuevo (opcional)",
  cor_phone_hint: "Con el prefijo del país; déjelo vacío para conservar el teléfono actual.",
  cor_button: "Guardar y emitir un enlace nuevo",
  cor_done: "Firmante corregido",
  cor_done_note:
    "Este es su enlace nuevo, que se muestra una sola vez. El enlace anterior ya no funciona. Si el servicio entrega los enlaces de este documento, también se le ha enviado por correo.",
};
