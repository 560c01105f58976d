/** The dashboard's signer identity words in Spanish; keys and placeholders as in ../../en/dashboard/identity.ts. */
import type { Catalogue } from "../../catalogue";
import type { identity as en } from "../../en/dashboard/identity";

export const identity: Catalogue<typeof en> = {
  idn_title: "Identidad de los firmantes",
  idn_part11_on:
    "Part 11 está activado: cada firma necesita un código de un solo uso reciente y un motivo, y el personal entra solo con su propia contraseña o enlace por correo. Lo activa o desactiva el operador.",
  idn_part11_off: "Part 11 está desactivado. El operador lo activa para las cuentas que necesitan 21 CFR Part 11.",
  idn_disclosure: "Información para el consumidor",
  idn_disclosure_hint: "Se muestra a cada firmante antes del consentimiento, y debe aceptarla. Deje todos los campos vacíos para quitarla.",
  idn_text: "Información (10 000 caracteres como máximo)",
  idn_withdraw: "Cómo retirar el consentimiento (2000 caracteres como máximo)",
  idn_paper_how: "Cómo pedir una copia en papel",
  idn_paper_cost: "Cuánto cuesta una copia en papel",
  idn_save: "Guardar la información",
  idn_saved: "Información para el consumidor guardada.",
  sd_reauthenticate: "Volver a autenticar al firmar (un código de un solo uso reciente y un motivo en cada firma)",
  sd_auth_id_check: "Verificación de identidad",
  doc_auth_id_check: "Verificación de identidad",
  doc_sign_reason: "motivo: {reason}",
  tp_reasons: "Motivos de firma (uno por línea, 10 como máximo)",
  tp_reasons_hint: "Quien vuelve a autenticarse elige uno; si no hay ninguno, escribe el suyo.",
};
