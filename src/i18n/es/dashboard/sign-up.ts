/** Sign-up and first-run words in Spanish; keys and placeholders as in ../../en/dashboard/sign-up.ts. */
import type { Catalogue } from "../../catalogue";
import type { signUp as en } from "../../en/dashboard/sign-up";

export const signUp: Catalogue<typeof en> = {
  signUpTitle: "Crear una cuenta",
  signUpIntro: "Una cuenta en el plan gratuito, con usted como propietario. Le enviamos un enlace para comprobar su correo: la cuenta se crea cuando lo sigue.",
  businessName: "Nombre de la empresa",
  passwordHint: "De 12 a 200 caracteres. Una frase de varias palabras es lo bastante larga y fácil de escribir.",
  createAccount: "Crear cuenta",
  checkEmailTitle: "Revise su correo",
  checkEmailText: "Hemos enviado un enlace a {email}. Sígalo en 24 horas para crear su cuenta; antes no se crea nada.",
  confirmTitle: "Cree su cuenta",
  confirmText: "Este enlace crea su cuenta e inicia su sesión. Funciona una vez.",
  confirmButton: "Crear mi cuenta",
  signUpLinkDead: "Este enlace no funciona: ya se usó o caducó (un enlace dura 24 horas). Regístrese de nuevo.",
  haveAccount: "¿Ya tiene una cuenta? Inicie sesión",
  createAccountLink: "Crear una cuenta",
  firstRunTitle: "Configurar la primera cuenta",
  firstRunIntro:
    "Este despliegue aún no tiene ninguna cuenta. Cree la primera y su propietario; el token de operador demuestra que usted gestiona el despliegue.",
  operatorToken: "Token de operador",
  operatorTokenHint: "El secreto OPERATOR_TOKEN de este despliegue.",
  firstRunButton: "Crear la primera cuenta",
  firstRunLink: "¿Aún no hay cuentas? Configure la primera",
  signUpTooMany: "Demasiados registros desde aquí. Inténtelo de nuevo en {minutes} minutos.",
  wrongOperatorToken: "Este no es el token de operador.",
};
