/** What each message (email and SMS) says in Spanish: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Si el botón no funciona, copie esta dirección en su navegador:",
  automatic: "Este mensaje se envió automáticamente en nombre de {tenant}. Responda a este correo para contactarles. No lo reenvíe: el enlace es personal.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code:
      "Antes de abrir el documento, el enlace le pedirá un código de acceso. {tenant} se lo dará por separado (por teléfono, por carta o en persona); nunca va en este correo.",
    id_check:
      "Antes de firmar, {tenant} le pide que verifique su identidad: tenga a mano su pasaporte, permiso de conducir o documento de identidad, y un teléfono u ordenador con cámara para un selfi.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} le pide que apruebe «{title}»",
      heading: "Revise y apruebe, por favor",
      lines: ["Hola, {name}:", "{tenant} le pide su aprobación de «{title}» antes de continuar. Apruébelo o recházelo indicando el motivo."],
      action: "Revisar y aprobar",
      sms: "{tenant} le pide que apruebe «{title}»: {link} Responda STOP para darse de baja.",
    },
    viewer: {
      subject: "{tenant} comparte «{title}» con usted para que lo lea",
      heading: "Lea y confirme, por favor",
      lines: ["Hola, {name}:", "{tenant} le pide que lea «{title}» y confirme que lo ha leído. No se le pide que lo firme."],
      action: "Leer el documento",
      sms: "{tenant} le pide que lea «{title}»: {link} Responda STOP para darse de baja.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} le pide que firme «{title}»",
      heading: "Revise y firme, por favor",
      lines: ["Hola, {name}:", "{tenant} le ha enviado «{title}» para que lo revise y lo firme electrónicamente."],
      action: "Revisar y firmar",
      sms: "{tenant} le pide que firme «{title}»: {link} Responda STOP para darse de baja.",
    },
    "signing.reminder": {
      subject: "Recordatorio: «{title}» espera su firma",
      heading: "Un recordatorio para firmar",
      lines: ["Hola, {name}:", "{tenant} sigue esperando su firma en «{title}». Su enlace anterior ya no funciona; use este."],
      action: "Revisar y firmar",
      sms: "Recordatorio de {tenant}: «{title}» espera su firma: {link} Responda STOP para darse de baja.",
    },
    "signing.delegated": {
      subject: "{from} le ha pasado «{title}» para firmar",
      heading: "Le han pasado una solicitud de firma",
      lines: ["Hola, {name}:", "{from} le ha pasado su parte en «{title}» de {tenant}. Revíselo y fírmelo electrónicamente."],
      action: "Revisar y firmar",
      sms: "{from} le ha pasado «{title}» de {tenant} para firmar: {link}",
    },
    "signing.code": {
      subject: "Su código para firmar «{title}»",
      heading: "Su código de un solo uso",
      lines: [
        "Hola, {name}:",
        "Su código para firmar «{title}» de {tenant} es {code}.",
        "Caduca en {minutes, plural, one {# minuto} many {# de minutos} other {# minutos}}. No lo comparta con nadie.",
      ],
      sms: "{code} es su código para firmar «{title}» de {tenant}. Caduca en {minutes, plural, one {# minuto} many {# de minutos} other {# minutos}}.",
    },
    "signing.completed": {
      subject: "Completado: «{title}»",
      heading: "Todos han firmado",
      lines: ["Hola, {name}:", "Todos han firmado «{title}» de {tenant}. Descargue el PDF sellado desde su enlace durante los próximos 30 días."],
      action: "Descargar el documento firmado",
      sms: "Todos han firmado «{title}» de {tenant}. Descárguelo: {link}",
    },
    "dashboard.sign_in": {
      subject: "Inicie sesión en {tenant}",
      heading: "Su enlace para iniciar sesión",
      lines: [
        "Hola, {name}:",
        "Use este enlace para iniciar sesión en el panel de {tenant}. Funciona una vez, durante 15 minutos.",
        "Si no lo ha pedido, ignore este correo.",
      ],
      action: "Iniciar sesión",
      sms: "Inicie sesión en {tenant}: {link}",
    },
    "account.sign_up": {
      subject: "Confirme su correo para crear {business}",
      heading: "Confirme su correo",
      lines: [
        "Hola:",
        "Alguien, esperamos que usted, ha pedido crear la cuenta {business} en Edge Sign con esta dirección de correo.",
        "Siga el enlace para confirmarlo: la cuenta se crea y se inicia su sesión. El enlace funciona una vez, durante 24 horas.",
        "Si no lo ha pedido, ignore este correo: no se crea nada.",
      ],
      action: "Crear mi cuenta",
      sms: "Confirme su correo para crear {business}: {link}",
    },
    "account.sign_up_known": {
      subject: "Ya tiene una cuenta",
      heading: "Ya tiene una cuenta",
      lines: [
        "Hola:",
        "Alguien, esperamos que usted, ha pedido crear una cuenta en Edge Sign con esta dirección de correo, que ya pertenece a una cuenta.",
        "Inicie sesión; si olvidó su contraseña, pida un enlace de inicio de sesión en la página de inicio de sesión.",
        "Si no lo ha pedido, ignore este correo.",
      ],
      action: "Iniciar sesión",
      sms: "Ya tiene una cuenta: inicie sesión en {link}",
    },
    "member.invitation": {
      subject: "{tenant} le invita a Edge Sign",
      heading: "Tiene una invitación",
      lines: [
        "Hola:",
        "{tenant} le invita a unirse a su cuenta en Edge Sign.",
        "Siga el enlace para elegir su nombre y contraseña: después habrá iniciado sesión. El enlace funciona una vez, durante 7 días.",
        "Si no lo esperaba, ignore este correo.",
      ],
      action: "Aceptar la invitación",
      sms: "{tenant} le invita a Edge Sign: {link}",
    },
  },
};
