/** What each message (email and SMS) says in French: filled from {tenant}, {title}, {name}, {link}, {code}, {minutes}. */
import type { Catalogue } from "../catalogue";
import type { messages as en } from "../en/messages";

export const messages: Catalogue<typeof en> = {
  copyAddress: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :",
  automatic: "Ce message a été envoyé automatiquement pour {tenant}. Répondez à ce courriel pour les joindre. Ne le transférez pas : le lien est personnel.",
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
    "signing.code": {
      subject: "Votre code pour signer « {title} »",
      heading: "Votre code à usage unique",
      lines: [
        "Bonjour {name},",
        "Votre code pour signer « {title} » pour {tenant} est {code}.",
        "Il expire dans {minutes} minutes. Ne le communiquez à personne.",
      ],
      sms: "{code} est votre code pour signer « {title} » pour {tenant}. Il expire dans {minutes} minutes.",
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
  },
};
