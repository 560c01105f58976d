/** What each message (email and SMS) says in French: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :",
  automatic: "Ce message a été envoyé automatiquement pour {tenant}. Répondez à ce courriel pour les joindre. Ne le transférez pas : le lien est personnel.",
  /** `signing.link` as an approver or a viewer receives it (they neither sign nor are asked to). */
  checkNote: {
    access_code:
      "Avant d'ouvrir le document, le lien vous demandera un code d'accès. {tenant} vous le donne séparément (par téléphone, par courrier ou en personne) ; il ne figure jamais dans cet e-mail.",
    id_check:
      "Avant de signer, {tenant} vous demande de vérifier votre identité : préparez votre passeport, permis de conduire ou carte d'identité, et un téléphone ou ordinateur avec caméra pour un selfie.",
  },
  linkFor: {
    approver: {
      subject: "{tenant} vous demande d’approuver « {title} »",
      heading: "Merci de relire et d’approuver",
      lines: ["Bonjour {name},", "{tenant} demande votre approbation de « {title} » avant de poursuivre. Approuvez-le, ou refusez-le en indiquant pourquoi."],
      action: "Relire et approuver",
      sms: "{tenant} vous demande d’approuver « {title} » : {link} Répondez STOP pour vous désabonner.",
    },
    viewer: {
      subject: "{tenant} vous transmet « {title} » à lire",
      heading: "Merci de lire et de confirmer",
      lines: ["Bonjour {name},", "{tenant} vous demande de lire « {title} » et de confirmer votre lecture. Vous n’avez pas à le signer."],
      action: "Lire le document",
      sms: "{tenant} vous demande de lire « {title} » : {link} Répondez STOP pour vous désabonner.",
    },
  },
  purposes: {
    "signing.link": {
      subject: "{tenant} vous invite à signer « {title} »",
      heading: "Merci de relire et signer",
      lines: ["Bonjour {name},", "{tenant} vous a envoyé « {title} » à relire et à signer électroniquement."],
      action: "Relire et signer",
      sms: "{tenant} vous invite à signer « {title} » : {link} Répondez STOP pour vous désabonner.",
    },
    "signing.reminder": {
      subject: "Rappel : « {title} » attend votre signature",
      heading: "Un rappel pour signer",
      lines: ["Bonjour {name},", "{tenant} attend toujours votre signature sur « {title} ». Votre lien précédent ne fonctionne plus ; utilisez celui-ci."],
      action: "Relire et signer",
      sms: "Rappel de {tenant} : « {title} » attend votre signature : {link} Répondez STOP pour vous désabonner.",
    },
    "signing.delegated": {
      subject: "{from} vous a transmis « {title} » à signer",
      heading: "Une demande de signature vous a été transmise",
      lines: ["Bonjour {name},", "{from} vous a transmis sa part dans « {title} » de {tenant}. Veuillez le relire et le signer électroniquement."],
      action: "Relire et signer",
      sms: "{from} vous a transmis « {title} » de {tenant} à signer : {link}",
    },
    "signing.code": {
      subject: "Votre code pour signer « {title} »",
      heading: "Votre code à usage unique",
      lines: [
        "Bonjour {name},",
        "Votre code pour signer « {title} » pour {tenant} est {code}.",
        "Il expire dans {minutes, plural, one {# minute} many {# de minutes} other {# minutes}}. Ne le communiquez à personne.",
      ],
      sms: "{code} est votre code pour signer « {title} » pour {tenant}. Il expire dans {minutes, plural, one {# minute} many {# de minutes} other {# minutes}}.",
    },
    "signing.completed": {
      subject: "Terminé : « {title} »",
      heading: "Tout le monde a signé",
      lines: [
        "Bonjour {name},",
        "Tout le monde a signé « {title} » pour {tenant}. Téléchargez le PDF scellé depuis votre lien pendant les 30 prochains jours.",
      ],
      action: "Télécharger le document signé",
      sms: "Tout le monde a signé « {title} » pour {tenant}. Téléchargez-le : {link}",
    },
    "dashboard.sign_in": {
      subject: "Connectez-vous à {tenant}",
      heading: "Votre lien de connexion",
      lines: [
        "Bonjour {name},",
        "Utilisez ce lien pour vous connecter au tableau de bord de {tenant}. Il fonctionne une fois, pendant 15 minutes.",
        "Si vous ne l'avez pas demandé, ignorez ce message.",
      ],
      action: "Se connecter",
      sms: "Connectez-vous à {tenant} : {link}",
    },
    "account.sign_up": {
      subject: "Confirmez votre adresse pour créer {business}",
      heading: "Confirmez votre adresse e-mail",
      lines: [
        "Bonjour,",
        "Quelqu’un, vous sans doute, a demandé à créer le compte {business} sur Edge Sign avec cette adresse e-mail.",
        "Suivez le lien pour confirmer : le compte est créé et vous êtes connecté. Le lien fonctionne une fois, pendant 24 heures.",
        "Si vous n’avez rien demandé, ignorez cet e-mail : rien n’est créé.",
      ],
      action: "Créer mon compte",
      sms: "Confirmez votre adresse pour créer {business} : {link}",
    },
    "account.sign_up_known": {
      subject: "Vous avez déjà un compte",
      heading: "Vous avez déjà un compte",
      lines: [
        "Bonjour,",
        "Quelqu’un, vous sans doute, a demandé à créer un compte sur Edge Sign avec cette adresse e-mail, qui appartient déjà à un compte.",
        "Connectez-vous plutôt ; si vous avez oublié votre mot de passe, demandez un lien de connexion sur la page de connexion.",
        "Si vous n’avez rien demandé, ignorez cet e-mail.",
      ],
      action: "Se connecter",
      sms: "Vous avez déjà un compte : connectez-vous sur {link}",
    },
    "member.invitation": {
      subject: "{tenant} vous invite sur Edge Sign",
      heading: "Vous êtes invité",
      lines: [
        "Bonjour,",
        "{tenant} vous invite à rejoindre son compte sur Edge Sign.",
        "Suivez le lien pour choisir votre nom et votre mot de passe : vous serez alors connecté. Le lien fonctionne une fois, pendant 7 jours.",
        "Si vous ne l’attendiez pas, ignorez ce courriel.",
      ],
      action: "Accepter l’invitation",
      sms: "{tenant} vous invite sur Edge Sign : {link}",
    },
  },
};
