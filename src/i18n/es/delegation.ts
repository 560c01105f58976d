/** The signer's page's "Pass to someone else" form and its answer, in Spanish. */
import type { Catalogue } from "../catalogue";
import type { delegation as en } from "../en/delegation";

export const delegation: Catalogue<typeof en> = {
  delegateSummary: "Pasar a otra persona",
  delegateIntro: "Si otra persona debe hacerlo en su lugar, páseselo. Recibirá su propio enlace por correo y el suyo dejará de funcionar.",
  delegateName: "Su nombre completo",
  delegateEmail: "Su dirección de correo",
  delegateReason: "¿Por qué lo pasa?",
  delegateHint: "El remitente verá este motivo.",
  delegateButton: "Pasarlo",
  delegatedTitle: "Pasado a {name}",
  delegatedBody: "La solicitud se envió a {name} por correo. Este enlace ha terminado.",
  err_delegateName: "Indique el nombre completo de la persona.",
  err_delegateEmail: "Escriba su dirección de correo, como nombre@example.com.",
  err_delegateReason: "Indique un motivo para pasarlo.",
  err_delegateTaken: "Esta persona ya está en el documento: páselo a alguien que no lo esté.",
};
